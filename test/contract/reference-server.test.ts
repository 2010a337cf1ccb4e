// The contract against the bundled reference server, over real HTTP with the kit's own client: every answer
// CKAN would give keeps the ckan profile, and breaking a real answer is caught.
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkResponse } from '../../src/contract/index.ts';
import { createHttpClient, type HttpClient, type HttpRequest } from '../../src/http/index.ts';
import { startReferenceServer, type ReferenceServer } from '../../src/server/index.ts';

const BOOKS = '0b6d1a52-3f1e-4c4a-9d7e-2f5c8a1e6b01';
const SECRET = '7c1e0f4a-9b2d-4e8f-a3c5-6d7e8f9a0b12';
const TOKEN = 'contract-test-token';

let server: ReferenceServer;
let client: HttpClient;

beforeAll(async () => {
  server = await startReferenceServer({ fixturesDir: path.join(import.meta.dirname, 'fixtures'), config: { apiTokens: [TOKEN] } });
  client = createHttpClient({ timeoutMs: 60_000 });
});

afterAll(async () => {
  await client?.close();
  await server?.close();
});

interface Call {
  action: string;
  params: Record<string, unknown>;
  get?: boolean;
  anonymous?: boolean;
  prefix?: string;
}

function toRequest(call: Call): HttpRequest {
  const url = `${server.url}${call.prefix ?? '/api/3/action/'}${call.action}`;
  const headers: Record<string, string> = call.anonymous ? {} : { authorization: TOKEN };
  if (call.get) {
    const query = new URLSearchParams(Object.entries(call.params).map(([k, v]): [string, string] => [k, String(v)]));
    return { method: 'GET', url: `${url}?${query}`, headers };
  }
  return { method: 'POST', url, headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify(call.params) };
}

async function call(c: Call): Promise<{ status: number; body: unknown }> {
  const response = await client.send(toRequest(c));
  const body: unknown = JSON.parse(response.body);
  return { status: response.status, body };
}

describe('the ckan profile against the reference server', () => {
  it.each<[string, number, Call]>([
    ['search, objects', 200, { action: 'datastore_search', params: { resource_id: BOOKS } }],
    ['search by alias, GET, locale', 200, { action: 'datastore_search', params: { resource_id: 'books', limit: 1 }, get: true, prefix: '/fr/api/action/' }],
    ['search, lists', 200, { action: 'datastore_search', params: { resource_id: BOOKS, records_format: 'lists' } }],
    ['search, csv', 200, { action: 'datastore_search', params: { resource_id: BOOKS, records_format: 'csv' } }],
    ['search, tsv, empty page', 200, { action: 'datastore_search', params: { resource_id: BOOKS, records_format: 'tsv', limit: 0 } }],
    [
      'search, echoes, no total, prev link',
      200,
      {
        action: 'datastore_search',
        params: { resource_id: BOOKS, q: 'war', sort: 'title', filters: { 'in print': ['false'] }, offset: 3, limit: 1, include_total: false },
      },
    ],
    ['search, fields + distinct', 200, { action: 'datastore_search', params: { resource_id: BOOKS, fields: ['title', 'the year'], distinct: true } }],
    ['search, private with token', 200, { action: 'datastore_search', params: { resource_id: SECRET } }],
    ['sql', 200, { action: 'datastore_search_sql', params: { sql: `SELECT * FROM "${BOOKS}"` } }],
    ['sql, aggregates', 200, { action: 'datastore_search_sql', params: { sql: `SELECT count(*), avg("the year"), max("updated") FROM "${BOOKS}"` } }],
    ['404 unknown resource', 404, { action: 'datastore_search', params: { resource_id: 'nope' } }],
    ['409 bad limit and junk', 409, { action: 'datastore_search', params: { resource_id: BOOKS, limit: 'bad', foo: 1 } }],
    ['409 unknown filter column', 409, { action: 'datastore_search', params: { resource_id: BOOKS, filters: { nope: 'x' } } }],
    ['409 sql syntax error', 409, { action: 'datastore_search_sql', params: { sql: 'SELECT FROM' } }],
    ['403 private, anonymous', 403, { action: 'datastore_search', params: { resource_id: SECRET }, anonymous: true }],
    ['403 system table', 403, { action: 'datastore_search_sql', params: { sql: 'SELECT * FROM pg_roles' } }],
    ['400 unknown action', 400, { action: 'datastore_nope', params: {} }],
  ])('%s keeps the contract', async (_name, status, c) => {
    const response = await call(c);
    expect(response.status).toBe(status);
    const format = c.params['records_format'];
    const options = { action: c.action, profile: 'ckan' as const, ...(typeof format === 'string' ? { recordsFormat: format } : {}) };
    expect(checkResponse(response, options)).toEqual([]);
    expect(checkResponse(response, { ...options, profile: 'seed' })).toEqual([]);
  });

  it('catches a real answer whose numbers were turned into strings', async () => {
    const response = await call({ action: 'datastore_search', params: { resource_id: BOOKS } });
    const text = JSON.stringify(response.body).replace('"the year":1878', '"the year":"1878"');
    const findings = checkResponse({ status: 200, body: JSON.parse(text) }, { action: 'datastore_search', profile: 'ckan' });
    expect(findings.map((f) => [f.rule, f.path])).toEqual([['contract.types', '/result/records/0/the year']]);
  });
});
