// Counting case results: the summary and per-class counts of a RunResult, all at once or one case at a time.
import type { BaselineSummary } from './baseline.ts';
import { VACUOUS_REASON, type CaseResult, type CaseStatus, type Counts } from './report.ts';

/** Which Counts field each status adds to. */
const countKeyOf = {
  pass: 'pass',
  fail: 'fail',
  error: 'error',
  flaky: 'flaky',
  skipped: 'skipped',
  'not-applicable': 'notApplicable',
  known: 'known',
} as const satisfies Record<CaseStatus, keyof Counts>;

/** Zero counts, a fresh object each call. */
export function createCounts(): Counts {
  return { total: 0, pass: 0, fail: 0, error: 0, flaky: 0, skipped: 0, notApplicable: 0, known: 0, vacuous: 0 };
}

/** Counts as cases arrive: `add` each result, then `counts()` gives what `summarize` gives for them all. */
export interface CountsTally {
  add(result: Pick<CaseResult, 'class' | 'status' | 'reason'>): void;
  counts(): { summary: Counts; byClass: Record<string, Counts> };
}

/** A tally that keeps only the counts, so a run of any size counts in constant memory per class. */
export function createCountsTally(): CountsTally {
  const summary = createCounts();
  const classes = new Map<string, Counts>();
  return {
    add(result) {
      let counts = classes.get(result.class);
      if (counts === undefined) {
        counts = createCounts();
        classes.set(result.class, counts);
      }
      addStatus(summary, result);
      addStatus(counts, result);
    },
    counts() {
      // why: keys sorted by name, so reports render the same for the same cases in any order
      const byClass: Record<string, Counts> = {};
      for (const name of [...classes.keys()].sort()) byClass[name] = { ...(classes.get(name) ?? createCounts()) };
      return { summary: { ...summary }, byClass };
    },
  };
}

/** Counts case results by status, overall and per conformance class (`byClass` keys sorted by name). */
export function summarize(cases: readonly CaseResult[]): { summary: Counts; byClass: Record<string, Counts> } {
  const tally = createCountsTally();
  for (const result of cases) tally.add(result);
  return tally.counts();
}

function addStatus(counts: Counts, result: Pick<CaseResult, 'status' | 'reason'>): void {
  counts.total += 1;
  const key = countKeyOf[result.status];
  counts[key] = (counts[key] ?? 0) + 1;
  if (isVacuous(result)) counts.vacuous = (counts.vacuous ?? 0) + 1;
}

/**
 * A variant reported not applicable because its checks all held vacuously (`checked nothing on this data`, and
 * after a colon why, when a check said).
 */
export function isVacuous(result: Pick<CaseResult, 'status' | 'reason'>): boolean {
  const reason = result.reason ?? '';
  return result.status === 'not-applicable' && (reason === VACUOUS_REASON || reason.startsWith(`${VACUOUS_REASON}: `));
}

/**
 * The one rule of what fails a run among the case statuses: `fail` and `error`. A flaky variant passed (on retry),
 * a known deviation is CKAN's bug (it fails only with --strict-known, which reports it `fail`), skipped and not
 * applicable ones decided nothing. Every report and the exit code read this.
 */
export function isFailingStatus(status: CaseStatus): boolean {
  return status === 'fail' || status === 'error';
}

/** Adds `more` into `into` (every field, the optional ones included); returns `into`. */
export function addCounts(into: Counts, more: Counts): Counts {
  for (const key of COUNT_KEYS) into[key] = (into[key] ?? 0) + (more[key] ?? 0);
  return into;
}

const COUNT_KEYS = ['total', 'pass', 'fail', 'error', 'flaky', 'skipped', 'notApplicable', 'known', 'vacuous'] as const satisfies readonly (keyof Counts)[];

/** Variants that ran and were judged: neither skipped nor not applicable (vacuous ones are not applicable). */
export function countApplied(summary: Counts): number {
  return summary.total - summary.notApplicable - summary.skipped;
}

/** Whether a case failed or errored (isFailingStatus): flaky, known deviations, skipped, not applicable do not count. */
export function hasFailures(counts: Counts): boolean {
  return counts.fail > 0 || counts.error > 0;
}

/** The baseline counts of a run with --baseline: how many variants matched, differed, had no file, were recorded or updated. */
export function summarizeBaselines(cases: readonly Pick<CaseResult, 'baseline'>[], settings: Pick<BaselineSummary, 'dir' | 'update'>): BaselineSummary {
  const summary: BaselineSummary = { dir: settings.dir, update: settings.update, match: 0, differs: 0, missing: 0, recorded: 0, updated: 0 };
  for (const result of cases) if (result.baseline !== undefined) summary[result.baseline.outcome] += 1;
  return summary;
}
