// The console listener: live progress while the run goes, then a summary by conformance class and the
// failures with their first finding. Writes only to the stream it is given.
import type { CaseResult, Counts, RunListener, RunResult } from '../model/index.ts';
import { createCounts, hasFailures } from './summarize.ts';
import { cutText, describeBaseline, describeBaselineChange, describeInterruption, describeOutcome, describeVersionAndContract, formatDuration } from './text.ts';

/** Where and how the console listener writes. */
export interface ConsoleListenerOptions {
  /** Output stream (the CLI passes stderr or stdout). */
  stream: { write(text: string): unknown; columns?: number };
  /** A terminal: draw one progress line updated in place (carriage return) instead of plain lines. */
  isTTY: boolean;
  /** ANSI colours allowed (the CLI decides from isTTY, NO_COLOR, CI). */
  colour: boolean;
  /** Running on CI: plain lines even on a TTY. */
  ci: boolean;
  /** Failures listed in the final summary before "and N more" (default 30). */
  maxFailures?: number;
  /** Without a live line (CI, a pipe): a plain progress line at most this often, so a long run shows life (default 5000). */
  progressEveryMs?: number;
  /** Time source for the progress interval (default Date.now). */
  now?: () => number;
}

const ansi = { red: 31, green: 32, yellow: 33, grey: 90, bold: 1 } as const;
type Colour = keyof typeof ansi;

const statusLabel = {
  pass: 'PASS',
  fail: 'FAIL',
  error: 'ERROR',
  flaky: 'FLAKY',
  skipped: 'SKIP',
  'not-applicable': 'N/A',
} as const satisfies Record<CaseResult['status'], string>;

const statusColour = {
  pass: 'green',
  fail: 'red',
  error: 'red',
  flaky: 'yellow',
  skipped: 'grey',
  'not-applicable': 'grey',
} as const satisfies Record<CaseResult['status'], Colour>;

/** Creates a RunListener that reports progress and the final summary on `options.stream`. */
export function createConsoleListener(options: ConsoleListenerOptions): RunListener {
  const paint = (colour: Colour, text: string): string => (options.colour ? `\u001b[${ansi[colour]}m${text}\u001b[0m` : text);
  const live = options.isTTY && !options.ci;
  const counts = createCounts();
  let total = 0;
  let lineShown = false;
  const now = options.now ?? Date.now;
  const progressEveryMs = options.progressEveryMs ?? 5000;
  let lastProgressAt = 0;

  const clearLine = (): void => {
    if (lineShown) options.stream.write('\r\u001b[2K');
    lineShown = false;
  };

  return {
    onRunStart(info) {
      total = info.total;
      lastProgressAt = now();
      options.stream.write(`Running ${info.total} case${info.total === 1 ? '' : 's'} against ${info.targetUrl}\n`);
    },
    onCaseEnd(result) {
      counts.total += 1;
      counts[result.status === 'not-applicable' ? 'notApplicable' : result.status] += 1;
      if (live) {
        clearLine();
        if (result.status === 'fail' || result.status === 'error') options.stream.write(`${renderCaseLine(result, paint)}\n`);
        const width = Math.max(20, (options.stream.columns ?? 80) - 1);
        options.stream.write(renderProgress(counts, total, result.id, paint, width));
        lineShown = true;
      } else {
        if (result.status === 'fail' || result.status === 'error' || result.status === 'flaky') options.stream.write(`${renderCaseLine(result, paint)}\n`);
        if (now() - lastProgressAt >= progressEveryMs && counts.total < total) {
          lastProgressAt = now();
          options.stream.write(`${renderProgress(counts, total, result.id, paint, 200)}\n`);
        }
      }
    },
    onRunEnd(result) {
      clearLine();
      options.stream.write(renderConsoleSummary(result, paint, options.maxFailures ?? 30));
    },
  };
}

type Paint = (colour: Colour, text: string) => string;

function renderCaseLine(result: CaseResult, paint: Paint): string {
  const outcome = describeOutcome(result).replace(/\s+/g, ' ');
  return `${paint(statusColour[result.status], statusLabel[result.status])} ${result.id}${outcome === '' ? '' : `: ${outcome}`}`;
}

/** `[12/40] 10 passed 1 failed 1 skipped 2 n/a <last id>`, cut to `width` visible characters. */
function renderProgress(counts: Counts, total: number, lastId: string, paint: Paint, width: number): string {
  const parts: Array<[Colour | undefined, string]> = [
    [undefined, `[${counts.total}/${total}]`],
    ['green', `${counts.pass} passed`],
    [counts.fail > 0 ? 'red' : undefined, counts.fail > 0 ? `${counts.fail} failed` : ''],
    [counts.error > 0 ? 'red' : undefined, counts.error > 0 ? `${counts.error} errored` : ''],
    ['yellow', counts.flaky > 0 ? `${counts.flaky} flaky` : ''],
    ['grey', counts.skipped > 0 ? `${counts.skipped} skipped` : ''],
    ['grey', counts.notApplicable > 0 ? `${counts.notApplicable} n/a` : ''],
  ];
  const shown = parts.filter(([, text]) => text !== '');
  const plainLength = shown.reduce((sum, [, text]) => sum + text.length + 1, 0);
  const id = cutText(lastId, Math.max(0, width - plainLength));
  const painted = shown.map(([colour, text]) => (colour === undefined ? text : paint(colour, text)));
  return `${painted.join(' ')} ${paint('grey', id)}`;
}

const columns: ReadonlyArray<[keyof Counts, string]> = [
  ['total', 'total'],
  ['pass', 'pass'],
  ['fail', 'fail'],
  ['error', 'error'],
  ['flaky', 'flaky'],
  ['skipped', 'skip'],
  ['notApplicable', 'n/a'],
  ['vacuous', 'vacuous'],
];

/** The end-of-run text: table by class, failures with first finding, and a one-line verdict. */
function renderConsoleSummary(result: RunResult, paint: Paint, maxFailures: number): string {
  const rows: string[][] = [['class', ...columns.map(([, label]) => label)]];
  for (const [name, counts] of Object.entries(result.byClass)) rows.push([name, ...columns.map(([key]) => String(counts[key] ?? 0))]);
  rows.push(['all', ...columns.map(([key]) => String(result.summary[key] ?? 0))]);
  const widths = rows[0]?.map((_, column) => Math.max(...rows.map((row) => (row[column] ?? '').length))) ?? [];
  const table = rows.map((row, index) => {
    const text = row.map((cell, column) => (column === 0 ? cell.padEnd(widths[column] ?? 0) : cell.padStart(widths[column] ?? 0))).join('  ');
    return index === 0 || index === rows.length - 1 ? paint('bold', text) : text;
  });
  const lines = ['', ...table];
  const failing = result.cases.filter((c) => c.status === 'fail' || c.status === 'error');
  if (failing.length > 0) {
    lines.push('', paint('bold', `Failures (${failing.length}):`));
    lines.push(...failing.slice(0, maxFailures).map((c) => `  ${renderCaseLine(c, paint)}`));
    if (failing.length > maxFailures) lines.push(`  … and ${failing.length - maxFailures} more (see the reports)`);
  }
  lines.push(...renderBaselineLines(result, paint, maxFailures));
  const assumed = describeVersionAndContract(result);
  if (assumed !== '') lines.push('', assumed);
  lines.push('', renderVerdict(result, paint), '');
  return lines.join('\n');
}

/** The baseline counts, and the files updated (changes accepted), for a run with --baseline. */
function renderBaselineLines(result: RunResult, paint: Paint, max: number): string[] {
  const line = describeBaseline(result);
  if (line === '') return [];
  const updated = result.cases.filter((c) => c.baseline?.outcome === 'updated' && c.baseline.differences.length > 0);
  const lines = ['', line];
  if (updated.length > 0) {
    lines.push(paint('bold', `Baseline changes accepted (${updated.length}):`));
    lines.push(...updated.slice(0, max).map((c) => `  ${paint('yellow', 'UPDATED')} ${c.id}: ${describeBaselineChange(c)}`));
    if (updated.length > max) lines.push(`  … and ${updated.length - max} more (see the reports)`);
  }
  return lines;
}

function renderVerdict(result: RunResult, paint: Paint): string {
  const s = result.summary;
  const text =
    `${s.pass + s.flaky} passed, ${s.fail} failed, ${s.error} errored` +
    `${s.flaky > 0 ? ` (${s.flaky} flaky)` : ''}, ${s.skipped} skipped, ${s.notApplicable} not applicable` +
    `${(s.vacuous ?? 0) > 0 ? ` (${s.vacuous} checked nothing on this data)` : ''}` +
    ` of ${s.total} in ${formatDuration(result.durationMs)}`;
  const interruption = describeInterruption(result);
  const verdict = hasFailures(s) ? paint('red', text) : paint(interruption === '' ? 'green' : 'yellow', text);
  return interruption === '' ? verdict : `${paint('red', interruption)}\n${verdict}`;
}
