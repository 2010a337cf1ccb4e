// A long SQL query times out at the configured limit (409), while datastore_search keeps answering.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startReferenceServer, type ReferenceServer } from '../../src/server/index.ts';
import { errorOf, fixturesDir, getAction, ids, postSql, recordsOf } from './helpers.ts';

let server: ReferenceServer;
const sqlTimeoutMs = 2000;

beforeAll(async () => {
  server = await startReferenceServer({ fixturesDir, config: { sqlTimeoutMs } });
});

afterAll(async () => {
  await server?.close();
});

describe('datastore_search_sql: statement timeout', () => {
  it('answers 409 Query took too long while concurrent datastore_search calls keep answering', async () => {
    // Warm the parser and the engine so the long query starts running at once.
    expect(recordsOf(await postSql(server.url, 'SELECT 1 AS one'))).toEqual([{ one: 1 }]);
    let sqlSettled = false;
    const long = postSql(server.url, 'SELECT count(*) FROM generate_series(1, 100000000000)').finally(() => {
      sqlSettled = true;
    });
    for (let i = 0; i < 5; i += 1) {
      const search = await getAction(server.url, `/api/3/action/datastore_search?resource_id=${ids.courses}&limit=2&offset=${i}`);
      expect(search.status, search.text).toBe(200);
      // Each search finished while the SQL query was still running: it did not wait for the timeout.
      expect(sqlSettled).toBe(false);
    }
    const answer = await long;
    expect(answer.status, answer.text).toBe(409);
    expect(errorOf(answer)).toEqual({ __type: 'Validation Error', query: ['Query took too long'] });
  });

  it('keeps serving SQL after a timeout', async () => {
    // why: a statement that arrives while the timed-out worker restarts may itself run out of time (its clock runs
    // from acceptance); the server must recover, so ask until it answers, within a deadline
    const until = Date.now() + 60_000;
    let answer = await postSql(server.url, `SELECT count(*) AS n FROM "${ids.courses}"`);
    while (answer.status === 409 && Date.now() < until) answer = await postSql(server.url, `SELECT count(*) AS n FROM "${ids.courses}"`);
    expect(recordsOf(answer)).toEqual([{ n: server.datastore.resolve(ids.courses)?.rowCount }]);
  });
});
