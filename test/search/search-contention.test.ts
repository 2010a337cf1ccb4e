// One slow search must not hold up the others (issue 11): a 500 KB `q` runs into the search timeout on one
// worker while 16 connections of one-row searches keep being answered by the others, each well within the
// timeout. Ceilings are the timeout itself, the guarantee under test, not micro-timings; it is 2 s, ten times the
// slowest probe measured with 17 clients on two workers while both cores of a 2-core machine were busy elsewhere.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPgliteEngine, type PgliteEngine } from '../../src/server/engines/index.ts';
import { loadFixtures } from '../../src/server/fixtures/index.ts';
import { startReferenceServer, type ReferenceServer } from '../../src/server/index.ts';
import { errorOf, fixturesDir, ids, postAction, resultOf, type Answer } from '../sql/helpers.ts';

const searchTimeoutMs = 2000;
const connections = 16;
const searchWorkers = 3;
let engine: PgliteEngine;
let server: ReferenceServer;

beforeAll(async () => {
  // why: the test opens the engine itself to see its workers open (workerCount); the server is the real one
  engine = await openPgliteEngine(await loadFixtures(fixturesDir), { searchWorkers });
  server = await startReferenceServer({ fixturesDir, engine, config: { searchTimeoutMs } });
}, 120_000);

afterAll(async () => {
  await server?.close();
  await engine?.close();
});

/** About 500 KB of distinct words: plainto_tsquery makes one term of each, which no fixture row survives quickly. */
function hugeQuery(): string {
  const words: string[] = [];
  let length = 0;
  for (let i = 0; length < 500_000; i += 1) {
    const word = `w${i.toString(36)}x`;
    words.push(word);
    length += word.length + 1;
  }
  return words.join(' ');
}

const search = (params: Record<string, unknown>): Promise<Answer> =>
  postAction(server.url, '/api/3/action/datastore_search', { resource_id: ids.courses, ...params });

interface Timed {
  answer: Answer;
  ms: number;
}

/** One connection's loop: one-row searches, one after another, until `stop()` says so. */
async function searchUntil(stop: () => boolean, offset: number): Promise<Timed[]> {
  const answers: Timed[] = [];
  do {
    const started = performance.now();
    const answer = await search({ limit: 1, offset, include_total: false });
    answers.push({ answer, ms: performance.now() - started });
  } while (!stop());
  return answers;
}

/** One round: the 500 KB q on one worker, 16 connections and a probe of one-row searches until it is answered. */
async function contend(): Promise<{ bigAnswer: Answer; probe: Timed[]; loops: Timed[][] }> {
  let bigSettled = false;
  const big = search({ q: hugeQuery(), limit: 1 }).finally(() => {
    bigSettled = true;
  });
  const loops = Array.from({ length: connections }, (_, i) => searchUntil(() => bigSettled, i));
  const probe = await searchUntil(() => bigSettled, 7);
  return { bigAnswer: await big, probe, loops: await Promise.all(loops) };
}

describe('datastore_search under contention', () => {
  it('answers one-row searches from 16 connections within the search timeout while a 500 KB q runs out of time', { timeout: 120_000 }, async () => {
    // why: workers open on demand, once a search has waited 0.2 s for busy ones (seconds each on a loaded machine):
    // rounds of more statements than workers, each about that long, open them all (on the engine, as searches are)
    const warmUntil = Date.now() + 60_000;
    const sleeps = (): Promise<unknown> => Promise.all(Array.from({ length: searchWorkers + 1 }, () => engine.query('SELECT pg_sleep(0.3)')));
    while (engine.workerCount < searchWorkers && Date.now() < warmUntil) await sleeps();
    // why: one more round, so the newest worker has run a statement too (a fresh PGlite's first one is slow)
    await Promise.all(Array.from({ length: connections }, (_, i) => search({ limit: 1, offset: i })));
    expect(engine.workerCount).toBe(searchWorkers);
    // why: the planner sometimes answers the 500 KB q from the full-text index at once (no term occurs), and then
    // nothing was held up; such a round shows nothing, so it is run again (the slow plan is the usual one)
    let outcome = await contend();
    for (let attempt = 1; attempt < 3 && outcome.bigAnswer.status === 200; attempt += 1) outcome = await contend();
    const { bigAnswer, probe, loops } = outcome;
    expect(bigAnswer.status, bigAnswer.text.slice(0, 300)).toBe(409);
    expect(errorOf(bigAnswer)).toEqual({ __type: 'Validation Error', query: ['Search took too long'] });

    const timed = [...probe, ...loops.flat()];
    for (const { answer } of timed) expect(resultOf(answer)['records']).toHaveLength(1);
    // The probe ran for as long as the big search did, so some of its searches overlapped it; none waited for it.
    expect(probe.length).toBeGreaterThan(1);
    expect(Math.max(...probe.map((t) => t.ms))).toBeLessThan(searchTimeoutMs);
  });

  it('answers a one-row search at once after the timeout', async () => {
    const answer = await search({ limit: 1 });
    expect(resultOf(answer)['records']).toHaveLength(1);
  });
});
