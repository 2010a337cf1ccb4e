// Mutants of the bugs that showed only on an implementation's own data (issue 36): offset counted before the
// filters, an SQL answer that loses a row, LIKE on lower-cased values, a numeric string that matches nothing, a total
// that counts the page. Each breaks one rule and names the cases of cases/ that must catch it.
import { isPlainObject } from '../../src/util/json.ts';
import { actionOf, alterParams, alterResult, fetchJson, jsonAnswer, readFilters, readInt, readParams, withParams } from './alter.ts';
import type { Mutant } from './mutant.ts';
import type { MutantHandler } from './proxy.ts';

const SEARCH = 'datastore_search';
const SQL = 'datastore_search_sql';

/**
 * offset skips rows of the table before the filters and q apply: the matching records after the first `offset`
 * rows, then `limit` of them. The fixtures' _ids run 1, 2, 3... in table order, so those rows are `_id <= offset`.
 */
const offsetBeforeFilters: MutantHandler = async (request, upstream) => {
  const params = readParams(request);
  const offset = readInt(params?.['offset']) ?? 0;
  if (params === undefined || actionOf(request) !== SEARCH || offset === 0 || (readFilters(params) === undefined && params['q'] === undefined)) {
    return upstream(request);
  }
  const { offset: _skipped, ...rest } = params;
  const { response, body } = await fetchJson(withParams(request, { ...rest, limit: 32000 }), upstream);
  const result = isPlainObject(body) ? body['result'] : undefined;
  if (!isPlainObject(body) || !isPlainObject(result) || !Array.isArray(result['records'])) return response;
  const after = result['records'].filter((r) => isPlainObject(r) && typeof r['_id'] === 'number' && r['_id'] > offset);
  const records = after.slice(0, readInt(params['limit']) ?? 100);
  return jsonAnswer(200, { ...body, result: { ...result, records, limit: readInt(params['limit']) ?? 100, offset } });
};

/** Numeric strings in filters ("20") match nothing, as if compared as text with a number column. */
const numericStringMatchesNothing = alterParams(SEARCH, (p) => {
  const filters = readFilters(p);
  if (filters === undefined) return p;
  const numeric = (v: unknown): unknown => (typeof v === 'string' && /^-?\d+(\.\d+)?$/.test(v) ? '-1' : v);
  return { ...p, filters: Object.fromEntries(Object.entries(filters).map(([k, v]) => [k, Array.isArray(v) ? v.map(numeric) : numeric(v)])) };
});

export const DATA_MUTANTS: readonly Mutant[] = [
  {
    name: 'offset-before-filters',
    breaks: 'ckan-datastore.md#3.8',
    caughtBy: ['relations/offset/filtered-tiles', 'relations/offset/q-tiles'],
    handler: offsetBeforeFilters,
  },
  {
    name: 'sql-drops-last-row',
    breaks: 'api.md#4.2/response-records',
    caughtBy: ['relations/sql/where-is-filter'],
    handler: alterResult(SQL, (result) => (Array.isArray(result['records']) ? { ...result, records: result['records'].slice(0, -1) } : result)),
  },
  {
    name: 'like-on-lower-case',
    breaks: 'api.md#4.2/sql-like',
    caughtBy: ['sql/select/like-other-case'],
    handler: alterParams(SQL, (p) => (typeof p['sql'] === 'string' ? { ...p, sql: p['sql'].replace(/("[^"]+")\s+LIKE\b/g, 'lower($1) LIKE') } : p)),
  },
  {
    name: 'numeric-string-matches-nothing',
    breaks: 'api.md#4.1/filters-rule-2',
    caughtBy: ['search/filters/numeric-string'],
    handler: numericStringMatchesNothing,
  },
  {
    name: 'total-counts-page',
    breaks: 'ckan-datastore.md#3.10',
    caughtBy: ['relations/total/counts-matches'],
    handler: alterResult(SEARCH, (result) => (Array.isArray(result['records']) ? { ...result, total: result['records'].length } : result)),
  },
];
