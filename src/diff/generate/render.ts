// A generated request as the parameters one target is sent (its own resource id) and as one logical line for
// people (`${resources.NAME}`), for the console, the reports and replay.
import type { GeneratedRequest, GeneratedSearch, GeneratedSql, LikeCase, LikePlacement, SqlCondition } from './types.ts';

/** The action, locale and parameters of a generated request, with `resourceId` in place of the logical name. */
export interface RenderedRequest {
  method: 'GET' | 'POST';
  locale: string | null;
  action: 'datastore_search' | 'datastore_search_sql';
  params: Record<string, unknown>;
}

/** The LIKE pattern: `%`/`_` placed around or inside the word. */
export function toLikePattern(word: string, placement: LikePlacement): string {
  switch (placement) {
    case 'contains':
      return `%${word}%`;
    case 'prefix':
      return `${word}%`;
    case 'suffix':
      return `%${word}`;
    case 'exact':
      return word;
    case 'underscore-first':
      return `_${word.slice(1)}%`;
    case 'underscore-inside':
      return `%${word.slice(0, 1)}_${word.slice(2)}%`;
    case 'underscore-last':
      return `%${word.slice(0, -1)}_`;
  }
}

/** An SQL identifier in double quotes (`"a""b"`), as a table or column name of a statement. */
export const quoteSqlName = (name: string): string => `"${name.replaceAll('"', '""')}"`;
const quoteText = (text: string): string => `'${text.replaceAll("'", "''")}'`;

/** A word with its letters in the case the pattern asks for. */
function inCase(word: string, letters: LikeCase | undefined): string {
  if (letters === 'upper') return word.toUpperCase();
  if (letters === 'lower') return word.toLowerCase();
  if (letters === 'swapped') return [...word].map((c) => (c === c.toUpperCase() ? c.toLowerCase() : c.toUpperCase())).join('');
  return word;
}

function conditionText(where: SqlCondition): string {
  if (where.kind === 'equals') {
    const value = typeof where.value === 'string' ? quoteText(where.value) : String(where.value);
    return `${quoteSqlName(where.field)} = ${value}`;
  }
  return `${quoteSqlName(where.field)} LIKE ${quoteText(toLikePattern(inCase(where.word, where.letters), where.placement))}`;
}

function sqlParams(request: GeneratedSql, resourceId: string): Record<string, unknown> {
  const columns = request.columns.map(quoteSqlName).join(', ');
  const order = request.ordered === true ? ' ORDER BY "_id"' : '';
  const limit = request.limit === undefined ? '' : ` LIMIT ${request.limit}`;
  return { sql: `SELECT ${columns} FROM ${quoteSqlName(resourceId)} WHERE ${conditionText(request.where)}${order}${limit}` };
}

function searchParams(request: GeneratedSearch, resourceId: string): Record<string, unknown> {
  const params: Record<string, unknown> = { resource_id: resourceId };
  if (request.filters.length > 0) params['filters'] = Object.fromEntries(request.filters);
  if (request.q !== undefined) params['q'] = request.q;
  if (request.limit !== undefined) params['limit'] = request.limit;
  if (request.offset !== undefined) params['offset'] = request.offset;
  if (request.sort !== undefined) {
    // why: ties under a generated sort have no defined order; a final _id gives both targets the same one
    const keys = request.sort.some(([field]) => field === '_id') ? request.sort : [...request.sort, ['_id', 'asc'] as const];
    params['sort'] = keys.map(([field, direction]) => `${field} ${direction}`).join(', ');
  }
  if (request.fields !== undefined) params['fields'] = request.fields.join(',');
  if (request.distinct !== undefined) params['distinct'] = request.distinct;
  return params;
}

/** The request for a target whose id for the request's resource is `resourceId`. */
export function renderRequest(request: GeneratedRequest, resourceId: string): RenderedRequest {
  const locale = request.locale ?? null;
  if (request.kind === 'sql') return { method: request.method, locale, action: 'datastore_search_sql', params: sqlParams(request, resourceId) };
  return { method: request.method, locale, action: 'datastore_search', params: searchParams(request, resourceId) };
}

/** One line in logical names, e.g. `GET datastore_search {"resource_id":"${resources.courses}","filters":{...}}`. */
export function describeRequest(request: GeneratedRequest): string {
  const rendered = renderRequest(request, `\${resources.${request.resource}}`);
  return `${rendered.method} ${rendered.locale === null ? '' : `/${rendered.locale} `}${rendered.action} ${JSON.stringify(rendered.params)}`;
}
