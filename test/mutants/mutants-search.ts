// Mutants of datastore_search: each breaks one rule of api.md 4.1 (or of CKAN's result) and names the cases
// of cases/ that must catch it.
import { actionOf, alterBody, alterParams, alterResult, localeOf, readFilters, readInt, readParams, withParams, type Params } from './alter.ts';
import { isPlainObject } from '../../src/util/json.ts';
import type { Mutant } from './mutant.ts';
import type { MutantHandler } from './proxy.ts';

const SEARCH = 'datastore_search';

const without =
  (key: string) =>
  (params: Params): Params =>
    Object.fromEntries(Object.entries(params).filter(([k]) => k !== key));

function records(result: Record<string, unknown>): unknown[] | undefined {
  const value = result['records'];
  return Array.isArray(value) ? value : undefined;
}

/** Several filter fields ORed: one upstream query per field, the union of their records in _id order. */
const orFilters: MutantHandler = async (request, upstream) => {
  const params = readParams(request);
  const filters = params === undefined ? undefined : readFilters(params);
  if (params === undefined || filters === undefined || actionOf(request) !== SEARCH || Object.keys(filters).length < 2) return upstream(request);
  const limit = readInt(params['limit']) ?? 100;
  const byId = new Map<unknown, unknown>();
  let first: Record<string, unknown> | undefined;
  for (const [field, value] of Object.entries(filters)) {
    const answer = await upstream(withParams(request, { ...params, filters: { [field]: value }, limit: 32000 }));
    const body: unknown = JSON.parse(answer.body);
    if (!isPlainObject(body) || !isPlainObject(body['result'])) return answer;
    first ??= body;
    for (const record of records(body['result']) ?? []) if (isPlainObject(record)) byId.set(record['_id'], record);
  }
  const union = [...byId.values()].sort((a, b) => Number(isPlainObject(a) ? a['_id'] : 0) - Number(isPlainObject(b) ? b['_id'] : 0));
  const result = isPlainObject(first?.['result']) ? first['result'] : {};
  const body = { ...first, result: { ...result, limit, total: union.length, records: union.slice(0, limit) } };
  return { status: 200, contentType: 'application/json;charset=utf-8', body: JSON.stringify(body) };
};

/** The GET query string is ignored except resource_id. */
const getIgnoresQuery: MutantHandler = (request, upstream) => {
  if (request.method !== 'GET' || actionOf(request) !== SEARCH) return upstream(request);
  const id = new URLSearchParams(request.search).get('resource_id');
  return upstream({ ...request, search: id === null ? '' : new URLSearchParams({ resource_id: id }).toString() });
};

const locale404: MutantHandler = (request, upstream) =>
  localeOf(request) === undefined
    ? upstream(request)
    : Promise.resolve({ status: 404, contentType: 'text/html; charset=utf-8', body: '<html><body>Not Found</body></html>' });

/** limit n is sent as n + 1, and the echoed limit is put back to n. */
const limitPlusOne: MutantHandler = alterResult(
  SEARCH,
  (result, request) => {
    const asked = readInt(readParams(request)?.['limit']);
    return asked === undefined ? result : { ...result, limit: asked };
  },
  alterParams(SEARCH, (p) => {
    const n = readInt(p['limit']);
    return n === undefined ? p : { ...p, limit: n + 1 };
  }),
);

/** A single string filter value is searched as free text instead of compared for equality. */
const filterAsText = alterParams(SEARCH, (p) => {
  const filters = readFilters(p);
  if (filters === undefined) return p;
  const words = Object.values(filters).filter((v): v is string => typeof v === 'string');
  if (words.length === 0) return p;
  const rest = Object.fromEntries(Object.entries(filters).filter(([, v]) => typeof v !== 'string'));
  const { filters: _dropped, ...others } = p;
  return { ...others, q: words.join(' '), ...(Object.keys(rest).length > 0 ? { filters: rest } : {}) };
});

export const SEARCH_MUTANTS: readonly Mutant[] = [
  {
    name: 'ignore-limit',
    breaks: 'api.md#4.1/limit',
    caughtBy: ['search/limit/post', 'search/limit/get-first-n', 'search/limit/one'],
    handler: alterParams(SEARCH, without('limit')),
  },
  {
    name: 'limit-plus-one',
    breaks: 'api.md#4.1/limit',
    caughtBy: ['search/limit/one', 'search/limit/post', 'search/limit/get-first-n'],
    handler: limitPlusOne,
  },
  { name: 'drop-q', breaks: 'api.md#4.1/q', caughtBy: ['search/q/post-limit', 'search/q/get', 'search/q/absent'], handler: alterParams(SEARCH, without('q')) },
  { name: 'or-filters', breaks: 'api.md#4.1/filters-rule-3', caughtBy: ['search/filters/and', 'relations/filters/and-subset'], handler: orFilters },
  {
    name: 'first-of-array',
    breaks: 'api.md#4.1/filters-rule-1',
    caughtBy: [
      'search/filters/either-or',
      'search/filters/either-or-distinct',
      'search/filters/id-either-or',
      'search/filters/with-q-and-limit',
      'relations/filters/either-or-union',
    ],
    handler: alterParams(SEARCH, (p) => {
      const filters = readFilters(p);
      if (filters === undefined) return p;
      return { ...p, filters: Object.fromEntries(Object.entries(filters).map(([k, v]) => [k, Array.isArray(v) ? v.slice(0, 1) : v])) };
    }),
  },
  {
    name: 'ignore-filters',
    breaks: 'api.md#4.1/filters-rule-2',
    caughtBy: ['search/filters/single', 'search/filters/and'],
    handler: alterParams(SEARCH, without('filters')),
  },
  { name: 'filter-as-text', breaks: 'api.md#4.1/filters-rule-2', caughtBy: ['search/filters/single', 'locale/search/get-filters'], handler: filterAsText },
  {
    name: 'get-ignores-query',
    breaks: 'api.md#4.1/get',
    caughtBy: ['search/limit/get-first-n', 'search/core/get-query', 'search/q/get'],
    handler: getIgnoresQuery,
  },
  {
    name: 'locale-404',
    breaks: 'api.md#1/locale-segment',
    caughtBy: ['locale/status', 'locale/search/post', 'locale/search/get-filters', 'locale/sql'],
    handler: locale404,
  },
  {
    name: 'records-renamed',
    breaks: 'api.md#4.1/response-records',
    caughtBy: ['search/core/post-json', 'search/core/get-query'],
    handler: alterResult(undefined, ({ records: rows, ...rest }) => ({ ...rest, rows })),
  },
  {
    name: 'numbers-as-strings',
    breaks: 'ckan-datastore.md#3.12',
    caughtBy: ['ckan/values/types', 'ckan/values/types-any-data'],
    handler: alterResult(undefined, (result) => ({
      ...result,
      records: (records(result) ?? []).map((r) =>
        isPlainObject(r) ? Object.fromEntries(Object.entries(r).map(([k, v]) => [k, typeof v === 'number' ? String(v) : v])) : r,
      ),
    })),
  },
  {
    name: 'reorder-on-sort',
    breaks: 'ckan-datastore.md#3.7',
    caughtBy: ['ckan/sort/desc', 'ckan/sort/text-asc', 'ckan/sort/id-desc'],
    handler: alterResult(SEARCH, (result, request) =>
      readParams(request)?.['sort'] === undefined ? result : { ...result, records: [...(records(result) ?? [])].reverse() },
    ),
  },
  {
    name: 'drop-record',
    breaks: 'api.md#4.1/limit-get-first-n',
    caughtBy: ['search/limit/get-first-n', 'search/limit/post', 'search/filters/and'],
    handler: alterResult(SEARCH, (result) => {
      const list = records(result);
      return list !== undefined && list.length >= 2 ? { ...result, records: list.slice(0, -1) } : result;
    }),
  },
  {
    name: 'duplicate-record',
    breaks: 'api.md#4.1/limit-get-first-n',
    caughtBy: ['search/core/get-post-agree', 'search/limit/get-first-n', 'ckan/distinct/values'],
    handler: alterResult(SEARCH, (result) => {
      const list = records(result);
      return list !== undefined && list.length >= 2 ? { ...result, records: [...list.slice(0, -1), list[0]] } : result;
    }),
  },
  {
    name: 'success-false-200',
    breaks: 'ckan-datastore.md#2.1',
    caughtBy: ['ckan/envelope/success', 'locale/help-url'],
    handler: alterBody(undefined, (body, _request, status) => (status === 200 ? { ...body, success: false } : body)),
  },
  {
    name: 'ignore-offset',
    breaks: 'ckan-datastore.md#3.8',
    caughtBy: ['ckan/offset/page', 'ckan/offset/past-end', 'relations/offset/tiles'],
    handler: alterParams(SEARCH, without('offset')),
  },
  {
    name: 'ignore-include-total',
    breaks: 'ckan-datastore.md#3.10',
    caughtBy: ['ckan/total/excluded'],
    handler: alterResult(SEARCH, (r) => ({ ...r, include_total: false }), alterParams(SEARCH, without('include_total'))),
  },
  {
    name: 'total-is-page-size',
    breaks: 'ckan-datastore.md#3.10',
    caughtBy: ['ckan/total/filtered', 'search/core/post-json', 'search/limit/zero'],
    handler: alterResult(SEARCH, (r) => ('total' in r ? { ...r, total: records(r)?.length ?? 0 } : r)),
  },
  {
    name: 'ignore-fields',
    breaks: 'ckan-datastore.md#3.6',
    caughtBy: ['ckan/fields/projection', 'ckan/fields/comma-string', 'relations/fields/projects'],
    handler: alterParams(SEARCH, without('fields')),
  },
  {
    name: 'ignore-distinct',
    breaks: 'ckan-datastore.md#3.9',
    caughtBy: ['ckan/distinct/values', 'relations/distinct/values'],
    handler: alterParams(SEARCH, without('distinct')),
  },
  {
    name: 'ignore-records-format',
    breaks: 'ckan-datastore.md#3.12',
    caughtBy: ['ckan/records-format/lists', 'ckan/records-format/csv', 'ckan/records-format/tsv'],
    handler: alterParams(SEARCH, without('records_format')),
  },
  {
    name: 'no-rows-max-cap',
    breaks: 'ckan-datastore.md#3.1',
    caughtBy: ['search/limit/rows-max'],
    handler: alterResult(SEARCH, (r, request) => {
      const asked = readInt(readParams(request)?.['limit']);
      return asked !== undefined && asked > 32000 ? { ...r, limit: asked } : r;
    }),
  },
  {
    name: 'links-missing',
    breaks: 'ckan-datastore.md#3.11',
    caughtBy: ['ckan/links/post', 'ckan/links/get-prev', 'ckan/envelope/success'],
    handler: alterResult(SEARCH, ({ _links: _gone, ...rest }) => rest),
  },
  {
    name: 'ignore-plain',
    breaks: 'ckan-datastore.md#3.5',
    caughtBy: ['ckan/q/prefix', 'ckan/q/tsquery-syntax-error'],
    handler: alterParams(SEARCH, without('plain')),
  },
  {
    name: 'rank-dropped',
    breaks: 'ckan-datastore.md#3.5',
    caughtBy: ['ckan/q/rank-column', 'ckan/q/object'],
    handler: alterResult(SEARCH, (r) => ({
      ...r,
      fields: Array.isArray(r['fields']) ? r['fields'].filter((f) => !(isPlainObject(f) && String(f['id']).startsWith('rank'))) : r['fields'],
      records: (records(r) ?? []).map((rec) => (isPlainObject(rec) ? Object.fromEntries(Object.entries(rec).filter(([k]) => !k.startsWith('rank'))) : rec)),
    })),
  },
  {
    name: 'timestamp-with-fraction',
    breaks: 'ckan-datastore.md#3.12',
    caughtBy: ['ckan/rendering/objects', 'ckan/values/types', 'ckan/values/types-any-data'],
    handler: alterResult(SEARCH, (r) => ({
      ...r,
      records: (records(r) ?? []).map((rec) =>
        isPlainObject(rec)
          ? Object.fromEntries(Object.entries(rec).map(([k, v]) => [k, typeof v === 'string' && /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d$/.test(v) ? `${v}.000` : v]))
          : rec,
      ),
    })),
  },
  {
    name: 'alias-not-resolved',
    breaks: 'ckan-datastore.md#3.2',
    caughtBy: ['ckan/alias'],
    handler: alterResult(SEARCH, (r, request) => ({ ...r, resource_id: readParams(request)?.['resource_id'] ?? r['resource_id'] })),
  },
];
