// CKAN's navl validators for datastore_search, one per value kind, with CKAN's exact messages.
import { parsePyInt, pyJsonDumps, pyStr } from '../python/index.ts';
import { isPlainObject } from '../../util/json.ts';

/** A validator's outcome: the converted value, or CKAN's error messages for the param. */
export type Coerced<T> = { ok: true; value: T } | { ok: false; errors: string[] };

const ok = <T>(value: T): Coerced<T> => ({ ok: true, value });
const fail = <T>(...errors: string[]): Coerced<T> => ({ ok: false, errors });

const invalidInteger = 'Invalid integer';

/**
 * int_validator: a JSON integer, an integral float (2.0), or a decimal string ("5", " 5 ", "1_000").
 * Blank strings give null ("not given"); "2.0", "all", 2.5 and non-numbers fail with `Invalid integer`.
 * Booleans count as 0/1, as Python's divmod does.
 */
export function coerceInt(value: unknown): Coerced<number | null> {
  if (value === null || value === undefined) return ok(null);
  if (typeof value === 'boolean') return ok(value ? 1 : 0);
  if (typeof value === 'number') return Number.isInteger(value) ? ok(value) : fail(invalidInteger);
  if (typeof value === 'string') {
    if (value.trim() === '') return ok(null);
    const parsed = parsePyInt(value);
    return parsed === undefined ? fail(invalidInteger) : ok(parsed);
  }
  return fail(invalidInteger);
}

/**
 * `limit`: default → natural_number_validator → capped at rows_max. A value that is not an integer gets
 * `["Invalid integer"]` (ckan-datastore.md 2.3), text that is not a number also "Please enter an integer value",
 * a negative one `["Must be a natural number"]`.
 */
export function coerceLimit(value: unknown, rowsDefault: number, rowsMax: number): Coerced<number> {
  // why: default() replaces None and '' (not whitespace); whitespace-only would be a 500 in CKAN, so default it too
  if (value === null || value === undefined || (typeof value === 'string' && value.trim() === '')) {
    return ok(Math.min(rowsDefault, rowsMax));
  }
  const int = coerceInt(value);
  // why: CKAN's rows_max cap runs int() on the value after natural_number_validator has already failed, and a
  // text int() cannot read adds its own message (recorded on 2.9.11-2.12: "all" gets both, 2.5 only the first)
  if (!int.ok) return typeof value === 'string' ? fail(invalidInteger, 'Please enter an integer value') : int;
  const number = int.value ?? rowsDefault;
  if (number < 0) return fail('Must be a natural number');
  return ok(Math.min(number, rowsMax));
}

/**
 * boolean_validator: a JSON boolean as is; a string is true iff lower-cased it is true/yes/t/y/1.
 * Choice (CKAN answers 500 here, spec 8.1 #2): the numbers 1 and 0 mean true and false; any other
 * number, list or object gives 409 `Must be a boolean`.
 */
export function coerceBoolean(value: unknown): Coerced<boolean> {
  if (typeof value === 'boolean') return ok(value);
  if (typeof value === 'string') return ok(['true', 'yes', 't', 'y', '1'].includes(value.toLowerCase()));
  if (value === 1 || value === 0) return ok(value === 1);
  return fail('Must be a boolean');
}

/** unicode_safe: strings as they are, anything else as Python's json.dumps(sort_keys=True) text. */
export function coerceText(value: unknown): string {
  return typeof value === 'string' ? value : pyJsonDumps(value, { sortKeys: true, ensureAscii: false });
}

/**
 * json_validator for `filters`: objects as they are, strings JSON-decoded (`Cannot parse JSON`).
 * Choice (CKAN answers 500, spec 8.1 #3): JSON that is not an object gives 409 `Must be a JSON object`.
 * With `anyJson` (CKAN 2.12, whose filter parser judges the shape) any decoded value passes.
 */
export function coerceFilters(value: unknown, anyJson = false): Coerced<Record<string, unknown> | unknown[]> {
  let decoded: unknown = value;
  if (typeof value === 'string') {
    try {
      decoded = JSON.parse(value);
    } catch {
      return fail('Cannot parse JSON');
    }
  }
  // why: a falsy value means no filters in 2.12; any other non-object is kept in a list for the parser to refuse
  if (anyJson) return ok(Array.isArray(decoded) || isPlainObject(decoded) ? decoded : decoded ? [decoded] : []);
  return isPlainObject(decoded) ? ok(decoded) : fail('Must be a JSON object');
}

/**
 * unicode_or_json_validator for `q`: an object stays; a string holding a JSON object is decoded;
 * anything else becomes Python's str() of it (123 → "123", ["a"] → "['a']").
 */
export function coerceQuery(value: unknown): string | Record<string, unknown> {
  if (isPlainObject(value)) return value;
  if (typeof value === 'string') {
    try {
      const decoded: unknown = JSON.parse(value);
      return isPlainObject(decoded) ? decoded : value;
    } catch {
      return value;
    }
  }
  return pyStr(value);
}

/** list_of_strings_or_string for `fields` and `sort`: a string, or a list of strings (or lists). */
export function coerceNameList(value: unknown): Coerced<string | unknown[]> {
  if (typeof value === 'string') return ok(value);
  if (!Array.isArray(value)) return fail('Not a list');
  for (const item of value) {
    if (typeof item !== 'string' && !Array.isArray(item)) return fail(`Neither a string nor a list: ${pyStr(item)}`);
  }
  return ok(value);
}

const recordsFormats = ['objects', 'lists', 'csv', 'tsv'] as const;
export type RecordsFormat = (typeof recordsFormats)[number];

/** one_of for `records_format`; null or "" mean the default, objects. */
export function coerceRecordsFormat(value: unknown): Coerced<RecordsFormat> {
  if (value === null || value === undefined || value === '') return ok('objects');
  const found = recordsFormats.find((format) => format === value);
  return found === undefined ? fail("Value must be one of ['objects', 'lists', 'csv', 'tsv']") : ok(found);
}
