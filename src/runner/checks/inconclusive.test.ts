import { describe, expect, it } from 'vitest';
import type { CaseResult } from '../../model/index.ts';
import { VACUOUS_REASON } from '../../schema/index.ts';
import { inconclusiveCheck } from './inconclusive.ts';

const result = (spec: string, status: CaseResult['status'], more: Partial<CaseResult> = {}): CaseResult => ({
  id: `${spec} ${status}`,
  caseId: spec,
  title: 't',
  class: 'filters',
  tags: [],
  spec: [spec],
  file: 'f.yaml',
  variant: { method: 'POST', locale: null, apiPath: '/api/action' },
  status,
  durationMs: 0,
  findings: [],
  ...more,
});
const EITHER_OR = 'api.md#4.1/filters-rule-1';
const Q = 'api.md#4.1/q';
const vacuous = (spec: string, pin: string[]): CaseResult =>
  result(spec, 'not-applicable', { reason: `${VACUOUS_REASON}: the case's answer fills its page`, pin });
const lacking = (spec: string, pin: string[]): CaseResult => result(spec, 'not-applicable', { reason: 'profile "p" has no ${values.x}', pin });

function judge(results: readonly CaseResult[]) {
  const tally = inconclusiveCheck.start({ sharded: false });
  for (const one of results) tally.add(one);
  return tally.judge({ summary: { total: 0, pass: 0, fail: 0, error: 0, flaky: 0, skipped: 0, notApplicable: 0 }, byClass: {} });
}

describe('inconclusiveCheck', () => {
  it('fails a clause whose every variant decided nothing for want of data, naming it and the values to pin', () => {
    const judged = judge([vacuous(EITHER_OR, ['values.categoryValue']), lacking(EITHER_OR, ['values.otherCategoryValue']), result(Q, 'pass')]);
    expect(judged).toEqual({
      check: 'inconclusive',
      outcome: 'fail',
      verdict: 'api',
      clauses: ['filters either-or'],
      pin: ['values.categoryValue', 'values.otherCategoryValue'],
      message:
        'no check of filters either-or decided anything on this data; set values.categoryValue, values.otherCategoryValue in the profile to values that match some records, fewer than a page (probe pins one: --value categoryValue=...)',
    });
  });

  it.each<[string, CaseResult[]]>([
    ['one variant passed', [vacuous(EITHER_OR, []), result(EITHER_OR, 'pass')]],
    ['one variant failed (a failure decides)', [vacuous(EITHER_OR, []), result(EITHER_OR, 'fail')]],
    ['one variant is a known deviation', [vacuous(EITHER_OR, []), result(EITHER_OR, 'known')]],
  ])('passes a clause when %s', (_what, results) => {
    expect(judge(results)?.outcome).toBe('pass');
  });

  it('judges nothing when no core clause ran for lack of data or with a verdict (a capability the target lacks, an error, a skip)', () => {
    const results = [
      result(EITHER_OR, 'not-applicable', { reason: 'target lacks capability sql' }),
      result(Q, 'error'),
      result(Q, 'skipped'),
      result('api.md#4.1/sort', 'pass'),
    ];
    expect(judge(results)).toBeUndefined();
  });

  it('waits for the merged report in a shard of a run', () => {
    expect(inconclusiveCheck.appliesTo({ sharded: true })).toBe(false);
    expect(inconclusiveCheck.appliesTo({ sharded: false })).toBe(true);
  });
});
