import { describe, expect, it } from 'vitest';
import type { Expect } from '../model/index.ts';
import { checkedSomething } from './vacuity.ts';

const records = (n: number): { records: unknown[]; types: Record<string, string> } => ({
  records: Array.from({ length: n }, (_, i) => ({ _id: i + 1 })),
  types: {},
});

describe('checkedSomething', () => {
  it.each<[string, Expect, number, boolean]>([
    ['no records expectation (status only)', { status: 200, success: true }, 0, true],
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
  ])('%s -> %s', (_name, expect_, n, wanted) => {
    expect(checkedSomething([expect_], records(n), undefined)).toBe(wanted);
  });

  it('counts the expectOnFixtures block and the implied order', () => {
    const every: Expect = { records: { every: [{ notNull: true }] } };
    expect(checkedSomething([every, { total: 2 }], records(0), undefined)).toBe(true);
    expect(checkedSomething([every, undefined], records(0), undefined)).toBe(false);
    const order = { source: 'default' as const, keys: [{ field: '_id', direction: 'asc' as const }] };
    expect(checkedSomething([{ records: {} }], records(2), order)).toBe(true);
    const rank = { source: 'rank' as const, keys: [{ field: 'rank', direction: 'desc' as const }] };
    expect(checkedSomething([{ records: {} }], records(0), rank)).toBe(false);
  });
});
