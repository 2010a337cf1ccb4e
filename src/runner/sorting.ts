// `records.sortedBy`: checks the order of consecutive records like PostgreSQL's ORDER BY (NULLS LAST for asc,
// NULLS FIRST for desc).
import { isPlainObject } from './json.ts';

export interface SortKey {
  field: string;
  direction: 'asc' | 'desc';
}

const collator = new Intl.Collator('en', { numeric: false });

/**
 * Compares two non-null values. Strings are out of order only when both code-point order and an English collation
 * say so, because the API does not fix the database collation (C and en_US order "B" and "a" differently).
 * Returns <0, 0 or >0, or NaN when the pair cannot be judged (mixed types, collations disagree).
 */
function compareValues(a: unknown, b: unknown): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  if (typeof a === 'boolean' && typeof b === 'boolean') return Number(a) - Number(b);
  if (typeof a === 'string' && typeof b === 'string') {
    const byCodePoint = a < b ? -1 : a > b ? 1 : 0;
    const byCollation = collator.compare(a, b);
    return Math.sign(byCodePoint) === Math.sign(byCollation) ? byCodePoint : Number.NaN;
  }
  return Number.NaN;
}

/** Order of `a` before `b` under one key: <0 fine, 0 tie, >0 out of order, NaN cannot judge. */
function compareByKey(a: unknown, b: unknown, key: SortKey): number {
  const aNull = a === null || a === undefined;
  const bNull = b === null || b === undefined;
  if (aNull || bNull) {
    if (aNull && bNull) return 0;
    // asc: nulls last; desc: nulls first
    const nullIsBigger = aNull ? 1 : -1;
    return key.direction === 'asc' ? nullIsBigger : -nullIsBigger;
  }
  const c = compareValues(a, b);
  return key.direction === 'asc' ? c : -c;
}

/** The index of the first record that sorts before its predecessor, or -1 when the sequence is in order. */
export function findSortBreak(records: readonly unknown[], keys: readonly SortKey[]): number {
  for (let i = 1; i < records.length; i++) {
    const prev = records[i - 1];
    const curr = records[i];
    if (!isPlainObject(prev) || !isPlainObject(curr)) return i;
    for (const key of keys) {
      const c = compareByKey(prev[key.field], curr[key.field], key);
      if (Number.isNaN(c) || c < 0) break;
      if (c > 0) return i;
    }
  }
  return -1;
}
