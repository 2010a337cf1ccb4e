// Progress of extracts on the terminal: a live bar on a TTY, plain periodic lines on CI and in logs.
import type { ExtractListener } from '../extract/index.ts';
import type { CliIo } from './io.ts';

export interface ProgressOptions {
  io: CliIo;
  /** Live bar (TTY) or plain lines. */
  live: boolean;
  /** Plain mode: at most one line per extract every this many ms (default 5000). */
  intervalMs?: number;
  now?: () => number;
}

/** An ExtractListener that prints to stderr (stdout stays free for the summary). */
export function createExtractProgress(options: ProgressOptions): ExtractListener & { done(): void } {
  const now = options.now ?? (() => Date.now());
  const interval = options.intervalMs ?? 5_000;
  const lastLine = new Map<string, number>();
  const stream = options.io.stderr;
  let live = false;
  return {
    onStart: ({ out, method, total, resumedRows }) => {
      const resumed = resumedRows > 0 ? `, resuming after ${resumedRows} rows` : '';
      const of = total === undefined ? '' : `, ${total} rows expected`;
      stream.write(`${out}: paging by ${method}${of}${resumed}\n`);
    },
    onWarning: (message) => {
      if (live) stream.write('\n');
      live = false;
      stream.write(`warning: ${message}\n`);
    },
    onNote: (message) => {
      if (live) stream.write('\n');
      live = false;
      stream.write(`${message}\n`);
    },
    onPage: ({ out, rows, total, elapsedMs }) => {
      const line = describeProgress(out, rows, total, elapsedMs);
      if (options.live) {
        stream.write(`\r${line}\u001b[K`);
        live = true;
        return;
      }
      const last = lastLine.get(out);
      if (last !== undefined && now() - last < interval && rows !== total) return;
      lastLine.set(out, now());
      stream.write(`${line}\n`);
    },
    done: () => {
      if (live) stream.write('\n');
      live = false;
    },
  };
}

/** `out.csv [########------] 52% 5200/10000 rows, 1300 rows/s, ETA 4s`. */
export function describeProgress(out: string, rows: number, total: number | undefined, elapsedMs: number): string {
  const rate = elapsedMs > 0 ? Math.round((rows * 1000) / elapsedMs) : 0;
  if (total === undefined || total === 0) return `${out}: ${rows} rows, ${rate} rows/s`;
  const fraction = Math.min(1, rows / total);
  const filled = Math.round(fraction * 20);
  const bar = `${'#'.repeat(filled)}${'-'.repeat(20 - filled)}`;
  const eta = rate > 0 ? `, ETA ${Math.ceil(Math.max(0, total - rows) / rate)}s` : '';
  return `${out} [${bar}] ${Math.floor(fraction * 100)}% ${rows}/${total} rows, ${rate} rows/s${eta}`;
}
