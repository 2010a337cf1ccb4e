// Values as a target serves them (numbers kept as their digits), written as fixture CSV cells, compared as the
// diff compares answers, and told apart when the two read paths (datastore_search, datastore_search_sql) give them.
import { JsonNumber, stringifyLossless, type LosslessValue } from '../extract/index.ts';
import { toCanonicalJson } from '../util/json.ts';

/**
 * What a NULL is written as in the mirror's CSV (its datapackage's `missingValues`): a NUL character, which no text
 * PostgreSQL stores can hold, so no served text is mistaken for it.
 */
export const NULL_CELL = '\u0000';

/**
 * The CSV cell of a served value: text as it is, numbers as their digits, JSON values as compact JSON text; in a
 * json column every value is JSON text (a JSON string value keeps its quotes).
 */
export function toCell(value: LosslessValue | undefined, type?: string): string {
  if (value === null || value === undefined) return NULL_CELL;
  if (type !== undefined && /^jsonb?$/i.test(type)) return stringifyLossless(value);
  if (typeof value === 'string') return value;
  if (value instanceof JsonNumber) return value.text;
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  return stringifyLossless(value);
}

/** The value as JSON.parse gives it (numbers as doubles): what the comparison of two answers sees. */
export function toPlain(value: LosslessValue | undefined): unknown {
  if (value instanceof JsonNumber) return Number(value.text);
  if (Array.isArray(value)) return value.map(toPlain);
  if (value !== null && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, toPlain(item)]));
  return value ?? null;
}

/** A value's text as the comparison sees it (keys sorted), the input of valueHash. */
export function canonicalText(value: LosslessValue | undefined): string {
  return toCanonicalJson(toPlain(value));
}

/** FNV-1a (32 bits) of a text: a value's fingerprint, so a mirror is verified without holding the table. */
export function hashText(text: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index++) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

const TEMPORAL = /^(\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}:\d{2}|\d{2}:\d{2}:\d{2})(?:\.(\d+))?$/;

/** A time or timestamp text as its whole seconds and its fraction without trailing zeros, else undefined. */
function readTemporal(value: LosslessValue | undefined): { seconds: string; fraction: string } | undefined {
  const match = typeof value === 'string' ? TEMPORAL.exec(value) : null;
  return match === null ? undefined : { seconds: match[1] ?? '', fraction: (match[2] ?? '').replace(/0+$/, '') };
}

/**
 * How the SQL path's value of a field stands to the search path's: `same`; `equal` in value but written otherwise
 * (a numeric as a JSON string, CKAN up to 2.10; `23:59:59.5` as `23:59:59.500000`); `finer` (a timestamp that
 * datastore_search cuts to the second, or to milliseconds on 2.12, with its whole fraction in SQL: the SQL one is the
 * table's value); else `differ`.
 */
export function relateSqlValue(search: LosslessValue | undefined, sql: LosslessValue | undefined): 'same' | 'finer' | 'equal' | 'differ' {
  if (canonicalText(search) === canonicalText(sql)) return 'same';
  const [served, stored] = [readTemporal(search), readTemporal(sql)];
  if (served !== undefined && stored !== undefined && served.seconds === stored.seconds && stored.fraction.startsWith(served.fraction))
    return served.fraction === stored.fraction ? 'equal' : 'finer';
  if (search instanceof JsonNumber && typeof sql === 'string' && sql.trim() !== '' && Number(sql) === Number(search.text)) return 'equal';
  return 'differ';
}

/** Whether a value is of the JSON kind a DataStore type is served as (`bool` a boolean, numbers numbers, text a string). */
export function fitsType(value: LosslessValue | undefined, type: string | undefined): boolean {
  if (value === null || value === undefined || type === undefined) return true;
  const base = type.toLowerCase();
  if (base.startsWith('_') || base.endsWith('[]')) return Array.isArray(value);
  if (base === 'bool' || base === 'boolean') return typeof value === 'boolean';
  if (/^(int|int2|int4|int8|integer|bigint|smallint|numeric|number|float|float4|float8|double precision|real)$/.test(base))
    return value instanceof JsonNumber || (typeof value === 'string' && /^(NaN|-?Infinity)$/.test(value));
  if (base === 'text' || base === 'string') return typeof value === 'string';
  return true;
}
