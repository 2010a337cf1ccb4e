// The reference server on a real PostgreSQL server, over HTTP: the same answers as on PGlite, and real timeouts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startReferenceServer, type ReferenceServer } from '../../src/server/index.ts';
import { connectAdmin, dropOwnedDatabase } from '../../src/server/engines/postgres-load.ts';
import { parseDatabaseUrl, withDatabase } from '../../src/server/engines/postgres-url.ts';
import { errorOf, getAction, ids, postAction, postSql, recordsOf, type Answer } from '../sql/helpers.ts';
import { describePostgresAvailability, sharedPostgres } from '../helpers/postgres.ts';

const postgres = sharedPostgres();
// why: registered first at file level, so the cluster stops even when the suite's own cleanup fails
afterAll(() => postgres.stop());
// why: the statements compared run in milliseconds on both engines; the timeout test's statement burns a core of the
// PostgreSQL server until then
const sqlTimeoutMs = 1000;

describe.skipIf(!postgres.available)(`reference server on ${describePostgresAvailability()}`, () => {
  const databaseName = postgres.uniqueDatabase();
  let onPostgres: ReferenceServer;
  let onPglite: ReferenceServer;

  beforeAll(async () => {
    const config = { sqlTimeoutMs };
    [onPostgres, onPglite] = await Promise.all([
      startReferenceServer({ fixturesDir: 'fixtures', databaseUrl: await postgres.url(), databaseName, config }),
      startReferenceServer({ fixturesDir: 'fixtures', config }),
    ]);
  });

  afterAll(async () => {
    try {
      await Promise.all([onPostgres?.close(), onPglite?.close()]);
    } finally {
      const admin = await connectAdmin(await postgres.url(), 'test server');
      await dropOwnedDatabase(admin, databaseName).finally(() => admin.end());
    }
  });

  /** Calls both servers; each answer's text has its own base URL (in "help") replaced by BASE. */
  const both = async (call: (url: string) => Promise<Answer>): Promise<[Answer, Answer]> => {
    const ask = async (url: string): Promise<Answer> => {
      const answer = await call(url);
      return { ...answer, text: answer.text.replaceAll(url, 'BASE') };
    };
    return Promise.all([ask(onPostgres.url), ask(onPglite.url)]);
  };

  it.each([
    [`resource_id=${ids.courses}&limit=3&sort=title`],
    [`resource_id=courses&q=fourths&fields=_id,title`],
    // why: 108 matches share 7 ranks and CKAN orders by rank alone: ties come in plan order, alike on both engines
    [`resource_id=courses&q=advanced%20learners&fields=_id,rank&limit=40&offset=20`],
    [`resource_id=courses&q=advanced%20learners&fields=_id,rank,stage&distinct=true&limit=200`],
    [`resource_id=${ids.courses}&filters={"online":true}&sort=credits desc,_id&limit=5&include_total=true`],
    [`resource_id=${ids.types}`],
    [`resource_id=${ids.measurements}&limit=2&offset=3&records_format=csv`],
    [`resource_id=${ids.courses}&sort=nope`],
  ])('answers datastore_search?%s exactly as on PGlite', async (query) => {
    const [fromPostgres, fromPglite] = await both((url) => getAction(url, `/api/3/action/datastore_search?${query}`));
    expect(fromPostgres.status).toBe(fromPglite.status);
    expect(fromPostgres.text).toBe(fromPglite.text);
  });

  it('orders by rank alone on the PostgreSQL server, as CKAN writes ORDER BY, finding what PGlite finds', async () => {
    const path = '/api/3/action/datastore_search?resource_id=courses&q=advanced%20learners&fields=_id,rank&limit=200';
    const fromPostgres = recordsOf(await getAction(onPostgres.url, path)) as { _id: number; rank: number }[];
    const fromPglite = recordsOf(await getAction(onPglite.url, path)) as { _id: number; rank: number }[];
    expect(fromPostgres).toHaveLength(108);
    expect(fromPostgres.map((r) => r.rank)).toEqual(fromPostgres.map((r) => r.rank).sort((a, b) => b - a));
    const byRankThenId = (records: { _id: number; rank: number }[]) => [...records].sort((a, b) => b.rank - a.rank || a._id - b._id);
    expect(byRankThenId(fromPostgres)).toEqual(byRankThenId(fromPglite));
  });

  it.each([
    [`SELECT title, credits FROM "${ids.courses}" ORDER BY title LIMIT 5`],
    [`SELECT * FROM "${ids.types}" ORDER BY _id`],
    [`SELECT count(*) AS n FROM public."${ids.courses}"`],
    [`SELECT * FROM "${ids.courses}" WHERE credits = 'abc'`],
    [`SELECT nope FROM "${ids.courses}"`],
  ])('answers datastore_search_sql %s exactly as on PGlite', async (sql) => {
    const [fromPostgres, fromPglite] = await both((url) => postSql(url, sql));
    expect(fromPostgres.status).toBe(fromPglite.status);
    expect(fromPostgres.text).toBe(fromPglite.text);
  });

  it('answers 409 Query took too long when the server cancels a statement, serving searches meanwhile', async () => {
    let sqlSettled = false;
    const long = postSql(onPostgres.url, 'SELECT count(*) FROM generate_series(1, 100000000000)').finally(() => {
      sqlSettled = true;
    });
    for (let offset = 0; offset < 3; offset += 1) {
      const search = await getAction(onPostgres.url, `/api/3/action/datastore_search?resource_id=courses&limit=2&offset=${offset}`);
      expect(search.status, search.text).toBe(200);
      // why: unlike PGlite (one statement at a time), the server answers other callers while the long one runs
      expect(sqlSettled).toBe(false);
    }
    const slow = await long;
    expect(slow.status, slow.text).toBe(409);
    expect(errorOf(slow)).toEqual({ __type: 'Validation Error', query: ['Query took too long'] });
    const next = await postAction(onPostgres.url, '/api/3/action/datastore_search', { resource_id: 'courses', limit: 1 });
    expect(next.status, next.text).toBe(200);
    expect(recordsOf(await postSql(onPostgres.url, `SELECT count(*) AS n FROM "${ids.courses}"`))).toEqual([{ n: 260 }]);
  });

  it('serves the rows of its own database on the PostgreSQL server (not PGlite)', async () => {
    const client = await connectAdmin(withDatabase(parseDatabaseUrl(await postgres.url()), databaseName), 'test server');
    try {
      await client.query(`UPDATE "${ids.courses}" SET title = 'Changed on the server' WHERE _id = 1`);
    } finally {
      await client.end();
    }
    const answer = await getAction(onPostgres.url, `/api/3/action/datastore_search?resource_id=courses&filters={"_id":1}&fields=title`);
    expect(recordsOf(answer)).toEqual([{ title: 'Changed on the server' }]);
  });
});
