// Builds the SQL text that keyset/offset paging sends to datastore_search_sql (which takes no bind parameters).

/** A double-quoted identifier, as CKAN resource ids and column names are written in SQL. */
export function quoteIdentifier(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

/** A single-quoted literal; PostgreSQL casts it to the column's type, as CKAN does with filter values. */
export function quoteLiteral(value: string): string {
  return `'${value.replaceAll("'", "''")}'`;
}

/** CKAN 2.11 turns a filter value into text for comparison: true → "True", numbers → their text. */
export function filterValueText(value: unknown): string {
  if (value === true) return 'True';
  if (value === false) return 'False';
  if (typeof value === 'string') return value;
  return JSON.stringify(value);
}

export interface ResourcePageQuery {
  resourceId: string;
  /** Output columns; `_id` is always selected too, for the cursor. */
  columns: readonly string[];
  filters: Readonly<Record<string, unknown>> | undefined;
  q: string | undefined;
  afterId: string | null;
  /** The last `_id` of the page's range (`--parallel`), or null for no upper bound. */
  upToId?: string | null;
  limit: number;
}

/** `SELECT ... FROM "<id>" WHERE "_id" > n AND <filters> AND <q> ORDER BY "_id" LIMIT n`. */
export function buildResourcePageSql(query: ResourcePageQuery): string {
  const columns = ['_id', ...query.columns.filter((c) => c !== '_id')].map(quoteIdentifier).join(', ');
  const where = whereClause([...idBounds(query.afterId, query.upToId ?? null), ...resourceConditions(query.filters, query.q)]);
  return `SELECT ${columns} FROM ${quoteIdentifier(query.resourceId)}${where} ORDER BY "_id" LIMIT ${query.limit}`;
}

/**
 * The first and last `_id` of the rows an extract reads (after `afterId`), and with `count` their number:
 * `--parallel` cuts ranges from them.
 */
export function buildIdSpanSql(
  source: { sql: string } | { resourceId: string; filters: Readonly<Record<string, unknown>> | undefined; q: string | undefined },
  afterId: string | null,
  count = true,
): string {
  const select = `SELECT ${count ? 'count(*) AS "rows", ' : ''}min("_id") AS "first", max("_id") AS "last"`;
  if ('sql' in source) return `${select} FROM (${trimStatement(source.sql)}) AS "extract"${whereClause(idBounds(afterId, null))}`;
  return `${select} FROM ${quoteIdentifier(source.resourceId)}${whereClause([...idBounds(afterId, null), ...resourceConditions(source.filters, source.q)])}`;
}

function idBounds(afterId: string | null, upToId: string | null): string[] {
  return [...(afterId === null ? [] : [`"_id" > ${afterId}`]), ...(upToId === null ? [] : [`"_id" <= ${upToId}`])];
}

function whereClause(conditions: readonly string[]): string {
  return conditions.length === 0 ? '' : ` WHERE ${conditions.join(' AND ')}`;
}

/** datastore_search's filters (either-or lists, several fields = AND) and q, as SQL conditions. */
export function resourceConditions(filters: Readonly<Record<string, unknown>> | undefined, q: string | undefined): string[] {
  const conditions: string[] = [];
  for (const [column, value] of Object.entries(filters ?? {})) {
    const values = Array.isArray(value) ? value : [value];
    const list = values.map((v) => quoteLiteral(filterValueText(v))).join(', ');
    // why: an empty either-or list matches nothing (CKAN 2.11 answers 409 there; an extract of nothing is clearer)
    conditions.push(values.length === 0 ? 'false' : `${quoteIdentifier(column)} IN (${list})`);
  }
  if (q !== undefined) conditions.push(`"_full_text" @@ plainto_tsquery('english', ${quoteLiteral(q)})`);
  return conditions;
}

/** Removes one trailing semicolon (CKAN would answer a syntax error for it inside its subquery wrapper). */
export function trimStatement(sql: string): string {
  return sql.trim().replace(/;\s*$/, '').trim();
}

/** Wraps a user query for keyset paging on its `_id` column (up to `upToId` when given: a `--parallel` range). */
export function buildKeysetSql(sql: string, afterId: string | null, limit: number, upToId: string | null = null): string {
  return `SELECT * FROM (${trimStatement(sql)}) AS "extract"${whereClause(idBounds(afterId, upToId))} ORDER BY "_id" LIMIT ${limit}`;
}

/** Wraps a user query for offset paging (kept in the query's own order). */
export function buildOffsetSql(sql: string, offset: number, limit: number): string {
  return `SELECT * FROM (${trimStatement(sql)}) AS "extract" LIMIT ${limit} OFFSET ${offset}`;
}

/** CKAN refuses any SQL text containing a backslash followed by a quote. */
export function isSendableSql(sql: string): boolean {
  return !sql.includes("\\'");
}
