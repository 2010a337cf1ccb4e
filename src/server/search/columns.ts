// The table's columns as datastore_search sees them, and step 4 of the action: CKAN's column-level
// validation of unknown params (`__extras`), `fields`, `filters`, `offset`, `q` and `sort` (backend validate + datastore_validate),
// which stops at the first failing param, in that (alphabetical) order.
import type { SearchParams } from './params.ts';
import { pyStr } from '../python/index.ts';
import { isPlainObject } from '../../util/json.ts';

/** One column of `fields` in the result: `_id` is "int", rank columns "float". */
export interface FieldInfo {
  id: string;
  type: string;
  info?: Record<string, unknown>;
}

/** A sort clause CKAN accepts: a real column and its SQL direction as CKAN writes it, e.g. `desc nulls first`. */
export interface SortClause {
  column: string;
  direction: string;
}

/**
 * get_list: a comma-separated string (items trimmed) or a list; with stripQuotes, an item whose first
 * and last characters are equal is trimmed and loses its surrounding double quotes.
 */
export function splitNameList(value: string | readonly unknown[], stripQuotes: boolean): unknown[] {
  if (value === '') return [];
  const items: unknown[] = typeof value === 'string' ? value.split(',').map((item) => item.trim()) : [...value];
  return stripQuotes ? items.map(stripQuoted) : items;
}

function stripQuoted(item: unknown): unknown {
  if (typeof item !== 'string') return item;
  const chars = Array.from(item);
  if (chars.length === 0 || chars[0] !== chars[chars.length - 1]) return item;
  return item.trim().replace(/^"+|"+$/gu, '');
}

// why: Python's `.` excludes only \n and its `$` also matches before a final \n
const sortPattern = /^([^\n]+?)( +(asc|desc))?( nulls +(first|last) *)?\n?$/iu;
// releases without `nulls first|last` (the trait sort-nulls-refused) allow spaces after the direction instead
const sortPatternWithoutNulls = /^([^\n]+?)( +(asc|desc) *)?\n?$/iu;

/**
 * _parse_sort_clause: `<column>[ asc|desc][ nulls first|last]`, the column optionally in double quotes; `nulls`
 * false for releases that know no nulls clause.
 */
export function parseSortClause(clause: unknown, columns: ReadonlyMap<string, FieldInfo>, nulls = true): SortClause | undefined {
  if (typeof clause !== 'string') return undefined;
  const match = (nulls ? sortPattern : sortPatternWithoutNulls).exec(clause);
  if (match === null) return undefined;
  let column = match[1] ?? '';
  if (column.length >= 1 && column.startsWith('"') && column.endsWith('"')) column = column.slice(1, -1);
  if (!columns.has(column)) return undefined;
  // why: CKAN appends the nulls part as written (its spaces kept), lower-cased
  const direction = (match[3] ?? 'asc').toLowerCase() + (nulls ? (match[4] ?? '') : '').toLowerCase();
  return { column, direction };
}

/** Names `fields` may list: every column, plus `rank` for a string `q`, `rank <col>` for object-`q` columns. */
export function listSelectableNames(params: SearchParams, columns: ReadonlyMap<string, FieldInfo>): Set<string> {
  const names = new Set(columns.keys());
  const q = params.q;
  if (typeof q === 'string' && q !== '') names.add('rank');
  if (isPlainObject(q)) {
    for (const [key, value] of Object.entries(q)) if (columns.has(key) && typeof value === 'string') names.add(`rank ${key}`);
  }
  return names;
}

/** How the release checks columns: `filterOperators` (2.12: the filter parser has judged `filters` already), `sortNulls`. */
export interface ColumnRules {
  filterOperators?: boolean;
  /** A sort clause may end in `nulls first|last` (default true). */
  sortNulls?: boolean;
}

/** Returns CKAN's `{param: ['invalid value "..."']}` for the first failing param, or undefined. */
export function validateColumns(params: SearchParams, columns: ReadonlyMap<string, FieldInfo>, rules: ColumnRules = {}): Record<string, string[]> | undefined {
  const { filterOperators = false, sortNulls = true } = rules;
  const invalid = (key: string, value: unknown): Record<string, string[]> => ({ [key]: [`invalid value "${pyStr(value)}"`] });
  // why: CKAN's validate walks the sorted input dict, where `__extras` (unknown params) comes first
  if (params.extras !== undefined && params.extras.length > 0) return invalid('__extras', params.extras[0]);
  if (params.fields !== undefined) {
    const selectable = listSelectableNames(params, columns);
    const unknown = splitNameList(params.fields, true).find((name) => typeof name !== 'string' || !selectable.has(name));
    if (unknown !== undefined) return invalid('fields', unknown);
  }
  if (params.filters !== undefined && !filterOperators) {
    const unknown = Object.keys(params.filters).find((key) => !columns.has(key));
    if (unknown !== undefined) return invalid('filters', unknown);
  }
  if (params.offset !== undefined && params.offset < 0) return invalid('offset', params.offset);
  if (isPlainObject(params.q)) {
    const entries = Object.entries(params.q);
    const bad = entries.find(([key, value]) => !columns.has(key) || typeof value !== 'string');
    if (bad !== undefined) return invalid('q', bad[0]);
  }
  if (params.sort !== undefined) {
    const bad = splitNameList(params.sort, false).find((clause) => parseSortClause(clause, columns, sortNulls) === undefined);
    if (bad !== undefined) return invalid('sort', bad);
  }
  return undefined;
}
