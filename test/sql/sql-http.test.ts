// datastore_search_sql over real HTTP against the bundled fixtures: the API example, everyday SQL, rendering, access.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPgliteEngine, type Engine } from '../../src/server/engines/index.ts';
import { loadFixtures } from '../../src/server/fixtures/index.ts';
import { startReferenceServer, type ReferenceServer } from '../../src/server/index.ts';
import { errorOf, fixturesDir, getAction, ids, postAction, postSql, recordsOf, resultOf, token } from './helpers.ts';

let engine: Engine;
let server: ReferenceServer;
let noSqlServer: ReferenceServer;
let customListServer: ReferenceServer;
let listDir = '';

beforeAll(async () => {
  // One engine for three servers: opening PGlite is the slow part.
  engine = await openPgliteEngine(await loadFixtures(fixturesDir));
  server = await startReferenceServer({ fixturesDir, engine, config: { apiTokens: [token], rowsMax: 200 } });
  noSqlServer = await startReferenceServer({ fixturesDir, engine, config: { sqlEnabled: false } });
  listDir = await mkdtemp(join(tmpdir(), 'sql-allow-'));
  const allowedFunctionsFile = join(listDir, 'allowed.txt');
  await writeFile(allowedFunctionsFile, '"count"\nUPPER\n');
  customListServer = await startReferenceServer({ fixturesDir, engine, allowedFunctionsFile });
});

afterAll(async () => {
  await Promise.all([server?.close(), noSqlServer?.close(), customListServer?.close()]);
  await engine?.close();
  if (listDir) await rm(listDir, { recursive: true, force: true });
});

const example = `SELECT * FROM "${ids.courses}" WHERE title LIKE 'Introduction%'`;

describe('datastore_search_sql: the API description example', () => {
  it.each(['/api/action', '/api/3/action', '/en/api/action', '/fr/api/3/action'])('answers as POST under %s', async (prefix) => {
    const answer = await postAction(server.url, `${prefix}/datastore_search_sql`, { sql: example });
    const records = recordsOf(answer);
    expect(records.length).toBeGreaterThan(0);
    for (const record of records) expect(String(record['title'])).toMatch(/^Introduction/);
    expect(resultOf(answer)['sql']).toBe(example);
    expect(answer.body).toMatchObject({ success: true, help: expect.stringContaining('help_show?name=datastore_search_sql') });
  });

  it.each(['/api/action', '/api/3/action', '/de/api/action', '/en/api/3/action'])('answers as GET under %s', async (prefix) => {
    const answer = await getAction(server.url, `${prefix}/datastore_search_sql?sql=${encodeURIComponent(example)}`);
    const post = await postSql(server.url, example);
    expect(recordsOf(answer)).toEqual(recordsOf(post));
  });

  it('reports every column with its PostgreSQL type, _id as int4 and _full_text as tsvector', async () => {
    const fields = resultOf(await postSql(server.url, example))['fields'];
    expect(fields).toEqual(
      expect.arrayContaining([
        { id: '_id', type: 'int4' },
        { id: '_full_text', type: 'tsvector' },
        { id: 'title', type: 'text' },
      ]),
    );
    expect(fields).not.toEqual(expect.arrayContaining([expect.objectContaining({ info: expect.anything() })]));
  });

  it('echoes extra params and leaves records_truncated out under the cap', async () => {
    const answer = await postAction(server.url, '/api/3/action/datastore_search_sql', { sql: example, foo: 'bar', n: 3 });
    const result = resultOf(answer);
    expect(result).toMatchObject({ foo: 'bar', n: 3, sql: example });
    expect(result).not.toHaveProperty('records_truncated');
  });
});

describe('datastore_search_sql: everyday SQL', () => {
  it('runs aggregates with GROUP BY and ORDER BY, with CKAN type names', async () => {
    const sql = `SELECT subject, count(*) AS n, avg(credits) AS mean FROM "${ids.courses}" GROUP BY subject ORDER BY subject`;
    const answer = await postSql(server.url, sql);
    const records = recordsOf(answer);
    const subjects = records.map((r) => String(r['subject']));
    expect(subjects).toEqual([...subjects].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    const total = records.reduce((sum, r) => sum + Number(r['n']), 0);
    expect(total).toBe(server.datastore.resolve(ids.courses)?.rowCount);
    expect(resultOf(answer)['fields']).toEqual([
      { id: 'subject', type: 'text' },
      { id: 'n', type: 'int8' },
      { id: 'mean', type: 'numeric' },
    ]);
  });

  it('runs joins (by alias too), CTEs and window functions', async () => {
    const join = `SELECT a.title FROM "${ids.courses}" a JOIN courses b ON a._id = b._id WHERE a._id <= 3 ORDER BY a._id`;
    expect(recordsOf(await postSql(server.url, join))).toHaveLength(3);
    const cte = `WITH firsts AS (SELECT _id, title FROM "${ids.courses}" WHERE _id <= 5) SELECT count(*) AS n FROM firsts`;
    expect(recordsOf(await postSql(server.url, cte))).toEqual([{ n: 5 }]);
    const window = `SELECT _id, row_number() OVER (ORDER BY _id DESC) AS rn FROM "${ids.courses}" ORDER BY _id LIMIT 2`;
    const rows = recordsOf(await postSql(server.url, window));
    const count = server.datastore.resolve(ids.courses)?.rowCount ?? 0;
    expect(rows).toEqual([
      { _id: 1, rn: count },
      { _id: 2, rn: count - 1 },
    ]);
  });

  it('caps rows at rows_max and then says records_truncated', async () => {
    const answer = await postSql(server.url, `SELECT _id FROM "${ids.courses}"`);
    expect(server.datastore.resolve(ids.courses)?.rowCount).toBeGreaterThan(200);
    expect(recordsOf(answer)).toHaveLength(200);
    expect(resultOf(answer)['records_truncated']).toBe(true);
  });

  it('renders values as CKAN does: numeric scale kept, big int8 exact, timestamps ISO, json columns parsed, json expressions as strings', async () => {
    const sql = `SELECT "rating with %", big, nums, nested, day, at, stamp, flag, json_build_object('a', 1) AS built FROM "${ids.types}" ORDER BY _id LIMIT 2`;
    const answer = await postSql(server.url, sql);
    expect(answer.text).toContain('"rating with %": 1.50');
    expect(answer.text).toContain('"big": 9007199254740993');
    const [first, second] = recordsOf(answer);
    expect(first).toMatchObject({
      nums: [1, 2, 3],
      nested: ['b', { moo: 'moo' }],
      day: '2011-01-01',
      at: '12:42:00',
      stamp: '2005-03-01T00:00:00',
      flag: true,
    });
    expect(second).toMatchObject({ stamp: '2020-01-01T10:11:12.345678', nested: { foo: 2014 }, flag: false });
    expect(typeof first?.['built']).toBe('string');
    expect(JSON.parse(String(first?.['built']))).toEqual({ a: 1 });
  });

  it("answers a runtime error in the ProgrammingError class with 409 and PostgreSQL's message", async () => {
    const answer = await postSql(server.url, `SELECT nope FROM "${ids.courses}"`);
    expect(answer.status).toBe(409);
    expect(errorOf(answer)).toMatchObject({ __type: 'Validation Error', query: [expect.stringContaining('column "nope" does not exist')] });
  });
});

describe('datastore_search_sql: access', () => {
  it("refuses a private resource to an anonymous caller, with CKAN's two spaces", async () => {
    const answer = await postSql(server.url, `SELECT * FROM "${ids.staff}"`);
    expect(answer.status).toBe(403);
    expect(errorOf(answer)).toEqual({ __type: 'Authorization Error', message: `Access denied: User  not authorized to read resource ${ids.staff}` });
  });

  it('serves a private resource, by id or alias, to a caller with a token', async () => {
    const rowCount = server.datastore.resolve(ids.staff)?.rowCount;
    expect(recordsOf(await postSql(server.url, `SELECT count(*) AS n FROM "${ids.staff}"`, true))).toEqual([{ n: rowCount }]);
    expect(recordsOf(await postSql(server.url, 'SELECT count(*) AS n FROM staff', true))).toEqual([{ n: rowCount }]);
  });

  it('refuses a join of a public and a private table without access', async () => {
    const answer = await postSql(server.url, `SELECT 1 FROM "${ids.courses}" JOIN "${ids.staff}" ON true`);
    expect(answer.status).toBe(403);
  });
});

describe('datastore_search_sql: settings', () => {
  it("does not exist with SQL turned off (--no-sql): CKAN's 400 string", async () => {
    const answer = await postSql(noSqlServer.url, 'SELECT 1');
    expect(answer.status).toBe(400);
    expect(answer.body).toBe('Bad request - Action name not known: datastore_search_sql');
  });

  it("uses the allow-list file given, with CKAN's matching rules", async () => {
    const sql = (call: string) => `SELECT ${call} AS v FROM "${ids.courses}" WHERE _id = 1`;
    expect(recordsOf(await postSql(customListServer.url, sql('count(*)')))).toEqual([{ v: 1 }]);
    expect(recordsOf(await postSql(customListServer.url, sql('UpPeR(stage)')))).toEqual([{ v: 'INTERMEDIATE' }]);
    const quotedOnly = await postSql(customListServer.url, sql('COUNT(*)'));
    expect(quotedOnly.status).toBe(403);
    expect(errorOf(quotedOnly)).toEqual({ __type: 'Authorization Error', message: 'Access denied: Not authorized to call function COUNT' });
    const notListed = await postSql(customListServer.url, sql('lower(stage)'));
    expect(errorOf(notListed)).toEqual({ __type: 'Authorization Error', message: 'Access denied: Not authorized to call function lower' });
  });
});
