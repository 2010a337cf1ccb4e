import { describe, expect, it } from 'vitest';
import { createCounts } from '../../schema/index.ts';
import { minApplicableCheck } from './min-applicable.ts';

describe('minApplicableCheck', () => {
  it.each([
    [80, 100, 20, 'pass', '80 of 100 case variants applied (80%), at least --min-applicable 80'],
    [80, 100, 21, 'fail', 'only 79 of 100 case variants applied (79%), fewer than --min-applicable 80'],
  ])('with --min-applicable %s, %i variants of which %i not applicable: %s', (minApplicablePct, total, notApplicable, outcome, message) => {
    const summary = { ...createCounts(), total, notApplicable };
    const judged = minApplicableCheck.start({ sharded: false, minApplicablePct }).judge({ summary, byClass: {} });
    expect(judged).toEqual({ check: 'min-applicable', outcome, message, minPct: minApplicablePct });
  });

  it('applies only when a minimum is given, and judges nothing of an empty run', () => {
    expect(minApplicableCheck.appliesTo({ sharded: false })).toBe(false);
    expect(minApplicableCheck.start({ sharded: false, minApplicablePct: 50 }).judge({ summary: createCounts(), byClass: {} })).toBeUndefined();
  });
});
