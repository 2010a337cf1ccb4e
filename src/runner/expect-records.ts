// `expect.records`: exact, includes, count/min/max, atMostLimit, fillsLimit, every, sortedBy, unique -> findings.
import type { Finding, Predicate, RecordsExpect } from '../model/index.ts';
import { isPlainObject, isSubset, setOwnMember, showJson, toCanonicalJson } from '../util/json.ts';
import { describeDiff, diffJson } from '../util/json-diff.ts';
import { compilePredicate, describePredicate } from './predicates.ts';
import { findSortBreak, type FieldTypes } from './sorting.ts';

/** CKAN's default page size (ckan.datastore.search.rows_default), when neither the request nor the result says. */
export const DEFAULT_LIMIT = 100;

const RECORDS_PATH = '/result/records';

export interface RecordsContext {
  /** Rule name prefix: "records" or "expectOnFixtures.records". */
  rule: string;
  /** The request's parameters: `limit` and `offset` (numbers or numeric text) bound the page. */
  request: Readonly<Record<string, unknown>> | undefined;
  /** result.total, if any: how many records match, for `fillsLimit`. */
  total?: unknown;
  /** result.limit, if any: the page size the server applied (CKAN reports its default, and a limit it lowered). */
  resultLimit?: unknown;
  /** result.fields ids, used to read `lists`-format records as objects. */
  fieldIds: readonly string[] | undefined;
  /** result.fields types by id, so `sortedBy` compares a numeric column's values as numbers. */
  fieldTypes?: FieldTypes;
}

/** Checks `expect.records` against result.records (already known to be present). */
export function checkRecords(expect: RecordsExpect, records: unknown, ctx: RecordsContext): Finding[] {
  const findings: Finding[] = [];
  const f = (name: string, message: string, extra: Partial<Finding> = {}): void => {
    findings.push({ rule: `${ctx.rule}.${name}`, path: RECORDS_PATH, message, ...extra });
  };
  if (expect.exact !== undefined) checkExact(expect.exact, records, expect.ordered !== false, f);
  if (!Array.isArray(records)) {
    if (hasArrayRules(expect)) f('type', `result.records is ${typeName(records)}, not an array of records`);
    return findings;
  }
  const objects = toObjects(records, ctx.fieldIds);
  if (expect.includes !== undefined) checkIncludes(expect.includes, objects, f);
  if (expect.count !== undefined && records.length !== expect.count) {
    f('count', `expected ${expect.count} records, got ${records.length}`, { expected: expect.count, actual: records.length });
  }
  if (expect.min !== undefined && records.length < expect.min) {
    f('min', `expected at least ${expect.min} records, got ${records.length}`, { expected: expect.min, actual: records.length });
  }
  if (expect.max !== undefined && records.length > expect.max) {
    f('max', `expected at most ${expect.max} records, got ${records.length}`, { expected: expect.max, actual: records.length });
  }
  if (expect.atMostLimit === true) {
    const limit = requestedLimit(ctx);
    if (records.length > limit) {
      f('atMostLimit', `got ${records.length} records, more than the limit ${limit}`, { expected: limit, actual: records.length });
    }
  }
  if (expect.fillsLimit === true) checkFillsLimit(records.length, ctx, f);
  for (const [i, predicate] of (expect.every ?? []).entries()) checkEvery(predicate, i, objects, ctx.rule, findings);
  if (expect.sortedBy !== undefined) {
    const at = findSortBreak(objects, expect.sortedBy, ctx.fieldTypes);
    if (at >= 0) {
      const keys = expect.sortedBy.map((k) => `${k.field} ${k.direction}`).join(', ');
      f('sortedBy', `records are not sorted by ${keys}: record ${at} comes after record ${at - 1}`, {
        path: `${RECORDS_PATH}/${at}`,
        expected: expect.sortedBy,
        actual: [objects[at - 1], objects[at]],
      });
    }
  }
  if (expect.unique === true) checkUnique(objects, f);
  return findings;
}

type Report = (name: string, message: string, extra?: Partial<Finding>) => void;

function hasArrayRules(e: RecordsExpect): boolean {
  return [e.includes, e.count, e.min, e.max, e.atMostLimit, e.fillsLimit, e.every, e.sortedBy, e.unique].some((x) => x !== undefined);
}

function typeName(value: unknown): string {
  if (value === undefined) return 'missing';
  if (value === null) return 'null';
  return Array.isArray(value) ? 'an array' : `a ${typeof value}`;
}

/** A limit, offset or count (a number or numeric text), else undefined. */
function toCount(value: unknown): number | undefined {
  if (typeof value === 'number' && Number.isInteger(value) && value >= 0) return value;
  if (typeof value === 'string' && /^\d+$/.test(value.trim())) return Number(value.trim());
  return undefined;
}

/** The request's limit; without one, the default the server reports having applied (result.limit), else CKAN's. */
function requestedLimit(ctx: RecordsContext): number {
  return toCount(ctx.request?.['limit']) ?? toCount(ctx.resultLimit) ?? DEFAULT_LIMIT;
}

/**
 * A full page: the limit (lowered to result.limit when the server reports a lower one, as CKAN does for a limit
 * above its rows_max), unless result.total leaves fewer rows after the offset. The same claim as `count` on data
 * with enough rows, and still true of a conformant server on a small resource or with its own page-size settings.
 */
function checkFillsLimit(returned: number, ctx: RecordsContext, f: Report): void {
  const { total } = ctx;
  if (typeof total !== 'number' || !Number.isInteger(total) || total < 0) {
    f('fillsLimit', `result.total is ${total === undefined ? 'missing' : showJson(total)}, so the size of a full page is unknown`, { actual: total });
    return;
  }
  const limit = Math.min(requestedLimit(ctx), toCount(ctx.resultLimit) ?? Number.POSITIVE_INFINITY);
  const offset = toCount(ctx.request?.['offset']) ?? 0;
  const expected = Math.min(limit, Math.max(0, total - offset));
  if (returned !== expected) {
    const page = expected === limit ? `the limit ${limit}` : `the ${expected} left of total ${total} after offset ${offset}`;
    f('fillsLimit', `expected ${expected} records (${page}), got ${returned}`, { expected, actual: returned });
  }
}

/** `lists`-format records (arrays) become objects keyed by result.fields, so predicates can name fields. */
function toObjects(records: readonly unknown[], fieldIds: readonly string[] | undefined): unknown[] {
  if (fieldIds === undefined) return [...records];
  return records.map((r) => {
    if (!Array.isArray(r)) return r;
    const record: Record<string, unknown> = {};
    fieldIds.forEach((id, i) => {
      setOwnMember(record, id, r[i]);
    });
    return record;
  });
}

function checkExact(expected: readonly unknown[], actual: unknown, ordered: boolean, f: Report): void {
  if (!ordered && Array.isArray(actual)) {
    const missing = multisetMinus(expected, actual);
    const extra = multisetMinus(actual, expected);
    if (missing.length === 0 && extra.length === 0) return;
    const parts = [
      missing.length > 0 ? `${missing.length} expected record(s) missing, e.g. ${showJson(missing[0])}` : '',
      extra.length > 0 ? `${extra.length} unexpected record(s), e.g. ${showJson(extra[0])}` : '',
    ].filter(Boolean);
    f('exact', `records differ (any order): ${parts.join('; ')}`, { expected, actual });
    return;
  }
  const diffs = diffJson(expected, actual).entries;
  if (diffs.length > 0) f('exact', `records differ: ${describeDiff(diffs)}`, { expected, actual });
}

function multisetMinus(from: readonly unknown[], remove: readonly unknown[]): unknown[] {
  const counts = new Map<string, number>();
  for (const r of remove) counts.set(toCanonicalJson(r), (counts.get(toCanonicalJson(r)) ?? 0) + 1);
  return from.filter((r) => {
    const key = toCanonicalJson(r);
    const n = counts.get(key) ?? 0;
    if (n > 0) counts.set(key, n - 1);
    return n === 0;
  });
}

function checkIncludes(expected: readonly unknown[], actual: readonly unknown[], f: Report): void {
  const missing = expected.filter((e) => !actual.some((a) => isSubset(e, a)));
  if (missing.length > 0) {
    f('includes', `${missing.length} expected record(s) not returned, e.g. ${showJson(missing[0])}`, {
      expected: missing,
      actual,
    });
  }
}

function checkEvery(predicate: Predicate, index: number, records: readonly unknown[], rule: string, out: Finding[]): void {
  const name = `${rule}.every[${index}]`;
  let test: (record: unknown) => boolean;
  try {
    test = compilePredicate(predicate);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    out.push({ rule: name, path: RECORDS_PATH, message: `invalid predicate: ${reason}`, expected: predicate });
    return;
  }
  const broken = records.flatMap((r, i) => (test(r) ? [] : [i]));
  const first = broken[0];
  if (first === undefined) return;
  const record = records[first];
  const shown = predicate.field !== undefined && isPlainObject(record) ? record[predicate.field] : record;
  const where = predicate.field !== undefined ? `/${first}/${predicate.field}` : `/${first}`;
  out.push({
    rule: name,
    path: `${RECORDS_PATH}${where}`,
    message: `${broken.length} of ${records.length} records break ${describePredicate(predicate)}: record ${first} has ${showJson(shown)}`,
    expected: predicate,
    actual: shown,
  });
}

function checkUnique(records: readonly unknown[], f: Report): void {
  const seen = new Map<string, number>();
  for (const [i, r] of records.entries()) {
    const key = toCanonicalJson(r);
    const before = seen.get(key);
    if (before !== undefined) {
      f('unique', `record ${i} repeats record ${before}`, { path: `${RECORDS_PATH}/${i}`, actual: r });
      return;
    }
    seen.set(key, i);
  }
}
