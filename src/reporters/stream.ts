// The report stream: a run's cases go to the report writers as they finish instead of living until the end. The
// JSON report's cases go straight to a temp file beside it; the other formats keep each case without the
// parts of its exchange they never show for a passing one. At the end every file is written atomically (temp + rename), so
// an interrupted or failed run never leaves a truncated report; an aborted stream leaves none.
import { randomBytes } from 'node:crypto';
import { open, rm, type FileHandle } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import type { CaseResult, RunResult } from '../model/index.ts';
import { isFailingStatus } from '../schema/index.ts';
import { writeFileAtomic } from '../util/atomic-write.ts';
import { renderJsonCase, renderJsonFrame } from './json.ts';
import { reporters } from './registry.ts';
import { writeReports, type WriteReportsOptions } from './writer.ts';
import { makeDir } from '../util/make-dir.ts';

/** Takes a run's cases one at a time, in report order, then writes the reports. */
export interface ReportStream {
  /** One finished case, already redacted, in the order the report lists cases. Written in the background. */
  add(result: CaseResult): void;
  /** Writes every chosen format for the run (its own `cases` are ignored: the added ones are reported); returns the paths. */
  close(run: RunResult): Promise<string[]>;
  /** Drops what was added; no report file is written. */
  abort(): Promise<void>;
}

// why: one write per case would be a syscall per case; 64 KiB batches keep the part file cheap to append to
const FLUSH_BYTES = 64 * 1024;

/** Opens a report stream on a folder readied by `prepareReportDir` (created if missing). */
export async function openReportStream(options: WriteReportsOptions): Promise<ReportStream> {
  await makeDir(options.outDir);
  const json = options.formats.includes('json') ? await openCasesFile(join(options.outDir, reporters.json.fileName)) : undefined;
  const others = options.formats.some((format) => format !== 'json') || (options.stepSummaryPath ?? '') !== '';
  const kept: CaseResult[] = [];
  const keepRequests = options.formats.includes('html');
  return {
    add(result) {
      json?.add(renderJsonCase(result));
      if (others) kept.push(withoutUnshownExchange(result, keepRequests));
    },
    async close(run) {
      const rest = writeReports({ ...run, cases: kept }, { ...options, formats: options.formats.filter((format) => format !== 'json') });
      if (json === undefined) return rest;
      // why together: the JSON report is mostly a file copy, which overlaps the rendering of the others; both
      // settle before close() does, so a failure of one never leaves the other writing
      const [jsonPath, paths] = await Promise.allSettled([json.finish(run), rest]);
      if (jsonPath.status === 'rejected') throw jsonPath.reason;
      if (paths.status === 'rejected') throw paths.reason;
      // registry order: json comes first
      return [jsonPath.value, ...paths.value];
    },
    async abort() {
      kept.length = 0;
      await json?.discard();
    },
  };
}

/**
 * The report formats other than JSON show a case's request and response only when it failed or errored, and its
 * attempts when flaky: the others are kept without their response, which is most of a case's size, and without
 * their request too unless the HTML report, which shows every variant's request, is written.
 */
function withoutUnshownExchange(result: CaseResult, keepRequest: boolean): CaseResult {
  if (result.exchange === undefined || isFailingStatus(result.status) || result.status === 'flaky') return result;
  const { exchange, ...rest } = result;
  return keepRequest ? { ...rest, exchange: { request: exchange.request, attempts: exchange.attempts, curl: exchange.curl } } : rest;
}

interface CasesFile {
  add(text: string): void;
  /** Writes the report (the run's fields around the cases) atomically and removes the part file. */
  finish(run: RunResult): Promise<string>;
  discard(): Promise<void>;
}

/** The JSON report's cases, appended to a temp file (named like writeFileAtomic's, so a killed run's is cleaned up). */
async function openCasesFile(reportPath: string): Promise<CasesFile> {
  const partPath = join(dirname(reportPath), `.${basename(reportPath)}.cases.${randomBytes(6).toString('hex')}.tmp`);
  const handle: FileHandle = await open(partPath, 'wx');
  let count = 0;
  let buffer = '';
  let writing: Promise<unknown> = Promise.resolve();
  const flush = (): void => {
    const text = buffer;
    buffer = '';
    writing = writing.then(() => handle.writeFile(text, 'utf8'));
  };
  const closePart = async (): Promise<void> => {
    flush();
    try {
      await writing;
    } finally {
      await handle.close();
    }
  };
  return {
    add(text) {
      buffer += count === 0 ? text : `,\n${text}`;
      count += 1;
      if (buffer.length >= FLUSH_BYTES) flush();
    },
    async finish(run) {
      try {
        await closePart();
        const { open: before, close: after } = renderJsonFrame(run, count);
        await writeFileAtomic(reportPath, joinChunks(before, readInChunks(partPath), after));
        return reportPath;
      } finally {
        await rm(partPath, { force: true });
      }
    },
    async discard() {
      await closePart().catch(() => undefined);
      await rm(partPath, { force: true });
    },
  };
}

async function* joinChunks(before: string, middle: AsyncIterable<string | Uint8Array>, after: string): AsyncIterable<string | Uint8Array> {
  yield before;
  yield* middle;
  yield after;
}

/**
 * A file's bytes, read into one buffer again and again: each chunk holds until the next is asked for, which
 * writeFileAtomic does only once it has written the chunk. A report part of many megabytes leaves no trail of
 * buffers for the garbage collector.
 */
async function* readInChunks(path: string): AsyncIterable<Uint8Array> {
  const handle = await open(path, 'r');
  try {
    const buffer = new Uint8Array(1 << 20);
    for (;;) {
      const { bytesRead } = await handle.read(buffer, 0, buffer.length);
      if (bytesRead === 0) return;
      yield buffer.subarray(0, bytesRead);
    }
  } finally {
    await handle.close();
  }
}
