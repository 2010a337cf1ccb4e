// Builds the two statements of one datastore_search: the page of records (rendered inside PostgreSQL,
// as CKAN does), the total and, for CKAN 2.12's include_next_page, the last `_id` of the page. DISTINCT applies
// before ORDER BY/LIMIT/OFFSET in every version (spec 8.1 #1).
import { parseSortClause, splitNameList, type FieldInfo } from './columns.ts';
import type { RecordsFormat } from './coerce.ts';
import { copyCsvSql, copyText } from './csv.ts';
import { ckanTraits, type CkanTraits } from '../ckan-versions.ts';
import type { FilterOp } from './filter-ops.ts';
import { buildFilterClauses, buildFilterTreeClause, isArrayType, UnadaptableValueError } from './filters.ts';
import type { SearchParams } from './params.ts';
import { quoteIdentifier, SqlParams } from './sql-text.ts';
import { buildTextSearch, hasTextQuery, type RankColumn } from './text-search.ts';

export interface SearchQuery {
  /** Output columns, in record order. */
  outputs: FieldInfo[];
  /** The result's `fields` (CKAN quirk: `[]` when `fields` was given as "" or []). */
  resultFields: FieldInfo[];
  recordsSql: string;
  countSql: string;
  params: (string | null)[];
  /** Set when a filter value cannot be adapted: the search fails with Invalid query. */
  adaptError?: UnadaptableValueError;
  /** CKAN 2.12, include_next_page sorted by `_id` alone: the page's last `_id`, and how the next page filters on it. */
  nextPage?: { sql: string; operator: 'gt' | 'lt' };
}

/** How the version shapes the query, and CKAN 2.12's parsed filter tree (which replaces `params.filters`). */
export interface QueryOptions {
  traits?: CkanTraits;
  filterTree?: FilterOp | undefined;
}

export interface QueryTarget {
  table: string;
  /** `_id` first, then the user columns; `_full_text` is never listed. */
  columns: ReadonlyMap<string, FieldInfo>;
}

/**
 * Builds the SQL for validated params whose columns have already been checked (validateColumns). Throws
 * UnknownFilterOperationError for a 2.12 operator CKAN does not know.
 */
export function buildSearchQuery(params: SearchParams, target: QueryTarget, options: QueryOptions = {}): SearchQuery {
  const traits = options.traits ?? ckanTraits('2.11');
  const sqlParams = new SqlParams();
  let adaptError: UnadaptableValueError | undefined;
  let conditions: string[] = [];
  try {
    conditions = buildFilterConditions(params, target, sqlParams, options.filterTree, traits);
  } catch (error) {
    if (!(error instanceof UnadaptableValueError)) throw error;
    adaptError = error;
  }
  const text = buildTextSearch(params, target.columns, sqlParams);
  conditions = [...conditions, ...text.conditions];
  const { outputs, resultFields, exprs } = selectOutputs(params, target.columns, text.ranks);
  const distinct = params.distinct === true;
  const where = conditions.length > 0 ? ` WHERE ${conditions.join(' AND ')}` : '';
  const orderBy = buildOrderBy(params, target.columns, text.ranks, distinct ? exprs : undefined);
  const table = quoteIdentifier(target.table);
  const items = exprs.map((expr, index) => `${expr} AS "c${index}"`).join(', ');
  const inner =
    `SELECT ${distinct ? 'DISTINCT ' : ''}${items} FROM ${table}${where}` +
    `${orderBy.length > 0 ? ` ORDER BY ${orderBy.join(', ')}` : ''} LIMIT ${params.limit} OFFSET ${params.offset ?? 0}`;
  const countSql = distinct ? `SELECT count(*) FROM (SELECT DISTINCT ${exprs.join(', ')} FROM ${table}${where}) AS t` : `SELECT count(*) FROM ${table}${where}`;
  const query: SearchQuery = {
    outputs,
    resultFields,
    recordsSql: wrapRecords(params.recordsFormat, inner, outputs, traits),
    countSql,
    params: sqlParams.values,
  };
  if (adaptError !== undefined) query.adaptError = adaptError;
  if (params.includeNextPage === true && orderBy.length === 1 && /^"_id"(?: |$)/.test(orderBy[0] ?? '')) {
    // why: CKAN reads max/min(_id) of its records_page: the page, or every match when DISTINCT is deferred
    const desc = / desc$/.test(orderBy[0] ?? '');
    const page = distinct
      ? `SELECT "_id" FROM ${table}${where}`
      : `SELECT "_id" FROM ${table}${where} ORDER BY ${orderBy.join(', ')} LIMIT ${params.limit} OFFSET ${params.offset ?? 0}`;
    query.nextPage = { sql: `SELECT ${desc ? 'min' : 'max'}("_id") FROM (${page}) AS p`, operator: desc ? 'lt' : 'gt' };
  }
  return query;
}

function buildFilterConditions(params: SearchParams, target: QueryTarget, sqlParams: SqlParams, tree: FilterOp | undefined, traits: CkanTraits): string[] {
  if (traits.filterOperators) return tree === undefined ? [] : [buildFilterTreeClause(tree, target.columns, sqlParams)];
  const filters = params.filters === undefined || Array.isArray(params.filters) ? {} : params.filters;
  return buildFilterClauses(filters, target.columns, sqlParams, traits.stringifyTextFilters);
}

function selectOutputs(
  params: SearchParams,
  columns: ReadonlyMap<string, FieldInfo>,
  ranks: readonly RankColumn[],
): { outputs: FieldInfo[]; resultFields: FieldInfo[]; exprs: string[] } {
  const rankById = new Map(ranks.map((rank) => [rank.id, rank]));
  const all = [...columns.keys(), ...ranks.map((rank) => rank.id)];
  const listed = params.fields === undefined ? undefined : splitNameList(params.fields, true).map(String);
  const names = listed === undefined || listed.length === 0 ? all : listed;
  const outputs = names.map((name): FieldInfo => columns.get(name) ?? { id: name, type: 'float' });
  const exprs = names.map((name) => rankById.get(name)?.expr ?? quoteIdentifier(name));
  return { outputs, resultFields: listed?.length === 0 ? [] : outputs, exprs };
}

function buildOrderBy(
  params: SearchParams,
  columns: ReadonlyMap<string, FieldInfo>,
  ranks: readonly RankColumn[],
  distinctExprs: readonly string[] | undefined,
): string[] {
  const clauses = params.sort === undefined ? [] : splitNameList(params.sort, false);
  if (clauses.length > 0) {
    return clauses.flatMap((clause) => {
      const parsed = parseSortClause(clause, columns);
      return parsed === undefined ? [] : [`${quoteIdentifier(parsed.column)} ${parsed.direction}`];
    });
  }
  if (hasTextQuery(params) && ranks.length > 0) {
    // why: with DISTINCT, ORDER BY may only use selected expressions; unselected ranks cannot order the page
    const usable = distinctExprs === undefined ? ranks : ranks.filter((rank) => distinctExprs.includes(rank.expr));
    // why: CKAN sorts by rank alone, so ties come back in whatever order the plan gives (PGlite and PostgreSQL
    // differ); `_id` makes the order one and the same everywhere (when DISTINCT selects it, else it cannot order)
    const tieBreak = distinctExprs === undefined || distinctExprs.includes('"_id"') ? ['"_id"'] : [];
    return usable.length === 0 ? [] : [...usable.map((rank) => `${rank.expr} DESC`), ...tieBreak];
  }
  return distinctExprs === undefined ? ['"_id"'] : [];
}

function wrapRecords(format: RecordsFormat, inner: string, outputs: readonly FieldInfo[], traits: CkanTraits): string {
  const timestamp = traits.timestampMilliseconds ? `'YYYY-MM-DD"T"HH24:MI:SS.MS'` : `'YYYY-MM-DD"T"HH24:MI:SS'`;
  const renderJson = (type: string, ref: string): string => renderJsonValue(type, ref, timestamp);
  const refs = outputs.map((field, index) => ({ field, ref: `z."c${index}"` }));
  if (format === 'objects') {
    const items = refs.map(({ field, ref }) => `${renderJson(field.type, ref)} AS ${quoteIdentifier(field.id)}`);
    return `SELECT array_to_json(array_agg(j))::text FROM (SELECT ${items.join(', ')} FROM (${inner}) AS z) AS j`;
  }
  if (format === 'lists') {
    const cells = refs.map(({ field, ref }) => `coalesce(to_json(${renderJson(field.type, ref)})::text, 'null')`);
    return `SELECT '[' || string_agg(j.v, ',') || ']' FROM (SELECT '[' || ${cells.join(` || ',' || `)} || ']' AS v FROM (${inner}) AS z) AS j`;
  }
  const cells = refs.map(({ field, ref }) => ({ text: renderCsv(field.type, ref, timestamp), type: field.type }));
  return copyCsvSql(cells, `(${inner}) AS z`, format === 'csv' ? ',' : '\t');
}

/** A value as records show it: timestamps in `timestamp` format, arrays as JSON arrays, the rest as stored. */
function renderJsonValue(type: string, ref: string, timestamp: string): string {
  if (type === 'timestamp') return `to_char(${ref}, ${timestamp})`;
  if (isArrayType(type)) return `array_to_json(${ref})`;
  return ref;
}

/** A csv/tsv cell's text: as COPY writes it, with NULL json and array values as the text `null` (CKAN quirk). */
function renderCsv(type: string, ref: string, timestamp: string): string {
  if (type === 'timestamp') return `to_char(${ref}, ${timestamp})`;
  if (type === 'json') return `coalesce(${ref}::text, 'null')`;
  if (isArrayType(type)) return `coalesce(array_to_json(${ref})::text, 'null')`;
  return copyText(ref, type);
}
