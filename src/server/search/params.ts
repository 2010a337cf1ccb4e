// Step 1 of datastore_search: CKAN's schema validation (datastore_search_schema). Every param is checked
// and all errors are reported together; list-of-objects params flatten into `__junk`, other unknown params are kept
// as navl's `__extras`, which the backend's column validation refuses later.
import {
  coerceBoolean,
  coerceFilters,
  coerceInt,
  coerceLimit,
  coerceNameList,
  coerceQuery,
  coerceRecordsFormat,
  coerceText,
  type Coerced,
  type RecordsFormat,
} from './coerce.ts';
import { ckanTraits, type CkanTraits } from '../ckan-versions.ts';
import { DEFAULT_CKAN_VERSION } from '../../schema/ckan-version.ts';
import { pyReprTuple } from '../python/index.ts';
import { isPlainObject } from '../../util/json.ts';

/** The validated input dict. Optional members are absent when the param was not given (or null). */
export interface SearchParams {
  resourceId: string;
  q?: string | Record<string, unknown>;
  plain?: boolean;
  /** An object; from CKAN 2.12 also a list of objects (OR). */
  filters?: Record<string, unknown> | unknown[];
  language?: string;
  limit: number;
  offset?: number;
  /** As sent: a comma-separated string or a list. */
  fields?: string | unknown[];
  sort?: string | unknown[];
  distinct?: boolean;
  includeTotal: boolean;
  /** null when not given; undefined from CKAN 2.12, which drops the param. */
  totalEstimationThreshold: number | null | undefined;
  /** CKAN 2.12's include_next_page (default false); undefined before 2.12. */
  includeNextPage?: boolean;
  recordsFormat: RecordsFormat;
  fullText?: string;
  /**
   * Unknown top-level params (navl's `__extras`), in input order: the DataStore's own check after the resource and
   * access checks refuses the first (recorded on 2.9.11-2.12: {"foo": 1} -> {"__extras": ["invalid value \"foo\""]}).
   */
  extras?: string[];
}

export interface ParamLimits {
  rowsDefault: number;
  rowsMax: number;
  /** The CKAN release whose schema applies (`2.11.2`, or a minor version's newest); default the server's default version. */
  ckanRelease?: string;
}

export type ParamsOutcome = { ok: true; params: SearchParams } | { ok: false; errors: Record<string, string[]> };

const schemaKeys: readonly string[] = [
  'resource_id',
  'id',
  'q',
  'plain',
  'filters',
  'language',
  'limit',
  'offset',
  'fields',
  'sort',
  'distinct',
  'include_total',
  'total_estimation_threshold',
  'records_format',
];

/** The schema's keys for a version: `full_text` from 2.10, `include_next_page` from 2.12. */
function readSchemaKeys(traits: CkanTraits): ReadonlySet<string> {
  const keys = [...schemaKeys];
  if (traits.has('full-text-param')) keys.push('full_text');
  if (traits.has('next-page')) keys.push('include_next_page');
  return new Set(keys);
}

/** Validates CKAN's input dict for datastore_search; errors are keyed by param, sorted as CKAN sorts them. */
export function validateSearchParams(raw: Record<string, unknown>, limits: ParamLimits): ParamsOutcome {
  const traits = ckanTraits(limits.ckanRelease ?? DEFAULT_CKAN_VERSION);
  // why: navl flattens lists of objects into (key, index, subkey) entries, so the key itself counts as missing
  // (2.12's navl flattens them only for keys with a sub-schema, which this schema has none of)
  const flattens = traits.has('navl-flattens-object-lists');
  const input = Object.fromEntries(Object.entries(raw).filter(([, value]) => !(flattens && isListOfObjects(value))));
  const errors: Record<string, string[]> = {};
  const take = <T>(key: string, outcome: Coerced<T>): T | undefined => {
    if (outcome.ok) return outcome.value;
    errors[key] = outcome.errors;
    return undefined;
  };
  const given = (key: string): unknown => (Object.hasOwn(input, key) ? input[key] : undefined);
  const present = (key: string): boolean => given(key) !== undefined && given(key) !== null;

  const resourceId = take('resource_id', coerceResourceId(input));
  const params: SearchParams = {
    resourceId: resourceId ?? '',
    limit: take('limit', coerceLimit(given('limit'), limits.rowsDefault, limits.rowsMax)) ?? 0,
    includeTotal: present('include_total') && given('include_total') !== '' ? (take('include_total', coerceBoolean(given('include_total'))) ?? true) : true,
    totalEstimationThreshold: traits.has('total-estimation')
      ? (take('total_estimation_threshold', coerceInt(given('total_estimation_threshold'))) ?? null)
      : undefined,
    recordsFormat: take('records_format', coerceRecordsFormat(given('records_format'))) ?? 'objects',
  };
  if (present('q')) params.q = coerceQuery(given('q'));
  if (present('plain')) assign(params, 'plain', take('plain', coerceBoolean(given('plain'))));
  if (present('distinct')) assign(params, 'distinct', take('distinct', coerceBoolean(given('distinct'))));
  if (present('filters')) assign(params, 'filters', take('filters', coerceFilters(given('filters'), traits.has('filter-operators'))));
  if (traits.has('next-page')) {
    params.includeNextPage = present('include_next_page') ? (take('include_next_page', coerceBoolean(given('include_next_page'))) ?? false) : false;
  }
  if (present('language')) params.language = coerceText(given('language'));
  if (present('full_text')) params.fullText = coerceText(given('full_text'));
  if (present('offset')) {
    // why: a blank offset becomes None in CKAN and then breaks later (500); treat it as not given
    const offset = take('offset', coerceInt(given('offset')));
    if (offset !== null && offset !== undefined) params.offset = offset;
  }
  if (present('fields')) assign(params, 'fields', take('fields', coerceNameList(given('fields'))));
  if (present('sort')) assign(params, 'sort', take('sort', coerceNameList(given('sort'))));
  const { junk, extras } = findJunk(raw, readSchemaKeys(traits), flattens);
  if (extras.length > 0) params.extras = extras;
  if (junk.length > 0) errors['__junk'] = [`The input field [${junk.map(pyReprTuple).join(', ')}] was not expected.`];
  if (Object.keys(errors).length > 0 || resourceId === undefined) return { ok: false, errors: sortErrors(errors) };
  return { ok: true, params };
}

function assign<K extends keyof SearchParams>(params: SearchParams, key: K, value: SearchParams[K] | undefined): void {
  if (value !== undefined) params[key] = value;
}

/**
 * `id` replaces `resource_id` when truthy (navl's rename); then not_missing, not_empty (which lets
 * false and 0 through) and unicode_safe.
 */
function coerceResourceId(input: Record<string, unknown>): Coerced<string> {
  const id = input['id'];
  const value = isTruthy(id) ? id : input['resource_id'];
  if (value === false || value === 0) return { ok: true, value: coerceText(value) };
  if (!isTruthy(value)) return { ok: false, errors: ['Missing value'] };
  return { ok: true, value: coerceText(value) };
}

function isTruthy(value: unknown): boolean {
  if (value === undefined || value === null || value === false || value === 0 || value === '') return false;
  if (Array.isArray(value)) return value.length > 0;
  if (isPlainObject(value)) return Object.keys(value).length > 0;
  return true;
}

/**
 * Keys navl does not expect, in input order: nested ones as flattened key tuples (`__junk`; a list whose first item
 * is an object is flattened into (key, index, subkey) tuples, which are never expected), top-level ones (`__extras`).
 */
function findJunk(input: Record<string, unknown>, schemaKeys: ReadonlySet<string>, flattens: boolean): { junk: (string | number)[][]; extras: string[] } {
  const junk: (string | number)[][] = [];
  const extras: string[] = [];
  for (const [key, value] of Object.entries(input)) {
    if (flattens && isListOfObjects(value)) junk.push(...flattenList([key], value));
    else if (!schemaKeys.has(key)) extras.push(key);
  }
  return { junk, extras };
}

function isListOfObjects(value: unknown): value is Record<string, unknown>[] {
  return Array.isArray(value) && value.length > 0 && value.every(isPlainObject);
}

function flattenList(prefix: (string | number)[], list: Record<string, unknown>[]): (string | number)[][] {
  const keys: (string | number)[][] = [];
  list.forEach((item, index) => {
    for (const [key, value] of Object.entries(item)) {
      const path = [...prefix, index, key];
      if (isListOfObjects(value)) keys.push(...flattenList(path, value));
      else keys.push(path);
    }
  });
  return keys;
}

function sortErrors(errors: Record<string, string[]>): Record<string, string[]> {
  return Object.fromEntries(Object.entries(errors).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}
