// The whole reference server (bundled fixtures, PGlite engine) over real HTTP: the call shapes of the
// API description (GET and POST, with and without a locale), auth on a private resource, and the 404.
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPgliteEngine, type Engine } from '../../src/server/engines/index.ts';
import { loadFixtures } from '../../src/server/fixtures/index.ts';
import { createApp, resolveServerConfig, startReferenceServer, type AppHandler, type ReferenceServer } from '../../src/server/index.ts';
import { makeRequest, readJson, sendHttp } from './helpers.ts';

const fixturesDir = path.resolve(import.meta.dirname, '../../fixtures');
const courses = 'df356cc6-0e13-4ba8-bc98-c4706614881b';
const staff = 'ff5f4ee6-14e2-4eb2-892c-abf6872814ff';
let server: ReferenceServer;
let engine: Engine;
let handle: AppHandler;

// One engine serves both the pure handler and the socket server (passed in, so the server must not close it).
beforeAll(async () => {
  const fixtures = await loadFixtures(fixturesDir);
  engine = await openPgliteEngine(fixtures);
  handle = createApp({ engine, datastore: fixtures.datastore, config: resolveServerConfig({ apiTokens: ['staff-reader'] }) });
  server = await startReferenceServer({ fixturesDir, port: 0, engine, config: { apiTokens: ['staff-reader'] } });
}, 120_000);

afterAll(async () => {
  await server?.close();
  await engine?.close();
}, 60_000);

interface Envelope {
  help: string;
  success: boolean;
  result?: { records: Record<string, unknown>[]; total?: number };
  error?: Record<string, unknown>;
}

async function call(
  method: 'GET' | 'POST',
  pathAndQuery: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<{ status: number; json: Envelope }> {
  const options =
    body === undefined ? { method, headers } : { method, headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) };
  const response = await sendHttp(`${server.url}${pathAndQuery}`, options);
  return { status: response.status, json: JSON.parse(response.body) as Envelope };
}

const ids = (envelope: Envelope): unknown[] => (envelope.result?.records ?? []).map((record) => record['_id']);

describe.each(['', '/fr', '/pt_BR'])('reference server under locale "%s"', (locale) => {
  it('GET with resource_id and limit returns the first n records', async () => {
    const { status, json } = await call('GET', `${locale}/api/action/datastore_search?resource_id=${courses}&limit=3`);
    expect(status).toBe(200);
    expect(json.help).toBe(`${server.url}${locale}/api/3/action/help_show?name=datastore_search`);
    expect(ids(json)).toEqual([1, 2, 3]);
  });

  it('GET with q finds the records that contain the word (stemmed)', async () => {
    const { json } = await call('GET', `${locale}/api/3/action/datastore_search?resource_id=courses&q=quokka`);
    expect(
      ids(json)
        .map(Number)
        .sort((a, b) => a - b),
    ).toEqual([5, 250]);
  });

  it('POST with resource_id, limit and q', async () => {
    const { json } = await call('POST', `${locale}/api/action/datastore_search`, { resource_id: courses, limit: 2, q: 'running' });
    expect(json.success).toBe(true);
    expect(json.result?.records).toHaveLength(2);
    expect(json.result?.total).toBe(4);
  });

  it('POST with filters: either-or for an array, and for several fields', async () => {
    const either = await call('POST', `${locale}/api/action/datastore_search`, {
      resource_id: courses,
      filters: { stage: ['Advanced', 'Postgraduate'] },
      limit: 0,
    });
    expect(either.json.result?.total).toBe(130);
    const both = await call('POST', `${locale}/api/action/datastore_search`, { resource_id: courses, filters: { stage: 'Advanced', subject: 'Chemistry' } });
    expect(both.json.result?.records.every((r) => r['stage'] === 'Advanced' && r['subject'] === 'Chemistry')).toBe(true);
    expect(both.json.result?.records.length).toBeGreaterThan(0);
  });
});

describe('reference server errors and auth', () => {
  it('answers an unknown resource with 404', async () => {
    const { status, json } = await call('GET', '/api/action/datastore_search?resource_id=nope');
    expect(status).toBe(404);
    expect(json.error).toEqual({ __type: 'Not Found Error', message: 'Not found: Resource "nope" was not found.' });
  });

  it('answers a private resource read without a valid token with 403, and with one with 200', async () => {
    const anonymous = await call('GET', `/api/action/datastore_search?resource_id=${staff}`, undefined, { authorization: 'wrong' });
    expect(anonymous.status).toBe(403);
    expect(anonymous.json.error).toEqual({ __type: 'Authorization Error', message: `Access denied: User  not authorized to read resource ${staff}` });
    const reader = await call('GET', `/api/action/datastore_search?resource_id=${staff}`, undefined, { authorization: 'staff-reader' });
    expect(reader.status).toBe(200);
    const jsonp = await sendHttp(`${server.url}/api/action/datastore_search?resource_id=${staff}&callback=cb`, { headers: { authorization: 'staff-reader' } });
    expect(jsonp.status).toBe(403);
  });

  it('exposes the loaded datastore', () => {
    expect(server.datastore.resolve('courses')?.id).toBe(courses);
  });
});

describe('reference server handler (no socket)', () => {
  it('answers the GET call shape with records', async () => {
    const response = await handle(makeRequest('GET', `/pt_BR/api/3/action/datastore_search?resource_id=${courses}&limit=2`));
    expect(response.status).toBe(200);
    expect(ids(readJson(response) as Envelope)).toEqual([1, 2]);
  });

  it('answers a legacy form POST (curl -d) with records', async () => {
    const body = JSON.stringify({ resource_id: 'courses', q: 'zeppelin' });
    const response = await handle(
      makeRequest('POST', '/api/action/datastore_search', { headers: { 'content-type': 'application/x-www-form-urlencoded' }, body }),
    );
    expect(ids(readJson(response) as Envelope)).toEqual([77]);
  });

  it('answers a validation error for a bad limit', async () => {
    const response = await handle(makeRequest('GET', `/api/action/datastore_search?resource_id=${courses}&limit=bad`));
    expect(response.status).toBe(409);
    expect(readJson(response)).toMatchObject({ success: false, error: { limit: expect.arrayContaining(['Invalid integer']), __type: 'Validation Error' } });
  });

  it('leaves a borrowed engine open when the server closes', async () => {
    const other = await startReferenceServer({ fixturesDir, port: 0, engine });
    await other.close();
    const result = await engine.query('SELECT 1 AS one');
    expect(result.rows).toEqual([['1']]);
  });
});
