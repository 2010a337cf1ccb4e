// Record order: checks consecutive records like PostgreSQL's ORDER BY (NULLS LAST for asc, NULLS FIRST for desc,
// unless the key says otherwise), comparing by the column's type where result.fields gives it.
import { isPlainObject } from '../util/json.ts';

export interface SortKey {
  field: string;
  direction: 'asc' | 'desc';
  /** Where nulls go; default PostgreSQL's: last for asc, first for desc. */
  nulls?: 'first' | 'last' | undefined;
}

/** Column id -> CKAN/PostgreSQL type name (from result.fields), e.g. `{ credits: 'int4', title: 'text' }`. */
export type FieldTypes = Readonly<Record<string, string>>;

/** CKAN type names whose values PostgreSQL orders as numbers (text renderings such as "12.50" included). */
const NUMERIC_TYPES: ReadonlySet<string> = new Set([
  'int',
  'int2',
  'int4',
  'int8',
  'integer',
  'bigint',
  'smallint',
  'numeric',
  'float',
  'float4',
  'float8',
  'real',
  'double precision',
]);

/**
 * Collations a PostgreSQL database may order text by. The API does not fix the collation: C orders by code point,
 * ICU and glibc's en_US put "a" before "B", and glibc's en_US also skips punctuation and spaces at the first
 * level. A pair of strings is out of order only when every one of these says so.
 */
let collators: readonly ((a: string, b: string) => number)[] | undefined;

function compareText(a: string, b: string): number {
  // why made on first use: building the ICU collators took about 6 ms, paid by every start that imported this module
  collators ??= [
    (x, y) => (x < y ? -1 : x > y ? 1 : 0),
    new Intl.Collator('en', { numeric: false }).compare,
    new Intl.Collator('en', { numeric: false, ignorePunctuation: true }).compare,
  ];
  const signs = new Set(collators.map((compare) => Math.sign(compare(a, b))));
  return signs.size === 1 ? ([...signs][0] ?? 0) : Number.NaN;
}

/** A value of a numeric column as a number ("12.50", "Infinity" and "-Infinity" included), else undefined. */
function toNumber(value: unknown): number | undefined {
  if (typeof value === 'number') return value;
  if (typeof value !== 'string' || value.trim() === '') return undefined;
  const n = Number(value);
  return Number.isNaN(n) ? undefined : n;
}

/** Numbers by value; CKAN renders NaN as the string "NaN", which PostgreSQL sorts above every other number. */
function compareNumbers(a: unknown, b: unknown): number {
  const isNaNValue = (v: unknown): boolean => v === 'NaN';
  if (isNaNValue(a) || isNaNValue(b)) return isNaNValue(a) && isNaNValue(b) ? 0 : isNaNValue(a) ? 1 : -1;
  const x = toNumber(a);
  const y = toNumber(b);
  return x === undefined || y === undefined ? Number.NaN : x === y ? 0 : x < y ? -1 : 1;
}

/** Compares two non-null values: <0, 0 or >0, or NaN when the pair cannot be judged (mixed types, collations disagree). */
function compareValues(a: unknown, b: unknown, type: string | undefined): number {
  if ((type !== undefined && NUMERIC_TYPES.has(type)) || (typeof a === 'number' && typeof b === 'number')) return compareNumbers(a, b);
  if (typeof a === 'boolean' && typeof b === 'boolean') return Number(a) - Number(b);
  if (typeof a === 'string' && typeof b === 'string') return compareText(a, b);
  return Number.NaN;
}

/** Order of `a` before `b` under one key: <0 fine, 0 tie, >0 out of order, NaN cannot judge. */
function compareByKey(a: unknown, b: unknown, key: SortKey, type: string | undefined): number {
  const aNull = a === null || a === undefined;
  const bNull = b === null || b === undefined;
  if (aNull || bNull) {
    if (aNull && bNull) return 0;
    const nullsLast = (key.nulls ?? (key.direction === 'asc' ? 'last' : 'first')) === 'last';
    return aNull === nullsLast ? 1 : -1;
  }
  const c = compareValues(a, b, type);
  return key.direction === 'asc' ? c : -c;
}

/**
 * The index of the first record that sorts before its predecessor, or -1 when the sequence is in order. Ties go
 * to the next key; a pair that cannot be judged under a key (collations disagree, mixed types) is not a break.
 */
export function findSortBreak(records: readonly unknown[], keys: readonly SortKey[], types: FieldTypes = {}): number {
  for (let i = 1; i < records.length; i++) {
    const prev = records[i - 1];
    const curr = records[i];
    if (!isPlainObject(prev) || !isPlainObject(curr)) return i;
    for (const key of keys) {
      const c = compareByKey(prev[key.field], curr[key.field], key, types[key.field]);
      if (Number.isNaN(c) || c < 0) break;
      if (c > 0) return i;
    }
  }
  return -1;
}
