// What psycopg2 does to a statement before PostgreSQL sees it: each `%s` / `%(name)s` placeholder becomes its
// value as an SQL literal (client-side interpolation) and `%%` becomes `%`. CKAN's search statements run this way,
// so PostgreSQL's error positions and `LINE n:` text refer to the interpolated text.
import { reprFloat } from '../python/index.ts';
import { isPlainObject } from '../../util/json.ts';
import { CkanInternalError } from '../types.ts';

/** A statement's parameters: a list for `%s` (CKAN up to 2.10), a dict for `%(name)s` (2.11+). */
export type PyParams = unknown[] | Record<string, unknown>;

/** psycopg2 cannot adapt a dict: CKAN reports the DBAPIError as an Invalid query with this text as `orig`. */
export class UnadaptableValueError extends Error {
  override readonly name = 'UnadaptableValueError';
  constructor() {
    super("can't adapt type 'dict'");
  }
}

/** The statement cannot be formatted (a bare `%`, too few values): a Python error, which CKAN answers with a 500. */
export class StatementFormatError extends CkanInternalError {
  override readonly name = 'StatementFormatError';
}

/**
 * A value as psycopg2 writes it into the statement: NULL, true/false, numbers (negative ones after a space, so
 * `- -1` never reads as a comment), quoted strings (standard_conforming_strings on), ARRAY[...] or '{}' for lists.
 * Throws UnadaptableValueError for objects.
 */
export function adaptPyValue(value: unknown): string {
  if (value === null || value === undefined) return 'NULL';
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (typeof value === 'number') return adaptNumber(value);
  if (typeof value === 'string') return `'${value.replaceAll("'", "''")}'`;
  if (Array.isArray(value)) return value.length === 0 ? "'{}'" : `ARRAY[${value.map(adaptPyValue).join(',')}]`;
  if (isPlainObject(value)) throw new UnadaptableValueError();
  return `'${String(value).replaceAll("'", "''")}'`;
}

function adaptNumber(value: number): string {
  if (Number.isNaN(value)) return "'NaN'::float";
  if (!Number.isFinite(value)) return value > 0 ? "'Infinity'::float" : "'-Infinity'::float";
  // why: a JSON integer is a Python int, written in full; beyond 2^53 the shortest round-trip digits (what a client's
  // JSON.stringify sent: -9223372036854776000) stand for the text, which JSON.parse did not keep
  const text = Number.isInteger(value) && Math.abs(value) < 1e21 ? String(value) : reprFloat(value);
  return value < 0 ? ` ${text}` : text;
}

/**
 * Interpolates `params` into `statement` as psycopg2's execute does. Every value is adapted (and may throw
 * UnadaptableValueError) before formatting, as psycopg2 adapts the whole argument first.
 */
export function interpolateParams(statement: string, params: PyParams): string {
  const adapted = Array.isArray(params) ? params.map(adaptPyValue) : Object.fromEntries(Object.entries(params).map(([k, v]) => [k, adaptPyValue(v)]));
  let next = 0;
  return statement.replace(/%(?:\(([^)]*)\))?(.?)/gsu, (match, name: string | undefined, conversion: string) => {
    if (match === '%%') return '%';
    if (conversion !== 's') throw new StatementFormatError(`unsupported format character '${conversion}'`);
    const value = name === undefined ? (Array.isArray(adapted) ? adapted[next++] : undefined) : Array.isArray(adapted) ? undefined : adapted[name];
    if (value === undefined) throw new StatementFormatError(name === undefined ? 'tuple index out of range' : `'${name}'`);
    return value;
  });
}
