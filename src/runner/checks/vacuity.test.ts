import { describe, expect, it } from 'vitest';
import type { Expect } from '../../model/index.ts';
import type { RunVariant } from '../types.ts';
import type { Evidence } from './types.ts';
import { checkedRecords, isVacuousAnswer, type AppliedCheck } from './vacuity.ts';

const records = (n: number): { records: unknown[]; types: Record<string, string> } => ({
  records: Array.from({ length: n }, (_, i) => ({ _id: i + 1 })),
  types: {},
});

describe('checkedRecords', () => {
  it.each<[string, Expect, number, boolean]>([
    ['no records expectation (status only)', { status: 200, success: true }, 0, false],
    ['every over no record', { status: 200, records: { every: [{ contains: 'x' }] } }, 0, false],
    ['every over one record', { records: { every: [{ contains: 'x' }] } }, 1, true],
    ['atMostLimit over none', { records: { atMostLimit: true, max: 5 } }, 0, false],
    ['fillsLimit over none (total 0)', { records: { fillsLimit: true } }, 0, false],
    ['fillsLimit over one record', { records: { fillsLimit: true } }, 1, true],
    ['sortedBy over one record', { records: { sortedBy: [{ field: '_id', direction: 'asc' }] } }, 1, false],
    ['sortedBy over two', { records: { sortedBy: [{ field: '_id', direction: 'asc' }] } }, 2, true],
    ['unique over one', { records: { unique: true } }, 1, false],
    ['count 0 (an empty answer is the claim)', { records: { count: 0 } }, 0, true],
    ['min 1', { records: { min: 1 } }, 0, true],
    ['min 0', { records: { min: 0, every: [{ notNull: true }] } }, 0, false],
    ['includes', { records: { includes: [{ _id: 1 }] } }, 0, true],
    ['total', { total: { min: 1 }, records: { every: [{ notNull: true }] } }, 0, true],
    ['result echo alone does not count', { result: { limit: 5 }, success: true, records: { every: [{ notNull: true }] } }, 0, false],
  ])('%s -> %s', (_name, block, n, wanted) => {
    expect(checkedRecords(block, records(n))).toBe(wanted);
  });
});

/** A check that ran, with what it said. */
const ran = (evidence: Evidence, checked: boolean, findings = 0): AppliedCheck => ({
  check: { name: evidence, evidence },
  outcome: { findings: Array.from({ length: findings }, () => ({ rule: 'x', path: '', message: 'x' })), checked },
});
const every: Expect = { status: 200, records: { every: [{ notNull: true }] } };
const variant = (expect: Expect, more: Partial<RunVariant> = {}): RunVariant => ({ expect, ...more }) as unknown as RunVariant; // why: only expect, expectOnFixtures are read

describe('isVacuousAnswer', () => {
  it.each<[string, RunVariant, AppliedCheck[], boolean]>([
    ['a status-only variant is never vacuous', variant({ status: 200 }), [ran('none', false), ran('records', false)], false],
    ['records whose every check held over nothing', variant(every), [ran('none', false), ran('records', false), ran('records', false)], true],
    ['records that one check (the implied order) checked', variant(every), [ran('records', false), ran('records', true)], false],
    ['a finding is no vacuity', variant(every), [ran('none', false, 1), ran('records', false)], false],
    ['the contract never counts as evidence', variant(every), [ran('none', true), ran('records', false)], true],
    [
      'the fixtures block has records: the variant is about records',
      variant({ status: 200 }, { expectOnFixtures: { records: { min: 0 } } }),
      [ran('records', false), ran('records', false)],
      true,
    ],
    ['a relation that compared nothing, though the order checked', variant({ status: 200 }), [ran('records', true), ran('relation', false)], true],
    ['a relation that compared records', variant({ status: 200 }), [ran('records', false), ran('relation', true)], false],
    ['records of its own, and a relation that compared nothing', variant(every), [ran('records', true), ran('relation', false)], false],
  ])('%s -> %s', (_name, v, applied, wanted) => {
    expect(isVacuousAnswer(v, applied)).toBe(wanted);
  });
});
