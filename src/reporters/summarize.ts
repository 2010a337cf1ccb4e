// Counting case results: the summary and per-class counts of a RunResult.
import type { CaseResult, CaseStatus, Counts } from '../model/index.ts';
import { VACUOUS_REASON } from '../schema/index.ts';

/** Which Counts field each status adds to. */
const countKeyOf = {
  pass: 'pass',
  fail: 'fail',
  error: 'error',
  flaky: 'flaky',
  skipped: 'skipped',
  'not-applicable': 'notApplicable',
} as const satisfies Record<CaseStatus, keyof Counts>;

/** Zero counts, a fresh object each call. */
export function createCounts(): Counts {
  return { total: 0, pass: 0, fail: 0, error: 0, flaky: 0, skipped: 0, notApplicable: 0, vacuous: 0 };
}

/**
 * Counts case results by status, overall and per conformance class (`byClass` keys sorted by name, so
 * reports render the same for the same cases in any order).
 */
export function summarize(cases: readonly CaseResult[]): { summary: Counts; byClass: Record<string, Counts> } {
  const summary = createCounts();
  const classes = new Map<string, Counts>();
  for (const result of cases) {
    let counts = classes.get(result.class);
    if (counts === undefined) {
      counts = createCounts();
      classes.set(result.class, counts);
    }
    addStatus(summary, result);
    addStatus(counts, result);
  }
  const byClass: Record<string, Counts> = {};
  for (const name of [...classes.keys()].sort()) byClass[name] = classes.get(name) ?? createCounts();
  return { summary, byClass };
}

function addStatus(counts: Counts, result: CaseResult): void {
  counts.total += 1;
  counts[countKeyOf[result.status]] += 1;
  if (isVacuous(result)) counts.vacuous = (counts.vacuous ?? 0) + 1;
}

/** A variant reported not applicable because its checks all held vacuously ("checked nothing on this data"). */
export function isVacuous(result: Pick<CaseResult, 'status' | 'reason'>): boolean {
  return result.status === 'not-applicable' && result.reason === VACUOUS_REASON;
}

/** True when the run should exit 1: a case failed or errored (flaky, skipped, not applicable do not count). */
export function hasFailures(counts: Counts): boolean {
  return counts.fail > 0 || counts.error > 0;
}
