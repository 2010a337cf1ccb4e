// The statements of one datastore_search exactly as the imitated CKAN release writes them (search_data in
// backend/postgres.py): its template text, indentation included, with `%s` (up to 2.10) or `%(value_N)s` (2.11+)
// placeholders. The server runs them after psycopg2's interpolation, so rows, order and errors are CKAN's own.
// Layouts, by trait: flat, inner sort (distinct-after-limit: the page cut in a subselect, CKAN #8709) and search-cte
// (2.12: `WITH records_page`, DISTINCT within the page again).
import type { CkanTraits } from '../ckan-versions.ts';
import type { FieldInfo } from './columns.ts';
import type { FilterOp } from './filter-ops.ts';
import type { SearchParams } from './params.ts';
import type { PyParams } from './psycopg.ts';
import { buildSelectItems, buildSortItems, buildTextQuery, escapePercent, identifier, Placeholders, selectFieldIds } from './statement-parts.ts';
import { buildWhereClauses } from './statement-where.ts';

/** A statement as CKAN reports it in `info`: its text and its params. */
export interface CkanStatement {
  text: string;
  params: PyParams;
}

/** csv/tsv: the statement is `COPY (<select>) TO STDOUT ...`; these lengths cut the select out of it. */
export interface CopyShape {
  delimiter: ',' | '\t';
  headLength: number;
  tailLength: number;
  /**
   * Releases with the trait copy-mogrify-list first pass the statement as written (`:value_N` placeholders, `%` as
   * is) through psycopg2's mogrify with a list of dicts: this text, and whether it had values.
   */
  mogrify?: { text: string; hasValues: boolean };
}

export interface SearchStatements {
  records: CkanStatement;
  copy?: CopyShape;
  count: CkanStatement;
  /** 2.12 include_next_page sorted on `_id` alone: the `next_page` operator; csv/tsv read the last id separately. */
  nextPage?: { operator: 'gt' | 'lt'; statement?: CkanStatement };
  /** Types of the selected fields, in record order (rank columns: float). */
  fieldTypes: string[];
  /** The rank columns' names (`rank`, `rank <column>`), which `fields` may list. */
  rankIds: string[];
}

const i12 = '\n            ';
const i16 = '\n                ';
const i20 = '\n                    ';

/** Builds the records and count statements for validated params whose columns have been checked. */
export function buildSearchStatements(
  params: SearchParams,
  columns: ReadonlyMap<string, FieldInfo>,
  table: string,
  options: { traits: CkanTraits; tree?: FilterOp | undefined },
): SearchStatements {
  const { traits } = options;
  const legacy = !traits.has('pyformat-params');
  const cte = traits.has('search-cte');
  const flat = !cte && !traits.has('distinct-after-limit');
  const esc = (text: string): string => (legacy ? escapePercent(text) : text);
  const text = buildTextQuery(params, traits);
  const placeholders = new Placeholders();
  const clauses = buildWhereClauses(params, columns, placeholders, { traits, tree: options.tree });
  const where = clauses.length === 0 ? '' : `WHERE ${clauses.map((clause) => `(${clause})`).join(' AND ')}`;
  const fieldIds = selectFieldIds(params, columns, text.ranks, traits);
  const fieldTypes = fieldIds.map((id) => (text.ranks.has(id) ? 'float' : (columns.get(id)?.type ?? '')));
  const items = buildSelectItems(params, fieldIds, fieldTypes, text.ranks, traits);
  const select = esc(items.join(params.recordsFormat === 'lists' ? " || ',' || " : ', '));
  const distinct = params.distinct === true ? 'DISTINCT' : '';
  let sort = buildSortItems(params, columns, text.ranks, !traits.has('sort-nulls-refused'));
  if (sort.length === 0 && distinct === '') sort = [cte ? '"_id" asc' : '_id'];
  // why: a `%s` statement has its `%` doubled, but not the sort of sort-percent-unescaped releases: psycopg2 then fails (a 500)
  const escapeSort = legacy && !traits.has('sort-percent-unescaped');
  const sortClause = sort.length === 0 ? '' : `ORDER BY ${escapeSort ? escapePercent(sort.join(', ')) : sort.join(', ')}`;
  const resource = flat ? `"${esc(table)}"` : identifier(esc(table));
  const parts: Parts = { distinct, select, resource, tsQuery: esc(text.tsQuery), where, sortClause, limit: params.limit, offset: params.offset ?? 0 };
  const render = (statement: string): CkanStatement => renderStatement(statement, placeholders.values, legacy);
  const nextPage = cte ? readNextPage(params, sort) : undefined;
  const records = cte ? buildCteRecords(params, parts, nextPage?.select) : buildClassicRecords(params, parts, flat);
  const count = render(buildCount(parts, traits, table));
  const statements: SearchStatements = { records: render(records.text), count, fieldTypes, rankIds: [...text.ranks.keys()] };
  if (records.copy !== undefined) statements.copy = records.copy;
  if (records.copy !== undefined && traits.has('copy-mogrify-list')) {
    const text = records.text.replace(/\0(\d+)\0/g, (_, index: string) => `:value_${index}`);
    statements.copy = { ...records.copy, mogrify: { text, hasValues: placeholders.values.length > 0 } };
  }
  if (nextPage !== undefined) {
    statements.nextPage = { operator: nextPage.operator };
    if (records.copy !== undefined) statements.nextPage.statement = render(buildCopyNextPage(parts, nextPage.select, distinct !== ''));
  }
  return statements;
}

interface Parts {
  distinct: string;
  select: string;
  resource: string;
  tsQuery: string;
  where: string;
  sortClause: string;
  limit: number;
  offset: number;
}

interface RecordsText {
  text: string;
  copy?: CopyShape;
}

function buildClassicRecords(params: SearchParams, p: Parts, flat: boolean): RecordsText {
  const page = `${p.where} ${p.sortClause} LIMIT ${p.limit} OFFSET ${p.offset}`;
  const inner = `${i16}FROM (${i20}SELECT * FROM ${p.resource} ${p.tsQuery}${i20}${page}${i16}) as z`;
  const from = flat ? `${i16}FROM ${p.resource} ${p.tsQuery}${i16}${page}` : inner;
  if (params.recordsFormat === 'lists') {
    const listsFrom = flat ? `${i16}FROM (${i20}SELECT * FROM ${p.resource} ${p.tsQuery}${i20}${page}) as z` : inner;
    return {
      text: `${i12}SELECT '[' || array_to_string(array_agg(j.v), ',') || ']' FROM (${i16}SELECT ${p.distinct} '[' || ${p.select} || ']' v${listsFrom}${i12}) AS j`,
    };
  }
  if (params.recordsFormat === 'objects')
    return { text: `${i12}SELECT array_to_json(array_agg(j))::text FROM (${i16}SELECT ${p.distinct} ${p.select}${from}${i12}) AS j` };
  const delimiter = params.recordsFormat === 'csv' ? ',' : '\t';
  return copyText(`${i12}COPY (`, `${i16}SELECT ${p.distinct} ${p.select}${from}`, `${i12}) TO STDOUT csv DELIMITER '${delimiter}' `, delimiter);
}

function buildCteRecords(params: SearchParams, p: Parts, lastIdSelect: string | undefined): RecordsText {
  const page = `${p.sortClause} LIMIT ${p.limit} OFFSET ${p.offset}`;
  const [final, distinctFinal] = p.distinct === '' ? [`${p.where} ${page}`, ''] : [p.where, page];
  const recordsPage = `SELECT * FROM ${p.resource} ${p.tsQuery} ${final}`;
  const nextId = (columns: string, from: string): string =>
    lastIdSelect === undefined
      ? ` SELECT ${columns} FROM ${from}`
      : `, next_id AS (${i16}SELECT ${lastIdSelect} n FROM records_page${i12}) SELECT ${columns}, next_id.n from ${from}, next_id${i12}`;
  if (params.recordsFormat === 'objects') {
    const cols = `${i12}), select_cols AS (${i16}SELECT ${p.distinct} ${p.select} FROM records_page ${distinctFinal}`;
    const json = `${i12}), json_cols AS (${i16}SELECT array_to_json(array_agg(select_cols))::text j${i16}FROM select_cols${i12})`;
    return { text: `${i12}WITH records_page AS (${i16}${recordsPage}${cols}${json}${nextId('json_cols.j', 'json_cols')}` };
  }
  if (params.recordsFormat === 'lists') {
    const cols = `${i12}), select_cols AS (${i16}SELECT ${p.distinct} '[' || ${p.select} || ']' v FROM records_page${i16}${distinctFinal}`;
    const lists = `${i12}), list_cols AS (${i16}SELECT '[' || array_to_string(array_agg(select_cols.v), ',') || ']' lc${i16}FROM select_cols${i12})`;
    return { text: `${i12}WITH records_page AS (${i16}${recordsPage}${cols}${lists}${nextId('list_cols.lc', 'list_cols')}` };
  }
  const delimiter = params.recordsFormat === 'csv' ? ',' : '\t';
  const body = `${i16}WITH records_page AS (${i20}${recordsPage}${i16}) SELECT ${p.distinct} ${p.select}${i16}FROM records_page ${distinctFinal}`;
  return copyText(`${i12}COPY (`, body, `${i12}) TO STDOUT csv${delimiter === ',' ? '' : ` DELIMITER '\t'`}\n        `, delimiter);
}

function copyText(head: string, body: string, tail: string, delimiter: ',' | '\t'): RecordsText {
  return { text: `${head}${body}${tail}`, copy: { delimiter, headLength: Array.from(head).length, tailLength: Array.from(tail).length } };
}

function buildCopyNextPage(p: Parts, lastIdSelect: string, distinct: boolean): string {
  const final = distinct ? p.where : `${p.where} ${p.sortClause} LIMIT ${p.limit} OFFSET ${p.offset}`;
  const indent = '\n                        ';
  return `${i20}SELECT ${lastIdSelect} FROM (${indent}SELECT "_id" FROM ${p.resource} ${p.tsQuery}${indent}${final}${i20}) as z\n                `;
}

/** The total: CKAN counts the rows of the unpaged select; 2.12 reads its cached row count when nothing narrows. */
function buildCount(p: Parts, traits: CkanTraits, table: string): string {
  const cte = traits.has('search-cte');
  if (traits.has('cached-row-count') && p.where === '' && p.distinct === '' && !table.startsWith('_')) return `SELECT count(*) FROM ${identifier(table)}`;
  const resource = cte ? p.resource : `"${traits.has('pyformat-params') ? table : escapePercent(table)}"`;
  return `SELECT count(*) FROM (${i16}SELECT ${p.distinct} ${p.select}${i16}FROM ${resource} ${p.tsQuery} ${p.where}) as t;`;
}

/** 2.12: with include_next_page and a sort on `_id` alone, the page's max (min when descending) `_id`. */
function readNextPage(params: SearchParams, sort: readonly string[]): { operator: 'gt' | 'lt'; select: string } | undefined {
  const only = sort.length === 1 ? sort[0] : undefined;
  if (params.includeNextPage !== true || only === undefined || !only.startsWith('"_id"')) return undefined;
  return only.endsWith(' desc') ? { operator: 'lt', select: 'min(_id)' } : { operator: 'gt', select: 'max(_id)' };
}

/** The text CKAN reports: placeholders as `%s` with a list, or as `%(value_N)s` with a dict (all `%` doubled). */
function renderStatement(text: string, values: readonly unknown[], legacy: boolean): CkanStatement {
  if (legacy) return { text: text.replace(/\0(\d+)\0/g, '%s'), params: [...values] };
  const params: Record<string, unknown> = {};
  values.forEach((value, index) => {
    params[`value_${index}`] = value;
  });
  return { text: escapePercent(text).replace(/\0(\d+)\0/g, (_, index: string) => `%(value_${index})s`), params };
}
