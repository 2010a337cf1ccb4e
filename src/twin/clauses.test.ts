import { describe, expect, it } from 'vitest';
import { coveredClauses, readRequest } from './clauses.ts';

const BASE = 'http://127.0.0.1:5000/ckan';
const post = (action: string, body: unknown, locale = '') => ({
  method: 'POST' as const,
  url: `${BASE}${locale}/api/3/action/${action}`,
  body: JSON.stringify(body),
});
const claims = new Set(['sql', 'offset', 'sort', 'total']);
const clausesOf = (request: ReturnType<typeof post>, numeric = new Set<string>(), claimed = claims) => {
  const read = readRequest(request, BASE);
  return read === undefined ? 'unread' : coveredClauses(read, claimed, numeric);
};

describe('coveredClauses', () => {
  it('names the filter rules, q, limit and the claimed parameters a search exercises', () => {
    const request = post('datastore_search', { resource_id: 'r', filters: { kind: ['a', 'b'], station: 'x' }, q: 'fog', limit: 5, offset: 2 });
    expect(clausesOf(request)).toEqual([
      'api.md#4.1/filters-rule-3',
      'api.md#4.1/filters-rule-1',
      'api.md#4.1/filters-rule-2',
      'api.md#4.1/q',
      'api.md#4.1/limit',
      'ckan-datastore.md#3.8',
    ]);
  });

  it('marks a numeric string on a numeric column, GET and a claimed locale segment', () => {
    const read = readRequest({ method: 'GET', url: `${BASE}/fr/api/action/datastore_search?resource_id=r&filters=%7B%22elevation%22%3A%22600%22%7D` }, BASE);
    expect(read === undefined ? undefined : coveredClauses(read, new Set(['locale']), new Set(['elevation']))).toEqual([
      'api.md#4.1/filters-rule-2',
      'ckan-datastore.md#3.4',
      'api.md#4.1/get',
      'api.md#1/locale-segment',
    ]);
  });

  it('tells LIKE from another WHERE in SQL', () => {
    expect(clausesOf(post('datastore_search_sql', { sql: `SELECT * FROM "r" WHERE "a" LIKE '%x%'` }))).toEqual([
      'api.md#4.2/sql-like',
      'api.md#4.2/response-records',
    ]);
    expect(clausesOf(post('datastore_search_sql', { sql: 'SELECT * FROM "r" WHERE "n" = 3' }))).toEqual(['api.md#4.2/sql', 'api.md#4.2/response-records']);
  });

  it('does not cover a request with anything the description and the claims leave out', () => {
    expect(clausesOf(post('datastore_search', { resource_id: 'r', records_format: 'csv' }))).toBeUndefined();
    expect(clausesOf(post('datastore_search', { resource_id: 'r', distinct: true }))).toBeUndefined();
    expect(clausesOf(post('datastore_search', { resource_id: 'r', filters: { a: [] } }))).toBeUndefined();
    expect(clausesOf(post('datastore_search', { resource_id: 'r' }, '/fr'))).toBeUndefined();
    expect(clausesOf(post('datastore_search_sql', { sql: 'SELECT 1' }), new Set(), new Set())).toBeUndefined();
    expect(clausesOf(post('status_show', {}))).toBeUndefined();
  });
});
