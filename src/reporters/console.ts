// The console listener: live progress while the run goes, then a summary by conformance class and the
// failures with their first finding. Writes only to the stream it is given.
import type { CaseResult, Counts, RunListener } from '../model/index.ts';
import { isFailingStatus } from '../schema/index.ts';
import { COUNT_COLUMNS, describeRun, type RunView, type VerdictView } from './describe-run.ts';
import { formatExchangeText } from './exchange-text.ts';
import { createCounts } from './summarize.ts';
import { cutText, describeBaselineChange, describeCause, describeOutcome, formatRelated } from './text.ts';

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
  /** Each variant's request and response as it finishes (`run --verbose`; default false). */
  verbose?: boolean;
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
  known: 'KNOWN',
} as const satisfies Record<CaseResult['status'], string>;

const statusColour = {
  pass: 'green',
  fail: 'red',
  error: 'red',
  flaky: 'yellow',
  skipped: 'grey',
  'not-applicable': 'grey',
  known: 'yellow',
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
  // why: a run that streams its cases ends with a result without them; the summary lists the failures seen here
  const seen = createFailures();
  const seenUpdated = createFailures();
  const maxFailures = options.maxFailures ?? 30;

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
      if (isFailingStatus(result.status)) noteFailure(seen, result, maxFailures);
      if (isAcceptedChange(result)) noteFailure(seenUpdated, result, maxFailures);
      counts.total += 1;
      const key = result.status === 'not-applicable' ? 'notApplicable' : result.status;
      counts[key] = (counts[key] ?? 0) + 1;
      if (options.verbose === true) {
        clearLine();
        options.stream.write(formatExchangeText(result));
      }
      if (live) {
        clearLine();
        if (isFailingStatus(result.status)) options.stream.write(`${renderCaseLine(result, paint)}\n`);
        const width = Math.max(20, (options.stream.columns ?? 80) - 1);
        options.stream.write(renderProgress(counts, total, result.id, paint, width));
        lineShown = true;
      } else {
        // why: off a terminal the flaky and known variants are worth a line too: nothing else shows them as they come
        if (isFailingStatus(result.status) || result.status === 'flaky' || result.status === 'known')
          options.stream.write(`${renderCaseLine(result, paint)}\n`);
        if (now() - lastProgressAt >= progressEveryMs && counts.total < total) {
          lastProgressAt = now();
          options.stream.write(`${renderProgress(counts, total, result.id, paint, 200)}\n`);
        }
      }
    },
    onRunEnd(result) {
      clearLine();
      // why: a result read back from a file has its cases; a streamed run's has none, and the ones seen here count
      const fromResult = result.cases.length > 0 || (seen.count === 0 && seenUpdated.count === 0);
      const pick = (wanted: (c: CaseResult) => boolean, noted: Failures): Failures => {
        if (!fromResult) return noted;
        const found = createFailures();
        for (const c of result.cases) if (wanted(c)) noteFailure(found, c, maxFailures);
        return found;
      };
      const failing = pick((c) => isFailingStatus(c.status), seen);
      options.stream.write(renderConsoleSummary(describeRun(result, []), paint, failing, pick(isAcceptedChange, seenUpdated)));
    },
  };
}

type Paint = (colour: Colour, text: string) => string;

/**
 * Cases the summary lists: the first of each root cause (at most maxFailures), how many there were, and how many
 * variants each cause failed (one changed cell may fail dozens).
 */
interface Failures {
  shown: CaseResult[];
  count: number;
  causes: Map<string, number>;
}

function createFailures(): Failures {
  return { shown: [], count: 0, causes: new Map() };
}

function noteFailure(failures: Failures, result: CaseResult, max: number): void {
  failures.count += 1;
  const cause = describeCause(result);
  const seen = failures.causes.get(cause);
  failures.causes.set(cause, (seen ?? 0) + 1);
  if (seen === undefined && failures.shown.length < max) failures.shown.push(result);
}

/** How many more variants failed for the same cause as `result`, as a suffix (empty when none). */
function sameCause(failures: Failures, result: CaseResult): string {
  const more = (failures.causes.get(describeCause(result)) ?? 1) - 1;
  return more === 0 ? '' : ` [and ${more} more variant${more === 1 ? '' : 's'} with this cause]`;
}

/** Failures not listed: those whose cause is not among the shown ones. */
function unlisted(failures: Failures): number {
  return failures.count - failures.shown.reduce((sum, c) => sum + (failures.causes.get(describeCause(c)) ?? 1), 0);
}

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
    ['yellow', (counts.known ?? 0) > 0 ? `${counts.known} known` : ''],
    ['grey', counts.skipped > 0 ? `${counts.skipped} skipped` : ''],
    ['grey', counts.notApplicable > 0 ? `${counts.notApplicable} n/a` : ''],
  ];
  const shown = parts.filter(([, text]) => text !== '');
  const plainLength = shown.reduce((sum, [, text]) => sum + text.length + 1, 0);
  const id = cutText(lastId, Math.max(0, width - plainLength));
  const painted = shown.map(([colour, text]) => (colour === undefined ? text : paint(colour, text)));
  return `${painted.join(' ')} ${paint('grey', id)}`;
}

const verdictColour = { pass: 'green', fail: 'red', inconclusive: 'yellow', 'not-tested': 'grey' } as const satisfies Record<VerdictView['outcome'], Colour>;

/** The end-of-run text: the verdict per class, the table by class, failures with first finding, and the counts. */
function renderConsoleSummary(view: RunView, paint: Paint, failures: Failures, updated: Failures): string {
  const rows: string[][] = [['class', ...COUNT_COLUMNS.map((c) => c.short)]];
  for (const { name, counts } of view.classes) rows.push([name, ...COUNT_COLUMNS.map(({ key }) => String(counts[key] ?? 0))]);
  rows.push(['all', ...COUNT_COLUMNS.map(({ key }) => String(view.counts[key] ?? 0))]);
  const widths = rows[0]?.map((_, column) => Math.max(...rows.map((row) => (row[column] ?? '').length))) ?? [];
  const table = rows.map((row, index) => {
    const text = row.map((cell, column) => (column === 0 ? cell.padEnd(widths[column] ?? 0) : cell.padStart(widths[column] ?? 0))).join('  ');
    return index === 0 || index === rows.length - 1 ? paint('bold', text) : text;
  });
  const lines = ['', ...view.verdicts.map((v) => paint(verdictColour[v.outcome], v.line)), '', ...table];
  if (failures.count > 0) {
    const causes = failures.causes.size < failures.count ? `, ${failures.causes.size} root cause${failures.causes.size === 1 ? '' : 's'}` : '';
    lines.push('', paint('bold', `Failures (${failures.count}${causes}):`));
    for (const c of failures.shown) lines.push(`  ${renderCaseLine(c, paint)}${sameCause(failures, c)}`, ...formatRelated(c).map((line) => `      ${line}`));
    if (unlisted(failures) > 0) lines.push(`  … and ${unlisted(failures)} more (see the reports)`);
  }
  lines.push(...renderBaselineLines(view, paint, updated));
  if (view.assumed !== '') lines.push('', view.assumed);
  const warnings = view.warnings.map((w) => paint(w.level === 'bad' ? 'red' : 'yellow', w.text));
  const countColour = view.failed ? 'red' : view.headline.outcome === 'pass' ? 'green' : 'yellow';
  lines.push('', ...warnings, paint(countColour, view.countLine), '');
  return lines.join('\n');
}

/** The baseline counts, and the files updated (changes accepted), for a run with --baseline. */
function renderBaselineLines(view: RunView, paint: Paint, updated: Failures): string[] {
  if (view.baseline === '') return [];
  const lines = ['', view.baseline];
  if (updated.count > 0) {
    lines.push(paint('bold', `Baseline changes accepted (${updated.count}):`));
    lines.push(...updated.shown.map((c) => `  ${paint('yellow', 'UPDATED')} ${c.id}: ${describeBaselineChange(c)}${sameCause(updated, c)}`));
    if (unlisted(updated) > 0) lines.push(`  … and ${unlisted(updated)} more (see the reports)`);
  }
  return lines;
}

/** A baseline file rewritten with differences: a change the run accepted. */
function isAcceptedChange(c: CaseResult): boolean {
  return c.baseline?.outcome === 'updated' && c.baseline.differences.length > 0;
}
