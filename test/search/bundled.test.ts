// The API description's call shapes (api.md 4.1) against the bundled fixtures, over real HTTP.
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startReferenceServer, type ReferenceServer } from '../../src/server/index.ts';

const fixturesDir = fileURLToPath(new URL('../../fixtures', import.meta.url));
const courses = 'df356cc6-0e13-4ba8-bc98-c4706614881b';

let server: ReferenceServer;

beforeAll(async () => {
  server = await startReferenceServer({ fixturesDir, logError: () => undefined });
}, 120_000);

afterAll(async () => {
  await server.close();
});

async function call(path: string, body?: unknown): Promise<Record<string, unknown>> {
  const init: RequestInit = body === undefined ? {} : { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) };
  const response = await fetch(`${server.url}${path}`, init);
  expect(response.status).toBe(200);
  const envelope = (await response.json()) as { success: boolean; result: Record<string, unknown> };
  expect(envelope.success).toBe(true);
  return envelope.result;
}

function ids(result: Record<string, unknown>): number[] {
  return (result['records'] as { _id: number }[]).map((r) => r._id);
}

/** Ranked records in (rank descending, _id ascending) order: what a deterministic full-text sort gives. */
function sortedByRankThenId(records: { _id: number; rank: number }[]): { _id: number; rank: number }[] {
  return [...records].sort((a, b) => b.rank - a.rank || a._id - b._id);
}

describe('full-text order', () => {
  it('breaks ties in rank on _id, on every page and with distinct', async () => {
    // why: 108 matches share 7 ranks; without a tie-breaker PGlite returns equal ranks in plan order
    const all = await call(`/api/3/action/datastore_search?resource_id=${courses}&q=advanced%20learners&fields=_id,rank&limit=200`);
    const records = all['records'] as { _id: number; rank: number }[];
    expect(records).toHaveLength(108);
    expect(new Set(records.map((r) => r.rank)).size).toBeLessThan(10);
    expect(records).toEqual(sortedByRankThenId(records));
    const page = await call(`/api/3/action/datastore_search?resource_id=${courses}&q=advanced%20learners&fields=_id,rank&limit=10&offset=30`);
    expect(page['records']).toEqual(records.slice(30, 40));
    const distinct = await call(`/api/3/action/datastore_search?resource_id=${courses}&q=advanced%20learners&fields=_id,rank&distinct=true&limit=200`);
    expect(distinct['records']).toEqual(records);
  });
});

describe.each(['', '/pt_BR'])('datastore_search call shapes on the bundled fixtures (prefix "%s")', (prefix) => {
  it('POST {resource_id, limit, q}: stemming finds "Fourth" for "fourths"', async () => {
    const result = await call(`${prefix}/api/action/datastore_search`, { resource_id: courses, limit: 5, q: 'fourths' });
    expect(ids(result).sort((a, b) => a - b)).toEqual([31, 199]);
    expect(result['total']).toBe(2);
  });

  it('POST {resource_id, filters}: a string and an either-or array', async () => {
    const one = await call(`${prefix}/api/action/datastore_search`, { resource_id: courses, filters: { stage: 'Advanced' } });
    expect(one['total']).toBe(65);
    expect((one['records'] as { stage: string }[]).every((r) => r.stage === 'Advanced')).toBe(true);
    const either = await call(`${prefix}/api/action/datastore_search`, { resource_id: courses, filters: { stage: ['Foundation', 'Advanced'] } });
    expect(either['total']).toBe(130);
    expect(ids(either)).toHaveLength(100);
  });

  it('GET ?resource_id=&limit=: the first n records', async () => {
    const result = await call(`${prefix}/api/action/datastore_search?resource_id=${courses}&limit=3`);
    expect(ids(result)).toEqual([1, 2, 3]);
    expect(result['total']).toBe(260);
  });

  it('GET ?resource_id=&q=: free text in any field', async () => {
    const result = await call(`${prefix}/api/action/datastore_search?resource_id=${courses}&q=quokka`);
    expect(ids(result).sort((a, b) => a - b)).toEqual([5, 250]);
  });
});

const samples = '618532cb-ff3b-40c9-8e30-2ab721a38603';

async function rawBody(path: string): Promise<string> {
  const response = await fetch(`${server.url}${path}`);
  expect(response.status).toBe(200);
  return response.text();
}

describe('bundled fixtures rendering', () => {
  it('copies PostgreSQL JSON for records: numeric scale, exact int8, NaN as a string, no timestamp fraction', async () => {
    const body = await rawBody(`/api/action/datastore_search?resource_id=${samples}&limit=2`);
    expect(body).toContain(
      '"records": [{"_id":1,"label":"plain","bük":"eins","rating with %":1.50,"big":9007199254740993,"ratio":13.4,' +
        '"nums":[1,2,3],"nested":["b", {"moo": "moo"}],"day":"2011-01-01","at":"12:42:00","stamp":"2005-03-01T00:00:00","flag":true},',
    );
    expect(body).toContain('"stamp":"2020-01-01T10:11:12","flag":false}]');
    const nan = await rawBody(`/api/action/datastore_search?resource_id=${samples}&records_format=lists&fields=big,ratio&filters={"_id":3}`);
    expect(nan).toContain('"records": [[42,"NaN"]]');
  });

  // json values are stored as CKAN's json.dumps wrote them (recording 2.11 catalogue-reference, records_format csv)
  it('writes csv as COPY does, NULL json/array as null', async () => {
    const body = await rawBody(`/api/action/datastore_search?resource_id=${samples}&records_format=csv&fields=label,nums,nested,flag&limit=3`);
    const result = (JSON.parse(body) as { result: { records: string } }).result;
    expect(result.records).toBe('plain,"[1,2,3]","[""b"", {""moo"": ""moo""}]",t\n"",[],"{""foo"": 2014}",f\n,null,null,\n');
  });

  it('lists _table_metadata with every table and alias', async () => {
    const result = await call('/api/3/action/datastore_search?resource_id=_table_metadata&limit=100');
    const rows = result['records'] as { name: string; alias_of: string | null }[];
    expect(rows).toContainEqual(expect.objectContaining({ name: 'courses', alias_of: courses }));
    expect(rows).toContainEqual(expect.objectContaining({ name: courses, alias_of: null }));
    expect((result['fields'] as { id: string; type: string }[]).map((f) => f.id)).toEqual(['_id', 'name', 'oid', 'alias_of']);
    expect((result['fields'] as { id: string; type: string }[])[0]).toEqual({ id: '_id', type: 'int' });
  });
});
