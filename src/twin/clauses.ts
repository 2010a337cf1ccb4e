// Which clauses a request exercises, read from the request itself (the catalogue's and the generated alike), and
// whether the API description covers it: only such a request can break it. A request with anything else (an error
// case, `records_format`, `plain`, a parameter the profile does not claim) can only differ from CKAN.
import type { HttpRequest } from '../http/index.ts';
import { isPlainObject } from '../util/json.ts';

/** A request as the judge reads it. */
export interface ReadRequest {
  action: string;
  method: string;
  locale: string | undefined;
  params: Record<string, unknown>;
}

/** The clauses of api.md (and the capability sections of ckan-datastore.md a profile claims) a request exercises. */
export const CLAUSES = Object.freeze({
  eitherOr: 'api.md#4.1/filters-rule-1',
  single: 'api.md#4.1/filters-rule-2',
  numericString: 'ckan-datastore.md#3.4',
  and: 'api.md#4.1/filters-rule-3',
  q: 'api.md#4.1/q',
  limit: 'api.md#4.1/limit',
  get: 'api.md#4.1/get',
  locale: 'api.md#1/locale-segment',
  records: 'api.md#4.1/response-records',
  sql: 'api.md#4.2/sql',
  like: 'api.md#4.2/sql-like',
  sqlRecords: 'api.md#4.2/response-records',
  offset: 'ckan-datastore.md#3.8',
  sort: 'ckan-datastore.md#3.7',
  fields: 'ckan-datastore.md#3.6',
  distinct: 'ckan-datastore.md#3.9',
  total: 'ckan-datastore.md#3.10',
});

/** Search parameters beyond the description's four, each covered when the profile claims the capability of its name. */
const CLAIMABLE = ['offset', 'sort', 'fields', 'distinct'] as const;
const SEARCH_PARAMS = new Set(['resource_id', 'q', 'filters', 'limit']);

/** The action, method, locale and parameters of a request to `baseUrl` (query string values as text, filters as JSON). */
export function readRequest(request: HttpRequest, baseUrl: string): ReadRequest | undefined {
  const url = new URL(request.url);
  const basePath = new URL(baseUrl).pathname.replace(/\/+$/, '');
  if (!url.pathname.startsWith(basePath)) return undefined;
  const match = /^(?:\/([^/]+))?\/api(?:\/3)?\/action\/([^/]+)$/.exec(url.pathname.slice(basePath.length));
  if (match === null) return undefined;
  const params: Record<string, unknown> = {};
  if (request.method === 'GET') {
    for (const key of new Set(url.searchParams.keys())) {
      const all = url.searchParams.getAll(key);
      params[key] = key === 'filters' ? parseJson(all[0] ?? '') : all.length === 1 ? all[0] : all;
    }
  } else {
    if ([...url.searchParams.keys()].length > 0) return undefined;
    const body = parseJson(request.body ?? '');
    if (!isPlainObject(body)) return undefined;
    Object.assign(params, body);
  }
  return { action: match[2] ?? '', method: request.method, locale: match[1], params };
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

const isScalar = (value: unknown): boolean => typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean';

/**
 * The clauses `request` exercises when the API description (with the claimed capabilities) covers it, else
 * undefined. `numericFields`: the columns of numeric type, where a filter given as a string is CKAN's 3.4.
 */
export function coveredClauses(request: ReadRequest, claims: ReadonlySet<string>, numericFields: ReadonlySet<string>): string[] | undefined {
  if (request.locale !== undefined && !claims.has('locale')) return undefined;
  const common = [...(request.method === 'GET' ? [CLAUSES.get] : []), ...(request.locale === undefined ? [] : [CLAUSES.locale])];
  if (request.action === 'datastore_search_sql') {
    const { sql, ...rest } = request.params;
    if (!claims.has('sql') || typeof sql !== 'string' || Object.keys(rest).length > 0) return undefined;
    return [/\bLIKE\b/i.test(sql) ? CLAUSES.like : CLAUSES.sql, CLAUSES.sqlRecords, ...common];
  }
  if (request.action !== 'datastore_search') return undefined;
  const clauses: string[] = [];
  for (const [key, value] of Object.entries(request.params)) {
    if (SEARCH_PARAMS.has(key)) continue;
    const claimable = CLAIMABLE.find((name) => name === key);
    if (claimable === undefined || !claims.has(claimable)) return undefined;
    if (key === 'distinct' && value !== true && value !== 'true') return undefined;
    clauses.push(CLAUSES[claimable]);
  }
  const filters = filterClauses(request.params['filters'], numericFields);
  if (filters === undefined || (request.params['q'] !== undefined && typeof request.params['q'] !== 'string')) return undefined;
  return [
    ...filters,
    ...(request.params['q'] === undefined ? [] : [CLAUSES.q]),
    ...(request.params['limit'] === undefined ? [] : [CLAUSES.limit]),
    ...clauses,
    ...common,
  ];
}

function filterClauses(filters: unknown, numericFields: ReadonlySet<string>): string[] | undefined {
  if (filters === undefined) return [];
  if (!isPlainObject(filters)) return undefined;
  const clauses = new Set<string>();
  const entries = Object.entries(filters);
  if (entries.length > 1) clauses.add(CLAUSES.and);
  for (const [field, value] of entries) {
    const values = Array.isArray(value) ? value : [value];
    if (values.length === 0 || !values.every(isScalar)) return undefined;
    clauses.add(Array.isArray(value) ? CLAUSES.eitherOr : CLAUSES.single);
    if (numericFields.has(field) && values.some((v) => typeof v === 'string')) clauses.add(CLAUSES.numericString);
  }
  return [...clauses];
}
