// The CKAN behaviours that change within a minor version, each through the trait table (src/schema/ckan-traits/): the
// reference server answering as the releases on either side of each change, over the bundled fixtures (one real PGlite
// engine shared by every app, and a real listener for what only a socket shows).
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../src/server/app.ts';
import { resolveServerConfig } from '../../src/server/config.ts';
import { openPgliteEngine, type Engine } from '../../src/server/engines/index.ts';
import { loadFixtures } from '../../src/server/fixtures/index.ts';
import type { AppResponse } from '../../src/server/http-types.ts';
import { startReferenceServer } from '../../src/server/index.ts';
import type { Datastore } from '../../src/server/types.ts';
import { makeRequest, readJson } from './helpers.ts';

const courses = 'df356cc6-0e13-4ba8-bc98-c4706614881b';
const typeSamples = '618532cb-ff3b-40c9-8e30-2ab721a38603';
const staff = 'ff5f4ee6-14e2-4eb2-892c-abf6872814ff';
let engine: Engine;
let datastore: Datastore;
/** What the server logged as its own internal errors: none of CKAN's imitated 500s belong there. */
const logged: unknown[] = [];

beforeAll(async () => {
  const fixtures = await loadFixtures(path.resolve('fixtures'));
  datastore = fixtures.datastore;
  engine = await openPgliteEngine(fixtures);
}, 120_000);

afterAll(async () => {
  await engine?.close();
});

async function send(release: string, method: string, url: string, body?: unknown): Promise<AppResponse> {
  const app = createApp({ engine, datastore, config: resolveServerConfig({ ckanVersion: release }), logError: (error) => logged.push(error) });
  const init = body === undefined ? {} : { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) };
  return await app(makeRequest(method, url, init));
}

async function search(release: string, params: Record<string, unknown>): Promise<{ status: number; json: Record<string, unknown> }> {
  const response = await send(release, 'POST', '/api/3/action/datastore_search', params);
  const json = readJson(response);
  if (typeof json !== 'object' || json === null) throw new Error(`not an envelope: ${String(json)}`);
  return { status: response.status, json: json as Record<string, unknown> };
}

describe('text filters (text-filters-stringified, CKAN #8729 in 2.11.3)', () => {
  it('refuses a number for a text column on 2.11.2 and compares it as text on 2.11.3', async () => {
    const before = await search('2.11.2', { resource_id: courses, filters: { title: 25 } });
    expect(before.status).toBe(409);
    expect(JSON.stringify(before.json)).toContain('operator does not exist: text = integer');
    expect((await search('2.11.3', { resource_id: courses, filters: { title: 25 } })).status).toBe(200);
  });
});

describe('nulls in lists records (lists-null-rows-dropped, CKAN #6713 in 2.10.3)', () => {
  it('drops the lists records holding a null on 2.10.0, keeps them as null on 2.10.3', async () => {
    const params = { resource_id: typeSamples, records_format: 'lists', fields: ['_id', 'nested'] };
    const records = async (release: string): Promise<unknown> => ((await search(release, params)).json['result'] as Record<string, unknown>)['records'];
    expect(await records('2.10.3')).toEqual([
      [1, ['b', { moo: 'moo' }]],
      [2, { foo: 2014 }],
      [3, null],
      [4, null],
      [5, 'just a string'],
    ]);
    expect(await records('2.10.0')).toEqual([
      [1, ['b', { moo: 'moo' }]],
      [2, { foo: 2014 }],
      [5, 'just a string'],
    ]);
  });
});

describe('sort clauses (sort-nulls-refused before 2.10.3, sort-percent-unescaped from 2.10.8)', () => {
  it.each([
    ['2.10.0', 'label desc nulls last', 409],
    ['2.10.3', 'label desc nulls last', 200],
    ['2.10.7', 'rating with % desc', 200],
    ['2.10.8', 'rating with % desc', 500],
    ['2.11.0', 'rating with % desc', 200],
  ] as const)('answers %s a sort of %j with %i', async (release, sort, status) => {
    expect((await search(release, { resource_id: typeSamples, sort })).status).toBe(status);
  });

  it("answers CKAN's 500 as CKAN does, and logs it as no internal error of its own", async () => {
    logged.length = 0;
    const { status, json } = await search('2.10.8', { resource_id: typeSamples, sort: 'rating with % desc' });
    expect([status, json['error']]).toEqual([500, { __type: 'Internal Server Error', message: 'Internal Server Error' }]);
    expect(logged).toEqual([]);
  });
});

describe('csv records (copy-mogrify-list, CKAN #8742 until 2.11.3)', () => {
  it.each([
    ['2.11.0', { resource_id: typeSamples }, 500],
    ['2.11.2', { resource_id: courses, filters: { stage: 'Advanced' } }, 500],
    ['2.11.2', { resource_id: courses }, 200],
    ['2.11.3', { resource_id: typeSamples }, 200],
    ['2.11.3', { resource_id: courses, filters: { stage: 'Advanced' } }, 200],
    ['2.10.7', { resource_id: courses, filters: { stage: 'Advanced' } }, 200],
  ] as const)('answers %s a csv search of %j with %i', async (release, params, status) => {
    expect((await search(release, { ...params, records_format: 'csv' })).status).toBe(status);
  });
});

describe('/datastore/dump (dump-typed-content before 2.10.3, dump-private-500 before 2.10.9 and 2.11.4)', () => {
  it("names each format's own content type on 2.10.0, and streams octets from 2.10.3", async () => {
    const csv = await send('2.10.0', 'GET', `/datastore/dump/${courses}?limit=1`);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toBe(`attachment; filename="${courses}.csv"`);
    const xml = await send('2.10.0', 'GET', `/datastore/dump/${courses}?limit=1&format=xml`);
    expect([xml.headers['content-type'], String(xml.body).split('\n')[0]]).toEqual(['text/xml; charset=utf-8', '<data>']);
    const later = await send('2.10.3', 'GET', `/datastore/dump/${courses}?limit=1&format=xml`);
    expect([later.headers['content-type'], String(later.body).split('\n')[0]]).toEqual([
      'application/octet-stream',
      '<data xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">',
    ]);
  });

  it.each([
    ['2.9.11', 500],
    ['2.10.8', 500],
    ['2.10.9', 404],
    ['2.11.3', 500],
    ['2.11.4', 404],
    ['2.12', 404],
  ] as const)('answers %s a dump of a private resource without a token with %i', async (release, status) => {
    expect((await send(release, 'GET', `/datastore/dump/${staff}`)).status).toBe(status);
  });
});

describe('a request routing refuses (method-not-allowed-dropped, CKAN #7616 before 2.10.5)', () => {
  it('closes the connection without an answer on 2.10.4 and answers 405 on 2.10.5', async () => {
    const ask = async (release: string, method: string, url: string): Promise<number | string> => {
      const server = await startReferenceServer({ fixturesDir: path.resolve('fixtures'), engine, config: { ckanRelease: release } });
      try {
        const response = await fetch(`${server.url}${url}`, { method, headers: { 'content-type': 'application/json' }, body: '{}' });
        await response.arrayBuffer();
        return response.status;
      } catch (error) {
        return error instanceof TypeError ? 'no answer' : String(error);
      } finally {
        await server.close();
      }
    };
    expect(await ask('2.10.4', 'POST', '/zz/api/action/datastore_search')).toBe('no answer');
    expect(await ask('2.10.4', 'PUT', '/api/3/action/datastore_search')).toBe('no answer');
    expect(await ask('2.10.5', 'POST', '/zz/api/action/datastore_search')).toBe(405);
    expect(await ask('2.9.11', 'PUT', '/api/3/action/datastore_search')).toBe(405);
  });
});
