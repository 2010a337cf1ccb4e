// datastore_search and datastore_search_sql as questions with counted answers: total, records and fields, or
// the reason the target gave instead.
import { askAction, describeAnswer, type ActionCall, type ProbeTarget } from './ask.ts';
import { isPlainObject } from '../util/json.ts';

/** A column as `result.fields` lists it. */
export interface FieldDef {
  id: string;
  type: string;
}

/** What a successful search answered. */
export interface SearchAnswer {
  /** `result.total` (records.length when the target sends none). */
  total: number;
  /** Whether the target sent `result.total`. */
  totalGiven: boolean;
  records: Record<string, unknown>[];
  fields: FieldDef[];
  resourceId: string | undefined;
  /** `result.limit`: the page size the target applied, when it says. */
  limit: number | undefined;
}

/** A finding, or why it could not be made (shown in the profile as why a name is left out). */
export type Found<T> = { ok: true; value: T; note: string } | { ok: false; reason: string };

export function found<T>(value: T, note: string): Found<T> {
  return { ok: true, value, note };
}

export function missing<T>(reason: string): Found<T> {
  return { ok: false, reason };
}

/** datastore_search with these parameters; a string is the reason when it did not succeed. */
export async function search(
  target: ProbeTarget,
  params: Record<string, unknown>,
  call: Omit<ActionCall, 'action' | 'params'> = {},
): Promise<SearchAnswer | string> {
  const answer = await askAction(target, { action: 'datastore_search', params, ...call });
  if (answer.kind !== 'envelope' || !answer.success) return `datastore_search answered ${describeAnswer(answer)}`;
  return readSearchResult(answer.result);
}

/** datastore_search_sql with one statement; a string is the reason when it did not succeed. */
export async function searchSql(target: ProbeTarget, sql: string, call: Omit<ActionCall, 'action' | 'params'> = {}): Promise<SearchAnswer | string> {
  const answer = await askAction(target, { action: 'datastore_search_sql', params: { sql }, ...call });
  if (answer.kind !== 'envelope' || !answer.success) return `datastore_search_sql answered ${describeAnswer(answer)}`;
  return readSearchResult(answer.result);
}

/** A count from `SELECT count(*) AS n ...` (2.10 and older send numbers from SQL as strings). */
export function readCount(answer: SearchAnswer): number | undefined {
  const value = answer.records[0]?.['n'];
  const n = typeof value === 'string' ? Number(value) : value;
  return typeof n === 'number' && Number.isInteger(n) ? n : undefined;
}

/** A datastore_search (or _sql) result as its counted answer. */
export function readSearchResult(result: Record<string, unknown>): SearchAnswer {
  const records = Array.isArray(result['records']) ? result['records'].filter(isPlainObject) : [];
  const fields = Array.isArray(result['fields'])
    ? result['fields'].flatMap((f) =>
        isPlainObject(f) && typeof f['id'] === 'string' ? [{ id: f['id'], type: typeof f['type'] === 'string' ? f['type'] : 'text' }] : [],
      )
    : [];
  const total = typeof result['total'] === 'number' ? result['total'] : records.length;
  const resourceId = typeof result['resource_id'] === 'string' ? result['resource_id'] : undefined;
  const limit = typeof result['limit'] === 'number' && Number.isInteger(result['limit']) ? result['limit'] : undefined;
  return { total, totalGiven: typeof result['total'] === 'number', records, fields, resourceId, limit };
}

const TEXT_TYPES: ReadonlySet<string> = new Set(['text', 'varchar', 'citext', 'name', 'bpchar']);
const NUMERIC_TYPES: ReadonlySet<string> = new Set(['int', 'int2', 'int4', 'int8', 'integer', 'bigint', 'smallint', 'numeric', 'float', 'float4', 'float8']);

export function isTextField(field: FieldDef): boolean {
  return TEXT_TYPES.has(field.type.toLowerCase());
}

export function isNumericField(field: FieldDef): boolean {
  return NUMERIC_TYPES.has(field.type.toLowerCase());
}

/**
 * A column name the cases can use everywhere: in a sort string (`name desc, _id asc`), a comma-separated fields
 * string and a double-quoted SQL identifier. Spaces, commas and quotes would change what those mean.
 */
export function isPlainName(name: string): boolean {
  return /^[\p{L}_][\p{L}\p{N}_]*$/u.test(name) && !name.startsWith('_');
}

/** A text value the cases can put in a filter, an SQL string literal and a URL without escaping questions. */
export function isPlainValue(value: unknown): value is string {
  return typeof value === 'string' && value.trim() === value && value !== '' && value.length <= 80 && !/['"\\%_\n\r\t]/.test(value);
}

/** Counts of each value of `field` in `records`, most frequent first (ties in first-seen order). */
export function countValues(records: readonly Record<string, unknown>[], field: string): [string, number][] {
  const counts = new Map<string, number>();
  for (const record of records) {
    const value = record[field];
    if (isPlainValue(value)) counts.set(value, (counts.get(value) ?? 0) + 1);
  }
  return [...counts].sort((a, b) => b[1] - a[1]);
}

/**
 * The records one answer of a relation case may hold: its `limit` (cases/relations ask 1,000), or the site's rows
 * max when lower. A relation whose answer fills the page decides nothing, so probe prefers values that fit it.
 */
export const RELATION_LIMIT = 1000;

/** The relation page on a site with this rows max (CKAN's 32,000 when unknown). */
export function relationPage(rowsMax: unknown): number {
  return typeof rowsMax === 'number' && rowsMax > 0 ? Math.min(RELATION_LIMIT, rowsMax) : RELATION_LIMIT;
}

/** "1 record" / "65 records". */
export function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}
