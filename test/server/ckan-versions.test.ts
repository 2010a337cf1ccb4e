// Each difference between CKAN versions the reference server imitates, through the app handler over the bundled
// fixtures (one real PGlite engine shared by an app per version).
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../src/server/app.ts';
import { ckanTraits, SERVER_CKAN_VERSIONS, type ServerCkanVersion } from '../../src/server/ckan-versions.ts';
import { resolveServerConfig } from '../../src/server/config.ts';
import { openPgliteEngine, type Engine } from '../../src/server/engines/index.ts';
import { loadFixtures } from '../../src/server/fixtures/index.ts';
import type { AppHandler } from '../../src/server/http-types.ts';
import { makeRequest, readJson } from './helpers.ts';

const courses = 'df356cc6-0e13-4ba8-bc98-c4706614881b';
const typeSamples = '618532cb-ff3b-40c9-8e30-2ab721a38603';
const staff = 'ff5f4ee6-14e2-4eb2-892c-abf6872814ff';
let engine: Engine;
const apps = new Map<ServerCkanVersion, AppHandler>();

beforeAll(async () => {
  const fixtures = await loadFixtures(path.resolve('fixtures'));
  engine = await openPgliteEngine(fixtures);
  for (const version of SERVER_CKAN_VERSIONS) {
    apps.set(version, createApp({ engine, datastore: fixtures.datastore, config: resolveServerConfig({ ckanVersion: version }) }));
  }
}, 120_000);

afterAll(async () => {
  await engine?.close();
});

async function send(version: ServerCkanVersion, action: string, body: unknown, contentType = 'application/json') {
  const app = apps.get(version);
  if (app === undefined) throw new Error(`no app for ${version}`);
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  return await app(makeRequest('POST', `/api/3/action/${action}`, { headers: { 'content-type': contentType }, body: text }));
}

async function post(version: ServerCkanVersion, action: string, body: unknown, contentType = 'application/json') {
  const response = await send(version, action, body, contentType);
  return { status: response.status, body: response.body.toString(), json: readJson(response) as Record<string, unknown> };
}

async function search(version: ServerCkanVersion, params: Record<string, unknown>): Promise<Record<string, unknown>> {
  const { json } = await post(version, 'datastore_search', { resource_id: courses, ...params });
  return json;
}

function resultOf(json: Record<string, unknown>): Record<string, unknown> {
  const result = json['result'];
  if (typeof result !== 'object' || result === null) throw new Error(`no result in ${JSON.stringify(json)}`);
  return result as Record<string, unknown>;
}

describe('config', () => {
  it('answers as 2.11 by default and refuses a version it cannot imitate', () => {
    expect(resolveServerConfig().ckanVersion).toBe('2.11');
    expect(() => resolveServerConfig({ ckanVersion: '2.8' })).toThrow(/2\.9, 2\.10, 2\.11, 2\.12 \(or a release of one, e\.g\. 2\.11\.5\), not 2\.8/);
  });

  it('imitates a release: a patch given, else the newest of the minor', () => {
    expect(resolveServerConfig({ ckanVersion: '2.10.7' })).toMatchObject({ ckanVersion: '2.10', ckanRelease: '2.10.7' });
    expect(resolveServerConfig({ ckanVersion: '2.12' })).toMatchObject({ ckanVersion: '2.12', ckanRelease: '2.12.0b0' });
    expect(() => resolveServerConfig({ ckanVersion: '2.11.x' })).toThrow(RangeError);
  });
});

describe('status_show', () => {
  it.each([
    ['2.9', '2.9.11'],
    ['2.10', '2.10.10'],
    ['2.11', '2.11.5'],
    ['2.12', '2.12.0b0'],
  ] as const)('names CKAN %s as %s, with datastore among the extensions', async (version, full) => {
    const { json } = await post(version, 'status_show', {});
    const result = resultOf(json);
    expect(result['ckan_version']).toBe(full);
    expect(result['extensions']).toContain('datastore');
    // the recorded sites' settings (recordings catalogue-reference#1 of each version)
    expect(result).toMatchObject({ site_title: 'CKAN', site_description: '', site_url: 'http://data.example.org', locale_default: 'en' });
    expect(result['error_emails_to']).toBe(version === '2.9' ? null : '');
    expect(result['extensions']).toEqual(version === '2.9' ? ['datastore'] : ['activity', 'datastore']);
    const keys = Object.keys(result);
    // why: 2.9 built the dict with ckan_version in the middle; 2.10+ adds it last
    expect(keys.indexOf('ckan_version')).toBe(version === '2.9' ? 3 : keys.length - 1);
  });

  it('imitates the patch release it is asked for: its name, and the DISTINCT of CKAN #8709 from 2.11.3 only', async () => {
    const fixtures = await loadFixtures(path.resolve('fixtures'));
    const ask = async (release: string, action: string, body: unknown): Promise<Record<string, unknown>> => {
      const app = createApp({ engine, datastore: fixtures.datastore, config: resolveServerConfig({ ckanVersion: release }) });
      const response = await app(
        makeRequest('POST', `/api/3/action/${action}`, { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
      );
      return resultOf(readJson(response) as Record<string, unknown>);
    };
    expect((await ask('2.11.2', 'status_show', {}))['ckan_version']).toBe('2.11.2');
    const distinct = { resource_id: courses, distinct: true, fields: ['stage'], sort: 'stage' };
    // why: 2.11.3+ cut the sorted page first and apply DISTINCT to its 100 rows (all one stage); 2.11.2 does not
    expect(((await ask('2.11.2', 'datastore_search', distinct))['records'] as unknown[]).length).toBe(4);
    expect(((await ask('2.11.5', 'datastore_search', distinct))['records'] as unknown[]).length).toBeLessThan(4);
  });

  it('answers GET, with a locale segment and on /api/action too', async () => {
    const app = apps.get('2.12');
    const response = await app?.(makeRequest('GET', '/fr/api/action/status_show'));
    expect(response?.status).toBe(200);
    expect(resultOf(readJson(response ?? { status: 0, headers: {}, body: '{}' }) as Record<string, unknown>)['ckan_version']).toBe('2.12.0b0');
  });
});

describe('request decoding', () => {
  it('writes "Bad request - " up to 2.11 and "Bad request: " from 2.12', async () => {
    expect((await post('2.11', 'nope', {})).json).toBe('Bad request - Action name not known: nope');
    expect((await post('2.12', 'nope', {})).json).toBe('Bad request: Action name not known: nope');
    expect((await post('2.12', 'datastore_search', '[1]')).json).toBe(
      'Bad request: JSON Error: Request data JSON decoded to [1] but it needs to be a dictionary.',
    );
  });

  it('reads a body of another content type as None up to 2.10 (400) and refuses it with 415 from 2.11', async () => {
    const body = JSON.stringify({ resource_id: courses });
    const old = await post('2.10', 'datastore_search', body, 'text/plain');
    expect(old.status).toBe(400);
    expect(old.json).toBe('Bad request - JSON Error: Request data JSON decoded to None but it needs to be a dictionary.');
    const app = apps.get('2.11');
    const response = await app?.(makeRequest('POST', '/api/3/action/datastore_search', { headers: { 'content-type': 'text/plain' }, body }));
    expect(response?.status).toBe(415);
  });
});

describe('datastore_search result', () => {
  it('has _links, total_estimation_threshold and total_was_estimated up to 2.11, and none of them in 2.12', async () => {
    const old = resultOf(await search('2.11', { limit: 1 }));
    expect(old).toMatchObject({ total_estimation_threshold: null, total_was_estimated: false, _links: { start: '/api/3/action/datastore_search' } });
    expect(old).not.toHaveProperty('include_next_page');
    const next = resultOf(await search('2.12', { limit: 1, total_estimation_threshold: 0 }));
    for (const key of ['_links', 'total_estimation_threshold', 'total_was_estimated', 'next_page']) expect(next).not.toHaveProperty(key);
    expect(next).toMatchObject({ include_next_page: false, total: 260 });
  });

  it('gives 2.12 next_page only when sorted by _id alone, gt ascending and lt descending, and none past the end', async () => {
    expect(resultOf(await search('2.12', { limit: 2, include_next_page: true }))['next_page']).toEqual({ _id: { gt: 2 } });
    expect(resultOf(await search('2.12', { limit: 3, sort: '_id desc', include_next_page: true }))['next_page']).toEqual({ _id: { lt: 258 } });
    expect(resultOf(await search('2.12', { limit: 3, sort: 'title', include_next_page: true }))).not.toHaveProperty('next_page');
    expect(resultOf(await search('2.12', { offset: 1000, include_next_page: true }))).not.toHaveProperty('next_page');
    expect(resultOf(await search('2.12', { limit: 2, include_next_page: true, records_format: 'csv' }))['next_page']).toEqual({ _id: { gt: 2 } });
  });

  it('knows full_text from 2.10; 2.9 refuses it as an unknown key (recorded on 2.9.11)', async () => {
    expect((await search('2.9', { full_text: 'quokka' }))['error']).toEqual({
      __extras: ['invalid value "full_text"'],
      __type: 'Validation Error',
    });
    expect((await search('2.10', { full_text: 'quokka' }))['success']).toBe(true);
  });

  it('renders timestamps with milliseconds in 2.12 only (objects, lists, csv)', async () => {
    const params = { resource_id: typeSamples, fields: ['stamp'], limit: 2 };
    expect(resultOf(await search('2.11', params))['records']).toEqual([{ stamp: '2005-03-01T00:00:00' }, { stamp: '2020-01-01T10:11:12' }]);
    expect(resultOf(await search('2.12', params))['records']).toEqual([{ stamp: '2005-03-01T00:00:00.000' }, { stamp: '2020-01-01T10:11:12.345' }]);
    expect(resultOf(await search('2.12', { ...params, records_format: 'lists' }))['records']).toEqual([
      ['2005-03-01T00:00:00.000'],
      ['2020-01-01T10:11:12.345'],
    ]);
    expect(resultOf(await search('2.12', { ...params, records_format: 'csv' }))['records']).toBe('2005-03-01T00:00:00.000\n2020-01-01T10:11:12.345\n');
  });
});

describe('filters', () => {
  const ids = async (version: ServerCkanVersion, filters: unknown): Promise<unknown> =>
    (resultOf(await search(version, { filters, fields: ['_id'], limit: 10 }))['records'] as { _id: number }[]).map((r) => r._id);

  it('stringifies numbers on text columns from 2.11; 2.10 leaves them to PostgreSQL (409)', async () => {
    expect((await search('2.11', { filters: { title: 25 } }))['success']).toBe(true);
    expect((await search('2.10', { filters: { title: 25 } }))['error']).toMatchObject({ query: ['Invalid query'] });
  });

  it('takes 2.12 operators, $or/$and, lists mixing values and operators, and lists of filters (OR)', async () => {
    expect(await ids('2.12', { _id: { gte: 3, lte: 5 } })).toEqual([3, 4, 5]);
    expect(await ids('2.12', { _id: { lt: 10 }, $or: [{ _id: 2 }, { _id: { gt: 7 } }] })).toEqual([2, 8, 9]);
    expect(await ids('2.12', [{ _id: 1 }, { _id: { in: [4, 6] } }])).toEqual([1, 4, 6]);
    expect(await ids('2.12', { _id: [{ lte: 1 }, 4] })).toEqual([1, 4]);
    expect(await ids('2.12', { $and: [{ _id: { gt: 1 } }, { $and: [{ _id: { lt: 4 } }] }] })).toEqual([2, 3]);
    expect(await ids('2.12', { stage: [] })).toEqual([]);
    expect(await ids('2.12', '{"credits": {"eq": "10"}, "_id": {"lte": 1}}')).toEqual([1]);
  });

  it('echoes the parsed tree as filterops in 2.12 (simplejson writes the named tuple as an object)', async () => {
    const result = resultOf(await search('2.12', { filters: { _id: 1, stage: ['Advanced'] }, limit: 1 }));
    expect(result['filterops']).toEqual({
      op: '$and',
      field: null,
      value: [
        { op: 'eq', field: '_id', value: 1 },
        { op: 'in', field: 'stage', value: ['Advanced'] },
      ],
    });
    expect(Object.keys(result).indexOf('filterops')).toBe(Object.keys(result).indexOf('records') - 1);
  });

  it.each([
    [{ nope: 1, _id: { like: 1 } }, ['Unknown field: nope']],
    [{ _id: { like: 1 } }, ["Unknown filter operation: FilterOp(field='_id', op='like', value=1)"]],
    [[1, 2], ['Filters must be defined as a dict or a list of dicts']],
    [{ $not: [{ _id: 1 }] }, ['Unknown operators (must be one of $or, $and): $not']],
    [{ $or: { _id: 1 } }, ["Filter operations must be defined as a list of dicts: {'_id': 1}"]],
    [{ _id: Object.fromEntries(Array.from({ length: 101 }, (_, i) => [`op${i}`, i])) }, ['Maximum number of filter operations exceeded']],
  ])('refuses 2.12 filters (%#) with 409 %j', async (filters, messages) => {
    expect((await search('2.12', { filters }))['error']).toEqual({ filters: messages, __type: 'Validation Error' });
  });

  it('refuses filters nested deeper than 10 levels in 2.12', async () => {
    let filters: Record<string, unknown> = { _id: 1 };
    for (let depth = 0; depth < 11; depth += 1) filters = { $or: [filters] };
    expect((await search('2.12', { filters }))['error']).toEqual({
      filters: ['Maximum nesting depth for filter operations reached'],
      __type: 'Validation Error',
    });
  });

  it('keeps 2.11 filters as they were: an operator object is an Invalid query, an empty list too', async () => {
    expect((await search('2.11', { filters: { _id: { gt: 1 } } }))['error']).toMatchObject({ query: ['Invalid query'] });
    expect((await search('2.11', { filters: { stage: [] } }))['error']).toMatchObject({ query: ['Invalid query'] });
  });
});

describe('datastore_search_sql', () => {
  const sql = `SELECT 1.50::numeric AS n, 2::int4 AS i, ARRAY[1.5, 2]::numeric[] AS a FROM "${courses}" LIMIT 1`;

  it('sends numeric values as strings up to 2.10 and as numbers from 2.11', async () => {
    expect((await post('2.10', 'datastore_search_sql', { sql })).body).toContain('"records": [{"n": "1.50", "i": 2, "a": ["1.5", "2"]}]');
    expect((await post('2.11', 'datastore_search_sql', { sql })).body).toContain('"records": [{"n": 1.50, "i": 2, "a": [1.5, 2]}]');
  });

  it("shows 2.9's dict detail in SQL refusals", async () => {
    const denied = await post('2.9', 'datastore_search_sql', { sql: 'SELECT * FROM pg_roles' });
    expect(denied.status).toBe(403);
    expect(denied.json['error']).toEqual({
      __type: 'Authorization Error',
      message: "Access denied: {'permissions': ['Not authorized to access system tables']}",
    });
    const current = await post('2.10', 'datastore_search_sql', { sql: 'SELECT * FROM pg_roles' });
    expect(current.json['error']).toEqual({ __type: 'Authorization Error', message: 'Access denied: Not authorized to access system tables' });
  });

  // recordings catalogue-reference of each version: `SELECT 'a\\'' AS x` (the fix of 2.10.10 and 2.11.5)
  it.each([
    ['2.9', false],
    ['2.10', true],
    ['2.11', true],
    ['2.12', false],
  ] as const)('refuses a backslash-quote as not a single statement on %s: %s', async (version, refused) => {
    const answer = await post(version, 'datastore_search_sql', { sql: "SELECT 'a\\'' AS x" });
    expect(answer.status).toBe(409);
    const query = (answer.json['error'] as { query: string[] }).query[0];
    if (refused) expect(query).toBe('Query is not a single statement.');
    else expect(query).toMatch(/^\(psycopg2\.errors\.SyntaxError\) unterminated quoted string at or near "'a\\'' AS x\) AS blah LIMIT 32001 ;"\n/);
  });

  // recordings 2.11 generated-seed1#178 (bare NaN, 200) and 2.12 generated-seed1#158 (a 500 page)
  it('writes NaN/Infinity floats as bare tokens up to 2.11 and answers 2.12 with its 500 page', async () => {
    const nonFinite = `SELECT _id, ratio FROM "${typeSamples}" WHERE _id IN (3, 4) ORDER BY _id`;
    for (const version of ['2.9', '2.10', '2.11'] as const) {
      const answer = await send(version, 'datastore_search_sql', { sql: nonFinite });
      expect(answer.status).toBe(200);
      expect(answer.body.toString()).toContain('"records": [{"_id": 3, "ratio": NaN}, {"_id": 4, "ratio": Infinity}]');
    }
    const refused = await send('2.12', 'datastore_search_sql', { sql: nonFinite });
    expect(refused.status).toBe(500);
    expect(refused.headers['content-type']).toMatch(/^text\/html/);
    expect((await post('2.12', 'datastore_search_sql', { sql: `SELECT ratio FROM "${typeSamples}" WHERE _id = 1` })).body).toContain(
      '"records": [{"ratio": 13.4}]',
    );
  });
});

// recordings: 403s of each version (catalogue-reference), anonymous and JSONP
describe('refusals of a private resource', () => {
  async function messageOf(version: ServerCkanVersion, url: string, body?: unknown): Promise<unknown> {
    const app = apps.get(version);
    const init = body === undefined ? {} : { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) };
    const response = await app?.(makeRequest(body === undefined ? 'GET' : 'POST', url, init));
    expect(response?.status).toBe(403);
    return (readJson(response ?? { status: 0, headers: {}, body: '{}' }) as { error: { message: unknown } }).error.message;
  }
  const sql = { sql: `SELECT * FROM "${staff}" a JOIN "${courses}" b ON true` };

  it.each([
    [
      '2.9',
      `User  not authorized to read resource ${staff}`,
      `User None not authorized to read resource ${staff}`,
      `User  not authorized to read resource ${staff}`,
    ],
    [
      '2.11',
      `User  not authorized to read resource ${staff}`,
      `User  not authorized to read resource ${staff}`,
      `User  not authorized to read resource ${staff}`,
    ],
    [
      '2.12',
      `User  not authorized to perform resource_show on resource ${staff}`,
      `User  not authorized to perform resource_show on resource ${staff}`,
      'Not authorized to read resource.',
    ],
  ] as const)('words them as CKAN %s: search, JSONP search, SQL', async (version, search, jsonp, inSql) => {
    expect(await messageOf(version, '/api/3/action/datastore_search', { resource_id: staff })).toBe(`Access denied: ${search}`);
    expect(await messageOf(version, `/api/3/action/datastore_search?resource_id=${staff}&callback=cb`)).toBe(`Access denied: ${jsonp}`);
    expect(await messageOf(version, '/api/3/action/datastore_search_sql', sql)).toBe(`Access denied: ${inSql}`);
  });
});

describe('ckanTraits of a patch release', () => {
  // the fix is in helpers.py of ckan-2.10.10 and ckan-2.11.5, not of 2.10.9, 2.11.4, 2.9.11 or dev-v2.12
  it.each([
    ['2.9.11', false],
    ['2.10.9', false],
    ['2.10.10', true],
    ['2.11.4', false],
    ['2.11.5', true],
    ['2.12.0b0', false],
  ] as const)('refuses a backslash-quote as %s: %s', (release, refused) => {
    expect(ckanTraits(release).has('backslash-quote-refused')).toBe(refused);
  });

  it('takes the newest release of a minor version, and a patch release as named', () => {
    expect(ckanTraits('2.11').release).toBe('2.11.5');
    expect(ckanTraits('2.11.2').release).toBe('2.11.2');
    expect(ckanTraits('2.12').release).toBe('2.12.0b0');
  });
});
