// The record order a datastore_search request implies (ckan-datastore.md 3.5 and 3.7), so that every case that
// sorts, searches or pages checks the order of what comes back, on any data.
import { compareCkanVersions, type CkanVersion } from '../schema/ckan-version.ts';
import { isPlainObject } from '../util/json.ts';

/** One ORDER BY key as a client can check it on the returned records. */
export interface OrderKey {
  field: string;
  direction: 'asc' | 'desc';
  /** Explicit NULLS FIRST/LAST of the sort clause; absent = PostgreSQL's default for the direction. */
  nulls?: 'first' | 'last';
}

/** The order the records must follow, and where it comes from (for findings). */
export interface ImpliedOrder {
  keys: OrderKey[];
  /** `sort`: the request's sort; `rank`: a text query without sort; `default`: neither (CKAN sorts by _id). */
  source: 'sort' | 'rank' | 'default';
}

/** CKAN's sort clause: `<column>[ asc|desc][ nulls first|last]`, keywords case-insensitive, column maybe quoted. */
const SORT_CLAUSE = /^(.+?)( +(asc|desc))?( nulls +(first|last) *)?$/i;

/**
 * The order `params` imply for datastore_search, or undefined when none can be checked:
 * - `sort` given: its clauses, left to right (every version);
 * - a text query (`q`, `full_text`) and no sort: the rank columns, highest first from CKAN 2.9 (2.8 sorts a string
 *   q's rank ascending, and an object q by nothing); not derived when the version is unknown;
 * - neither, and no `distinct`: `_id` ascending (every version); `distinct` without sort has no order at all.
 */
export function deriveImpliedOrder(
  action: string,
  params: Readonly<Record<string, unknown>> | undefined,
  version: CkanVersion | undefined,
): ImpliedOrder | undefined {
  // why: _table_metadata is a view over pg_class, not a DataStore table; its _id order is not CKAN's to promise
  if (action !== 'datastore_search' || params === undefined || params['resource_id'] === '_table_metadata') return undefined;
  const sort = params['sort'];
  if (sort !== undefined && sort !== null && sort !== '' && !(Array.isArray(sort) && sort.length === 0)) {
    const keys = parseSort(sort);
    return keys === undefined ? undefined : { keys, source: 'sort' };
  }
  const q = params['q'];
  const wholeRow = (typeof q === 'string' && q !== '') || (typeof params['full_text'] === 'string' && params['full_text'] !== '');
  const columns = isPlainObject(q) ? Object.keys(q) : [];
  if (wholeRow || columns.length > 0) return rankOrder(wholeRow, columns, version);
  return isTrue(params['distinct']) ? undefined : { keys: [{ field: '_id', direction: 'asc' }], source: 'default' };
}

function rankOrder(wholeRow: boolean, columns: readonly string[], version: CkanVersion | undefined): ImpliedOrder | undefined {
  if (version === undefined) return undefined;
  if (compareCkanVersions(version, '2.9') < 0) {
    return wholeRow ? { keys: [{ field: 'rank', direction: 'asc' }], source: 'rank' } : undefined;
  }
  const names = [...(wholeRow ? ['rank'] : []), ...columns.map((c) => `rank ${c}`)];
  return { keys: names.map((field) => ({ field, direction: 'desc' })), source: 'rank' };
}

/** CKAN's parsing of `sort` (a list of clauses, or one comma-separated string); undefined if a clause is not one. */
export function parseSort(sort: unknown): OrderKey[] | undefined {
  const clauses = typeof sort === 'string' ? sort.split(',').map((c) => c.trim()) : Array.isArray(sort) ? sort : undefined;
  if (clauses === undefined) return undefined;
  const keys: OrderKey[] = [];
  for (const clause of clauses) {
    if (typeof clause !== 'string') return undefined;
    const match = SORT_CLAUSE.exec(clause);
    if (match === null) return undefined;
    let field = match[1] ?? '';
    if (field.length > 1 && field.startsWith('"') && field.endsWith('"')) field = field.slice(1, -1);
    const direction = match[3]?.toLowerCase() === 'desc' ? 'desc' : 'asc';
    const nulls = match[5]?.toLowerCase();
    keys.push(nulls === 'first' || nulls === 'last' ? { field, direction, nulls } : { field, direction });
  }
  return keys;
}

function isTrue(value: unknown): boolean {
  return value === true || (typeof value === 'string' && /^(true|1|yes|on)$/i.test(value.trim()));
}
