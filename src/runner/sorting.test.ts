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
    expect(
      findSortBreak(records, [
        { field: 'a', direction: 'asc' },
        { field: 'b', direction: 'asc' },
      ]),
    ).toBe(1);
    expect(
      findSortBreak(records, [
        { field: 'a', direction: 'asc' },
        { field: 'b', direction: 'desc' },
      ]),
    ).toBe(-1);
  });
});

describe('findSortBreak with column types and nulls placement', () => {
  it.each([
    [['9', '10', '100.5'], 'numeric', 'asc', -1],
    [['10', '9'], 'numeric', 'asc', 1],
    [[1.5, 'NaN'], 'float8', 'asc', -1],
    [['NaN', 1.5], 'float8', 'asc', 1],
    [['-Infinity', '-1', 'Infinity'], 'float8', 'asc', -1],
    [['10', '9'], 'text', 'asc', -1],
    [['9', '10'], 'text', 'asc', 1],
  ])('%j (%s) %s breaks at %i', (values, type, direction, wanted) => {
    const keys = [{ field: 'v', direction: direction === 'asc' ? ('asc' as const) : ('desc' as const) }];
    expect(findSortBreak(rows(values), keys, { v: type })).toBe(wanted);
  });

  it('places nulls as the key says', () => {
    expect(findSortBreak(rows([3, 1, null]), [{ field: 'v', direction: 'desc', nulls: 'last' }])).toBe(-1);
    expect(findSortBreak(rows([null, 3, 1]), [{ field: 'v', direction: 'desc', nulls: 'last' }])).toBe(1);
    expect(findSortBreak(rows([null, 1, 3]), [{ field: 'v', direction: 'asc', nulls: 'first' }])).toBe(-1);
  });

  it('accepts text orders of glibc en_US, which skips punctuation, but not a shuffled order', () => {
    expect(findSortBreak(rows(['ab', 'a-c']), [{ field: 'v', direction: 'asc' }])).toBe(-1);
    expect(findSortBreak(rows(['apple', 'cherry', 'banana']), [{ field: 'v', direction: 'asc' }])).toBe(2);
  });
});
