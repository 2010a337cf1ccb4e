// Counting case results: the summary and per-class counts of a RunResult.
import type { CaseResult, CaseStatus, Counts } from '../model/index.ts';

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
  return { total: 0, pass: 0, fail: 0, error: 0, flaky: 0, skipped: 0, notApplicable: 0 };
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
    addStatus(summary, result.status);
    addStatus(counts, result.status);
  }
  const byClass: Record<string, Counts> = {};
  for (const name of [...classes.keys()].sort()) byClass[name] = classes.get(name) ?? createCounts();
  return { summary, byClass };
}

function addStatus(counts: Counts, status: CaseStatus): void {
  counts.total += 1;
  counts[countKeyOf[status]] += 1;
}

/** True when the run should exit 1: a case failed or errored (flaky, skipped, not applicable do not count). */
export function hasFailures(counts: Counts): boolean {
  return counts.fail > 0 || counts.error > 0;
}
