// Builds the two statements of one datastore_search: the page of records (rendered inside PostgreSQL,
// as CKAN does) and the total. DISTINCT applies before ORDER BY/LIMIT/OFFSET (spec 8.1 #1).
import { parseSortClause, splitNameList, type FieldInfo } from './columns.ts';
import type { RecordsFormat } from './coerce.ts';
import { buildFilterClauses, isArrayType, UnadaptableValueError } from './filters.ts';
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
}

export interface QueryTarget {
  table: string;
  /** `_id` first, then the user columns; `_full_text` is never listed. */
  columns: ReadonlyMap<string, FieldInfo>;
}

const timestampFormat = `'YYYY-MM-DD"T"HH24:MI:SS'`;

/** Builds the SQL for validated params whose columns have already been checked (validateColumns). */
export function buildSearchQuery(params: SearchParams, target: QueryTarget): SearchQuery {
  const sqlParams = new SqlParams();
  let adaptError: UnadaptableValueError | undefined;
  let conditions: string[] = [];
  try {
    conditions = buildFilterClauses(params.filters ?? {}, target.columns, sqlParams);
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
  const countSql = distinct
    ? `SELECT count(*) FROM (SELECT DISTINCT ${exprs.join(', ')} FROM ${table}${where}) AS t`
    : `SELECT count(*) FROM ${table}${where}`;
  const query: SearchQuery = {
    outputs,
    resultFields,
    recordsSql: wrapRecords(params.recordsFormat, inner, outputs),
    countSql,
    params: sqlParams.values,
  };
  if (adaptError !== undefined) query.adaptError = adaptError;
  return query;
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
    return usable.map((rank) => `${rank.expr} DESC`);
  }
  return distinctExprs === undefined ? ['"_id"'] : [];
}

function wrapRecords(format: RecordsFormat, inner: string, outputs: readonly FieldInfo[]): string {
  const refs = outputs.map((field, index) => ({ field, ref: `z."c${index}"` }));
  if (format === 'objects') {
    const items = refs.map(({ field, ref }) => `${renderJson(field.type, ref)} AS ${quoteIdentifier(field.id)}`);
    return `SELECT array_to_json(array_agg(j))::text FROM (SELECT ${items.join(', ')} FROM (${inner}) AS z) AS j`;
  }
  if (format === 'lists') {
    const cells = refs.map(({ field, ref }) => `coalesce(to_json(${renderJson(field.type, ref)})::text, 'null')`);
    return `SELECT '[' || string_agg(j.v, ',') || ']' FROM (SELECT '[' || ${cells.join(` || ',' || `)} || ']' AS v FROM (${inner}) AS z) AS j`;
  }
  const cells = refs.map(({ field, ref }, index) => `${renderCsv(field.type, ref)} AS "c${index}"`);
  return `SELECT ${cells.join(', ')} FROM (${inner}) AS z`;
}

/** A value as records show it: timestamps without fractions, arrays as JSON arrays, the rest as stored. */
function renderJson(type: string, ref: string): string {
  if (type === 'timestamp') return `to_char(${ref}, ${timestampFormat})`;
  if (isArrayType(type)) return `array_to_json(${ref})`;
  return ref;
}

/** A csv/tsv cell: as COPY writes it, with NULL json and array values as the text `null` (CKAN quirk). */
function renderCsv(type: string, ref: string): string {
  if (type === 'timestamp') return `to_char(${ref}, ${timestampFormat})`;
  if (type === 'json') return `coalesce(${ref}::text, 'null')`;
  if (isArrayType(type)) return `coalesce(array_to_json(${ref})::text, 'null')`;
  return ref;
}
