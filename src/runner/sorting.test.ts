import { describe, expect, it } from 'vitest';
import { findSortBreak } from './sorting.ts';

const rows = (values: unknown[]): { v: unknown }[] => values.map((v) => ({ v }));

describe('findSortBreak', () => {
  it.each([
    [[1, 2, 2, 3], 'asc', -1],
    [[1, 3, 2], 'asc', 2],
    [[3, 2, 1], 'desc', -1],
    [[1, 2, null, null], 'asc', -1],
    [[null, 1, 2], 'asc', 1],
    [[null, 3, 1], 'desc', -1],
    [[3, null], 'desc', 1],
    [['apple', 'banana', 'cherry'], 'asc', -1],
    [['banana', 'apple'], 'asc', 1],
    // C and en_US collations disagree on these: neither order is a finding
    [['a', 'B'], 'asc', -1],
    [['B', 'a'], 'asc', -1],
  ])('%j %s breaks at %i', (values, direction, wanted) => {
    expect(findSortBreak(rows(values), [{ field: 'v', direction: direction === 'asc' ? 'asc' : 'desc' }])).toBe(wanted);
  });

  it('uses the next key on ties', () => {
    const records = [
      { a: 1, b: 2 },
      { a: 1, b: 1 },
    ];
    expect(findSortBreak(records, [{ field: 'a', direction: 'asc' }, { field: 'b', direction: 'asc' }])).toBe(1);
    expect(findSortBreak(records, [{ field: 'a', direction: 'asc' }, { field: 'b', direction: 'desc' }])).toBe(-1);
  });
});
