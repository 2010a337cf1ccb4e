// The pieces CKAN's datastore_search builds its statement from (backend/postgres.py: the plugin's
// datastore_search hook, _textsearch_query, _where_clauses, _sort), as each version writes them. Filter values
// are placeholders (see Placeholders); the text keeps CKAN's spelling so that errors quote it exactly.
import type { CkanTraits } from '../ckan-versions.ts';
import { parseSortClause, splitNameList, type FieldInfo } from './columns.ts';
import { isArrayType } from './filters.ts';
import type { SearchParams } from './params.ts';
import { pyStr } from '../python/index.ts';
import { isPlainObject } from '../../util/json.ts';

/** Collects filter values; each gets a sentinel that renderStatement turns into `%s` or `%(value_N)s`. */
export class Placeholders {
  readonly values: unknown[] = [];

  add(value: unknown): string {
    this.values.push(value);
    return `\u0000${this.values.length - 1}\u0000`;
  }
}

/** CKAN's identifier(): a double-quoted name, `"` doubled, NUL dropped. */
export function identifier(name: string): string {
  return `"${name.replaceAll('"', '""').replaceAll('\0', '')}"`;
}

/** CKAN's literal_string(): a single-quoted text, `'` doubled, NUL dropped. */
export function literalString(text: string): string {
  return `'${text.replaceAll("'", "''").replaceAll('\0', '')}'`;
}

/** `%` doubled, as CKAN up to 2.10 escapes the parts of a statement it formats with `%s` parameters. */
export function escapePercent(text: string): string {
  return text.replaceAll('%', '%%');
}

export interface TextQuery {
  /** `, plainto_tsquery('english', 'x') "query", ...` or "". */
  tsQuery: string;
  /** Rank column alias (`rank`, `rank <column>`) to its ts_rank expression, in CKAN's order. */
  ranks: Map<string, string>;
}

/** _textsearch_query: the FROM items and rank columns; `full_text` wins over a string `q` (2.10+). */
export function buildTextQuery(params: SearchParams, traits: CkanTraits): TextQuery {
  const lang = literalString(params.language === undefined || params.language === '' ? 'english' : params.language);
  const fn = params.plain === false ? 'to_tsquery' : 'plainto_tsquery';
  const statements: string[] = [];
  const ranks = new Map<string, string>();
  const add = (text: unknown, field?: string): void => {
    const alias = identifier(field === undefined ? 'query' : `query ${field}`);
    statements.push(`${fn}(${lang}, ${literalString(pyStr(text))}) ${alias}`);
    const vector = field === undefined ? '_full_text' : `to_tsvector(${lang}, cast(${identifier(field)} as text))`;
    ranks.set(field === undefined ? 'rank' : `rank ${field}`, `ts_rank(${vector}, ${alias}, 32)`);
  };
  const q = params.q;
  const fullText = traits.has('full-text-param') && params.fullText !== undefined && params.fullText !== '' ? params.fullText : undefined;
  if (fullText !== undefined) add(fullText);
  else if (typeof q === 'string' && q !== '') add(q);
  if (isPlainObject(q) && (fullText !== undefined || Object.keys(q).length > 0)) {
    for (const [field, value] of Object.entries(q)) add(value, field);
  }
  return { tsQuery: statements.length === 0 ? '' : `, ${statements.join(', ')}`, ranks };
}

/** The plugin's select list: one item per field id (see selectFieldIds), formatted by type and records format. */
export function buildSelectItems(
  params: SearchParams,
  ids: readonly string[],
  types: readonly string[],
  ranks: ReadonlyMap<string, string>,
  traits: CkanTraits,
): string[] {
  const lists = params.recordsFormat === 'lists';
  // why: without the coalesce a null makes a lists record's text null, and array_to_string drops it (CKAN #6713)
  const dropsNullRows = traits.has('lists-null-rows-dropped');
  const orNull = (sql: string, comma = ','): string => (dropsNullRows ? sql : `coalesce(${sql}${comma}'null')`);
  const timestamp = traits.has('timestamp-milliseconds') ? `'YYYY-MM-DD"T"HH24:MI:SS.MS'` : `'YYYY-MM-DD"T"HH24:MI:SS'`;
  return ids.map((id, index) => {
    const type = types[index] ?? '';
    let fmt = lists ? orNull('to_json({0})') : '{0}';
    // why: CKAN's json columns are its `nested` type, which it selects as `(col).json`
    if (type === 'json') fmt = orNull('({0}).json');
    else if (type === 'timestamp') fmt = lists ? orNull(`to_json(to_char({0}, ${timestamp}))`, ', ') : `to_char({0}, ${timestamp})`;
    else if (isArrayType(type)) fmt = orNull('array_to_json({0})');
    const rank = ranks.get(id);
    if (rank !== undefined) return `${fmt.replace('{0}', rank)} as ${identifier(id)}`;
    const item = fmt.replace('{0}', identifier(id));
    return params.recordsFormat === 'objects' ? `${item} as ${identifier(id)}` : item;
  });
}

/** Field ids to select: `fields`, else every column and rank; with `full_text` (2.10+) every column plus `fields`. */
export function selectFieldIds(
  params: SearchParams,
  columns: ReadonlyMap<string, FieldInfo>,
  ranks: ReadonlyMap<string, string>,
  traits: CkanTraits,
): string[] {
  const all = [...columns.keys(), ...ranks.keys()];
  const fields = params.fields;
  if (fields === undefined || fields.length === 0) return all;
  const listed = splitNameList(fields, true).map(String);
  if (!(traits.has('full-text-param') && params.fullText !== undefined && params.fullText !== '')) return listed;
  // why: CKAN's `"rank" not in fields` is a substring test when `fields` is a string
  const wantsRank = fields.includes('rank');
  const base = wantsRank ? all : all.filter((id) => id !== 'rank');
  return [...base, ...listed.filter((id) => !base.includes(id))];
}

/** _sort: the parsed `sort` clauses, else each rank descending (`nulls`: see parseSortClause). */
export function buildSortItems(params: SearchParams, columns: ReadonlyMap<string, FieldInfo>, ranks: ReadonlyMap<string, string>, nulls = true): string[] {
  const clauses = params.sort === undefined ? [] : splitNameList(params.sort, false);
  if (clauses.length === 0) return [...ranks.values()].map((rank) => `${rank} DESC`);
  return clauses.flatMap((clause) => {
    const parsed = parseSortClause(clause, columns, nulls);
    return parsed === undefined ? [] : [`${identifier(parsed.column)} ${parsed.direction}`];
  });
}
