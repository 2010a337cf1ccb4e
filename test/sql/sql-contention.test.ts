// SQL callers do not wait behind one another without bound (issue 11): a statement's timeout counts from when
// the server accepted it, so queueing behind heavy queries (or a restart after their timeout) counts too, and
// SQL runs on a pool of workers. Ceilings are the timeout itself, the guarantee under test.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPgliteEngine, type PgliteEngine } from '../../src/server/engines/index.ts';
import { loadFixtures } from '../../src/server/fixtures/index.ts';
import { startReferenceServer, type ReferenceServer } from '../../src/server/index.ts';
import { errorOf, fixturesDir, ids, postSql, recordsOf, type Answer } from './helpers.ts';

const sqlTimeoutMs = 1000;
const sqlWorkers = 3;
const heavy = 'SELECT count(*) FROM generate_series(1, 100000000000)';
const light = `SELECT count(*) AS n FROM "${ids.courses}"`;
let engine: PgliteEngine;
let server: ReferenceServer;

beforeAll(async () => {
  // why: the test opens the engine itself to see its workers open (workerCount); the server is the real one
  engine = await openPgliteEngine(await loadFixtures(fixturesDir), { searchWorkers: 1, sqlWorkers });
  server = await startReferenceServer({ fixturesDir, engine, config: { sqlTimeoutMs } });
  // why: workers open on demand, once a statement has waited 0.2 s for busy ones (seconds each on a loaded machine):
  // rounds of more statements than workers, each about that long (on the engine: pg_sleep is no SQL action function)
  const until = Date.now() + 60_000;
  const sleeps = (): Promise<unknown> =>
    Promise.all(Array.from({ length: sqlWorkers + 1 }, () => engine.query('SELECT pg_sleep(0.3)', [], { readOnly: true })));
  while (engine.workerCount < 1 + sqlWorkers && Date.now() < until) await sleeps();
  // why: one more round, so the newest worker has run a statement too (a fresh PGlite's first one is slow)
  await Promise.all(Array.from({ length: sqlWorkers }, () => postSql(server.url, light)));
}, 120_000);

afterAll(async () => {
  await server?.close();
  await engine?.close();
});

async function timed(sql: string): Promise<{ answer: Answer; ms: number }> {
  const started = performance.now();
  const answer = await postSql(server.url, sql);
  return { answer, ms: performance.now() - started };
}

const tookTooLong = { __type: 'Validation Error', query: ['Query took too long'] };

describe('datastore_search_sql under contention', () => {
  it('answers light queries at once on a free worker while two heavy ones run into the timeout', { timeout: 60_000 }, async () => {
    expect(engine.workerCount).toBe(1 + sqlWorkers);
    let heavySettled = 0;
    const heavyAnswers = [timed(heavy), timed(heavy)].map((p) => p.finally(() => (heavySettled += 1)));
    const lights: { answer: Answer; ms: number }[] = [];
    do lights.push(await timed(light));
    while (heavySettled < 2);
    for (const { answer } of await Promise.all(heavyAnswers)) expect(errorOf(answer)).toEqual(tookTooLong);
    // The light queries ran for as long as the heavy ones did; none of them waited for a heavy one to end.
    for (const { answer, ms } of lights) {
      expect(recordsOf(answer)).toEqual([{ n: server.datastore.resolve(ids.courses)?.rowCount }]);
      expect(ms).toBeLessThan(sqlTimeoutMs);
    }
  });

  it('answers every statement within its timeout of acceptance, also one queued behind heavy ones', { timeout: 60_000 }, async () => {
    expect(engine.workerCount).toBe(1 + sqlWorkers);
    // one more heavy statement than workers: the last waits for a worker, and its clock runs while it waits
    const answers = await Promise.all(Array.from({ length: sqlWorkers + 1 }, () => timed(heavy)));
    for (const { answer, ms } of answers) {
      expect(answer.status, answer.text).toBe(409);
      expect(errorOf(answer)).toEqual(tookTooLong);
      expect(ms).toBeLessThan(1.5 * sqlTimeoutMs);
    }
  });
});
