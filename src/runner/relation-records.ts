// Relation answers, their records as comparable keys, and the set or multiset comparisons the rules make of them.
import type { Finding } from '../model/index.ts';
import { isPlainObject, showJson, toCanonicalJson } from '../util/json.ts';

/** One decoded answer of the relation: its records (objects) and whether they are all the matching ones. */
export interface RelationAnswer {
  /** What distinguishes the request from the case's own, for messages (e.g. `{"offset":5}`); "" for the case's. */
  label: string;
  records: readonly unknown[];
  /** result.total when the answer gives one. */
  total?: number;
  /** Whether `records` holds every matching record (a page shorter than its limit, or all of `total`). */
  complete: boolean;
  /** The `fields` the request projects onto, when it names some. */
  fields?: readonly string[];
  /** Profile values the request's filters or q use, to name when the answer decides nothing (`--value NAME=...`). */
  pins?: readonly string[];
}

/** What a relation found: findings, whether it compared anything, and why it could not decide (if it could not). */
export interface RelationOutcome {
  findings: Finding[];
  checked: boolean;
  undecided?: string;
}

/** Columns a text query may add (rank) or CKAN's index column: not part of a record's identity. */
const NOT_IDENTITY = /^(rank( .*)?|_full_text)$/;

/** A record as comparable text: canonical JSON without rank columns. */
export function recordKey(record: unknown): string {
  if (!isPlainObject(record)) return toCanonicalJson(record);
  return toCanonicalJson(Object.fromEntries(Object.entries(record).filter(([key]) => !NOT_IDENTITY.test(key))));
}

/** How many times each record key occurs. */
export function countKeys(records: readonly unknown[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const record of records) {
    const key = recordKey(record);
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return counts;
}

/** "1 record" / "65 records". */
export function countRecords(n: number): string {
  return n === 1 ? '1 record' : `${n.toLocaleString('en-US')} records`;
}

/**
 * What differs between `records` and `expected` (keys with counts): records missing, and records not expected.
 * As sets, a key counts once on each side; as multisets, each occurrence counts. Undefined when they agree.
 */
export function describeDifference(
  records: readonly unknown[],
  expected: ReadonlyMap<string, number>,
  { label, multiset }: { label: string; multiset: boolean },
): { message: string; expected: number; actual: number } | undefined {
  const have = countKeys(records);
  const wanted = (key: string): number => (multiset ? (expected.get(key) ?? 0) : Math.min(1, expected.get(key) ?? 0));
  const got = (key: string): number => (multiset ? (have.get(key) ?? 0) : Math.min(1, have.get(key) ?? 0));
  const missing = [...expected.keys()].flatMap((key) => Array.from({ length: Math.max(0, wanted(key) - got(key)) }, () => key));
  const extra = [...have.keys()].flatMap((key) => Array.from({ length: Math.max(0, got(key) - wanted(key)) }, () => key));
  if (missing.length === 0 && extra.length === 0) return undefined;
  const again = (key: string): string => (multiset && (expected.get(key) ?? 0) > 0 ? ' (more often than there)' : '');
  const parts = [
    ...(missing.length > 0 ? [`${countRecords(missing.length)} of ${label} missing, e.g. ${missing[0] ?? ''}`] : []),
    ...(extra.length > 0
      ? [
          `${countRecords(extra.length)} not in ${label}${again(extra[0] ?? '')}, e.g. ${showJson(
            records.find((r) => recordKey(r) === extra[0]),
            200,
          )}`,
        ]
      : []),
  ];
  const size = (counts: ReadonlyMap<string, number>): number => (multiset ? [...counts.values()].reduce((a, b) => a + b, 0) : counts.size);
  return { message: parts.join('; '), expected: size(expected), actual: size(have) };
}
