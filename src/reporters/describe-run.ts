// describeRun(): one view of a run that says once what it means (the headline, the verdict per conformance class,
// the warnings, the counts, the groups of variants). Every renderer formats this view; none decides again what
// counts as failing (isFailingStatus and isFailedRun are the rule).
import type { CaseResult, Counts, RunResult, Verdict } from '../model/index.ts';
import { failedRunChecks, isFailedRun, isFailingStatus, isVacuous, judgeVerdicts } from '../schema/index.ts';
import {
  describeApplicability,
  describeBaseline,
  describeInterruption,
  describeKnownCount,
  describeVersionAndContract,
  formatDuration,
  groupByCause,
} from './text.ts';

/** What the run is, in one word: passed, failed, inconclusive, interrupted, or passed with most variants not applying. */
export type HeadlineOutcome = 'pass' | 'fail' | 'inconclusive' | 'interrupted' | 'thin';

/** A verdict with its line, e.g. `API description: conforms (48 passed, 0 failed)`. */
export interface VerdictView extends Verdict {
  line: string;
}

/** A line every report shows under the headline: `bad` fails or stops the run, `warn` does not. */
export interface RunWarning {
  level: 'bad' | 'warn';
  text: string;
}

/** The variants by what became of them. */
export interface RunGroups {
  /** Failed or errored, in report order; `causes` groups them by their first finding (describeCause). */
  failing: CaseResult[];
  causes: { cause: string; results: CaseResult[] }[];
  /** Failed as a known bug of the target's CKAN release says they do. */
  known: CaseResult[];
  /** Passed on retry. */
  flaky: CaseResult[];
  /** Not applicable because every check held over nothing (`checked nothing on this data`), by reason. */
  vacuous: { reason: string; results: CaseResult[] }[];
  /** The other not-applicable variants, by reason (most variants first). */
  notApplicable: { reason: string; results: CaseResult[] }[];
  /** Baseline files rewritten with differences: changes the run accepted. */
  accepted: CaseResult[];
}

/** The columns of every count table, in order: the count and its heading (`short` where a console column is narrow). */
export const COUNT_COLUMNS: readonly { key: keyof Counts; label: string; short: string }[] = [
  { key: 'total', label: 'total', short: 'total' },
  { key: 'pass', label: 'pass', short: 'pass' },
  { key: 'fail', label: 'fail', short: 'fail' },
  { key: 'error', label: 'error', short: 'error' },
  { key: 'flaky', label: 'flaky', short: 'flaky' },
  { key: 'known', label: 'known', short: 'known' },
  { key: 'skipped', label: 'skipped', short: 'skip' },
  { key: 'notApplicable', label: 'n/a', short: 'n/a' },
  { key: 'vacuous', label: 'vacuous', short: 'vacuous' },
];

/** The run as every report shows it. */
export interface RunView {
  headline: { outcome: HeadlineOutcome; text: string };
  /** The API description first, then CKAN compatibility. */
  verdicts: VerdictView[];
  warnings: RunWarning[];
  /** Whether the run fails (exit 1). */
  failed: boolean;
  counts: Counts;
  classes: { name: string; counts: Counts }[];
  /** `2 passed, 1 failed, 1 errored (1 flaky), 1 skipped, 1 not applicable of 6 in 1.50 s`. */
  countLine: string;
  /** Which CKAN version and contract the run assumed, and why; '' when the report does not say. */
  assumed: string;
  /** The baseline counts of a --baseline run; ''. */
  baseline: string;
  groups: RunGroups;
}

/**
 * The view of `result`. `cases` are the variants to group (default the result's; the console passes the ones it
 * kept of a streamed run). A report without verdicts (schema version 1) gets them from its counts.
 */
export function describeRun(result: RunResult, cases: readonly CaseResult[] = result.cases): RunView {
  const verdicts = (result.verdicts ?? judgeVerdicts(result)).map((v) => ({ ...v, line: formatVerdict(v) }));
  const failing = cases.filter((c) => isFailingStatus(c.status));
  return {
    headline: describeHeadline(result, verdicts),
    verdicts,
    warnings: describeWarnings(result),
    failed: isFailedRun(result),
    counts: result.summary,
    classes: Object.entries(result.byClass).map(([name, counts]) => ({ name, counts })),
    countLine: describeCountLine(result),
    assumed: describeVersionAndContract(result),
    baseline: describeBaseline(result),
    groups: {
      failing,
      causes: groupByCause(failing),
      known: cases.filter((c) => c.status === 'known'),
      flaky: cases.filter((c) => c.status === 'flaky'),
      vacuous: groupByReason(cases.filter(isVacuous)),
      notApplicable: groupByReason(cases.filter((c) => c.status === 'not-applicable' && !isVacuous(c))),
      accepted: cases.filter((c) => c.baseline?.outcome === 'updated' && c.baseline.differences.length > 0),
    },
  };
}

function describeHeadline(result: RunResult, verdicts: readonly Verdict[]): RunView['headline'] {
  const s = result.summary;
  if (s.fail + s.error > 0) return { outcome: 'fail', text: `${s.fail} failed, ${s.error} errored of ${s.total}` };
  const interruption = describeInterruption(result);
  if (interruption !== '') return { outcome: 'interrupted', text: interruption };
  const unjudged = failedRunChecks(result).find((c) => c.verdict === undefined);
  if (unjudged !== undefined) return { outcome: 'fail', text: unjudged.message };
  const passed = `all ${s.pass + s.flaky} run cases passed (${s.total} selected)`;
  const open = verdicts.find((v) => v.outcome === 'inconclusive');
  if (open !== undefined) return { outcome: 'inconclusive', text: `${passed}, but the ${open.title} is inconclusive` };
  return { outcome: describeApplicability(s) === '' ? 'pass' : 'thin', text: passed };
}

/**
 * The interruption and the failed run checks that no verdict line states (--min-applicable); the thin-run warning;
 * the variants that checked nothing on this data.
 */
function describeWarnings(result: RunResult): RunWarning[] {
  const interruption = describeInterruption(result);
  const checks = failedRunChecks(result);
  const thin = describeApplicability(result.summary);
  return [
    ...(interruption === '' ? [] : [{ level: 'bad' as const, text: interruption }]),
    ...checks.filter((c) => c.verdict === undefined).map((c) => ({ level: 'bad' as const, text: c.message })),
    ...(thin === '' ? [] : [{ level: 'warn' as const, text: thin }]),
    ...((result.summary.vacuous ?? 0) === 0 ? [] : [{ level: 'warn' as const, text: describeVacuous(result.summary.vacuous ?? 0) }]),
  ];
}

/** Why the vacuous variants are no pass, with what to do about them. */
function describeVacuous(count: number): string {
  const [variants, their] = count === 1 ? ['1 variant', 'its'] : [`${count} variants`, 'their'];
  return `${variants} checked nothing on this data: ${their} checks held only because the answer had no record to check (choose profile values that match some records, fewer than a page)`;
}

/** `API description: conforms (48 passed, 0 failed)`, `CKAN 2.11 compatibility: 3 differences (117 passed)`, ... */
export function formatVerdict(verdict: Verdict): string {
  const c = verdict.counts;
  const passed = c.pass + c.flaky;
  const known = describeKnownCount(c.known).replace(" of the target's CKAN release", '');
  const errored = c.error > 0 ? `, ${c.error} errored` : '';
  const api = verdict.class === 'api';
  const differences = c.fail + c.error;
  // a CKAN verdict that passed without a release named says so: only the cases that hold for any release ran
  const why = verdict.reason === undefined ? '' : `; ${verdict.reason}`;
  const outcome = {
    pass: api ? `conforms (${passed} passed, 0 failed${known}${why})` : `compatible (${passed} passed, 0 differences${known}${why})`,
    fail: api
      ? `does not conform (${passed} passed, ${c.fail} failed${errored}${known})`
      : `${differences} difference${differences === 1 ? '' : 's'} (${passed} passed${known})`,
    inconclusive: `inconclusive (${verdict.reason ?? ''})`,
    'not-tested': `not tested (${verdict.reason ?? ''})`,
  }[verdict.outcome];
  return `${verdict.title}: ${outcome}`;
}

/** `2 passed, 1 failed, 1 errored (1 flaky), 1 skipped, 1 not applicable of 6 in 1.50 s`. */
function describeCountLine(result: RunResult): string {
  const s = result.summary;
  return (
    `${s.pass + s.flaky} passed, ${s.fail} failed, ${s.error} errored` +
    `${s.flaky > 0 ? ` (${s.flaky} flaky)` : ''}${describeKnownCount(s.known)}, ${s.skipped} skipped, ${s.notApplicable} not applicable` +
    `${(s.vacuous ?? 0) > 0 ? ` (${s.vacuous} checked nothing on this data)` : ''}` +
    ` of ${s.total} in ${formatDuration(result.durationMs)}`
  );
}

/** Variants grouped by their reason, the largest group first (ties: the reason seen first). */
function groupByReason(results: readonly CaseResult[]): { reason: string; results: CaseResult[] }[] {
  const groups = new Map<string, CaseResult[]>();
  for (const result of results) {
    const reason = result.reason ?? 'no reason given';
    const group = groups.get(reason);
    if (group === undefined) groups.set(reason, [result]);
    else group.push(result);
  }
  return [...groups].map(([reason, grouped]) => ({ reason, results: grouped })).sort((a, b) => b.results.length - a.results.length);
}
