import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { setLaneKeeper } from '../../src/server/engines/lane-keeper.ts';
import { parkingKeeper } from '../support/pglite-lane-keeper.ts';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openPgliteEngine } from '../../src/server/engines/index.ts';
import { loadFixtures, type LoadedFixtures } from '../../src/server/fixtures/index.ts';
import { describeEngineSuite } from './engine-suite.ts';

/** Builds run initdb + COPY in WASM; on a loaded 2-core machine they take far longer than a query. */
const BUILD_TIMEOUT_MS = 300_000;

describeEngineSuite('pglite', (fixtures) => openPgliteEngine(fixtures));

describe('openPgliteEngine', () => {
  const scenario = mkdtempSync(join(tmpdir(), 'dsk-pglite-'));
  const preparedDirs = new Set<string>();
  let fixtures: LoadedFixtures;
  beforeAll(async () => {
    fixtures = await loadFixtures(writeUniqueFixtures());
  });
  afterAll(async () => {
    rmSync(scenario, { recursive: true, force: true });
    for (const dir of preparedDirs) await rm(dir, { recursive: true, force: true });
  });

  /** A tiny resource whose content (and so hash) is unique to this run, so the first open must build. */
  function writeUniqueFixtures(): string {
    const id = '0a0b0c0d-1111-4222-8333-444455556666';
    writeFileSync(
      join(scenario, 'datapackage.json'),
      JSON.stringify({ resources: [{ name: id, path: 'r.csv', aliases: ['tiny'], schema: { fields: [{ name: 'word' }, { name: 'n', type: 'integer' }] } }] }),
    );
    writeFileSync(join(scenario, 'r.csv'), `word,n\nrunning,1\n${process.pid}-${Date.now()}-${Math.random()},2\n`);
    return scenario;
  }

  it(
    'builds the prepared dir once, reuses it on the next open, and gives each engine its own copy, in memory (none on disk)',
    async () => {
      const instanceDirs = (): string[] => readdirSync(tmpdir()).filter((name) => name.startsWith(`datastore-kit-pglite-${process.pid}-`));
      const before = instanceDirs();
      const first = await openPgliteEngine(fixtures);
      preparedDirs.add(first.preparedDir);
      const second = await openPgliteEngine(fixtures);
      try {
        // why: the fixtures are new to this run, so no parked worker serves them: both engines started their own
        expect([first.workerStarts, second.workerStarts]).toEqual([1, 1]);
        expect(instanceDirs()).toEqual(before);
        expect(first.builtCache).toBe(true);
        expect(second.builtCache).toBe(false);
        expect(second.preparedDir).toBe(first.preparedDir);
        expect(first.preparedDir.endsWith(fixtures.hash)).toBe(true);
        const [a, b] = await Promise.all([
          first.query(`SELECT _id FROM tiny WHERE _full_text @@ plainto_tsquery('run')`),
          second.query('SELECT count(*) FROM tiny'),
        ]);
        expect(a.rows).toEqual([['1']]);
        expect(b.rows).toEqual([['2']]);
      } finally {
        await Promise.all([first.close(), second.close()]);
      }
      expect(existsSync(first.preparedDir)).toBe(true);
    },
    BUILD_TIMEOUT_MS,
  );

  it(
    'serves a burst of quick statements on the worker it has, and opens another once a slow one holds a statement up',
    async () => {
      const engine = await openPgliteEngine(fixtures, { searchWorkers: 2 });
      try {
        await engine.query('SELECT count(*) FROM tiny');
        const burst = await Promise.all(Array.from({ length: 8 }, () => engine.query('SELECT count(*) FROM tiny')));
        expect(burst.map((result) => result.rows)).toEqual(Array.from({ length: 8 }, () => [['2']]));
        expect(engine.workerCount).toBe(1);
        // the quick statement waits 0.2 s behind the slow one, and so a second worker opens (pg_sleep burns its
        // CPU in PGlite: a second is enough to show it; the worker may open after the slow one ended)
        const [, quick] = await Promise.all([engine.query('SELECT pg_sleep(1)'), engine.query('SELECT count(*) FROM tiny')]);
        expect(quick.rows).toEqual([['2']]);
        await vi.waitFor(() => expect(engine.workerCount).toBe(2), { timeout: 60_000, interval: 50 });
      } finally {
        await engine.close();
      }
    },
    BUILD_TIMEOUT_MS,
  );

  it(
    'restarts its worker (reusing the cache) after a timeout and rejects queries after close',
    async () => {
      const engine = await openPgliteEngine(fixtures, { searchWorkers: 1 });
      expect(engine.builtCache).toBe(false);
      expect(engine.workerStarts).toBe(1);
      await expect(engine.query('SELECT pg_sleep(30)', [], { timeoutMs: 200 })).rejects.toThrow('canceling statement due to statement timeout');
      expect((await engine.query('SELECT count(*) FROM tiny')).rows).toEqual([['2']]);
      expect(engine.workerStarts).toBe(2);
      await engine.close();
      await expect(engine.query('SELECT 1')).rejects.toThrow('the PGlite engine is closed');
    },
    BUILD_TIMEOUT_MS,
  );

  it(
    'sends a statement answered with an internal error once more on a fresh worker, and answers a second one',
    async () => {
      const engine = await openPgliteEngine(fixtures, { searchWorkers: 1 });
      try {
        const raise = (message: string) => `RAISE EXCEPTION '${message}' USING ERRCODE = 'internal_error'`;
        // a session gone bad: only this worker's session has the setting, so only this worker fails
        await engine.query(`SET dsk.session_state = 'bad'`);
        const startsBefore = engine.workerStarts;
        await expect(
          engine.query(`DO $$ BEGIN IF current_setting('dsk.session_state', true) = 'bad' THEN ${raise('bad buffer ID: 0')}; END IF; END $$`),
        ).resolves.toMatchObject({ rows: [] });
        expect(engine.workerStarts).toBe(startsBefore + 1);
        await expect(engine.query(`DO $$ BEGIN ${raise('broken everywhere')}; END $$`)).rejects.toMatchObject({
          sqlState: 'XX000',
          message: 'broken everywhere',
        });
        expect(engine.workerStarts).toBe(startsBefore + 2);
        // an ordinary error is the answer at once, on the same worker
        await expect(engine.query('SELECT no_such_column FROM tiny')).rejects.toMatchObject({ sqlState: '42703' });
        expect(engine.workerStarts).toBe(startsBefore + 2);
        expect((await engine.query('SELECT count(*) FROM tiny')).rows).toEqual([['2']]);
      } finally {
        await engine.close();
      }
    },
    BUILD_TIMEOUT_MS,
  );

  it(
    'hands the warm workers of a closed engine to the next one over the same data, with a clean session',
    async () => {
      const instanceDirs = (): string[] => readdirSync(tmpdir()).filter((name) => name.startsWith(`datastore-kit-pglite-${process.pid}-`));
      const first = await openPgliteEngine(fixtures, { searchWorkers: 1 });
      await first.query(`SET statement_timeout = '4321ms'`);
      await first.close();
      const before = instanceDirs();
      const second = await openPgliteEngine(fixtures, { searchWorkers: 1 });
      try {
        expect(instanceDirs()).toEqual(before);
        expect(second.workerStarts).toBe(1);
        expect((await second.query('SHOW statement_timeout')).rows).not.toEqual([['4321ms']]);
        expect((await second.query('SELECT count(*) FROM tiny')).rows).toEqual([['2']]);
      } finally {
        await second.close();
      }
    },
    BUILD_TIMEOUT_MS,
  );

  // why: Linux keeps a nice value per thread, which /proc shows; elsewhere the priority is not lowered
  it.runIf(process.platform === 'linux')(
    'runs the SQL pool at a lowered thread priority (nice 10) and the search pool at the normal one',
    async () => {
      const nicedThreads = (): number =>
        readdirSync('/proc/self/task').filter((tid) => {
          const stat = readFileSync(`/proc/self/task/${tid}/stat`, 'utf8');
          // fields after the command name (which may hold spaces): state is the 3rd field, nice the 19th
          return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16] === '10';
        }).length;
      const before = nicedThreads();
      // why: a memory limit of its own gives the engine a park key of its own, so no parked lane is reused here
      const engine = await openPgliteEngine(fixtures, { searchWorkers: 1, sqlWorkers: 1, memoryLimitBytes: 64 * 1024 * 1024 + 1 });
      try {
        await engine.query('SELECT count(*) FROM tiny');
        expect(nicedThreads()).toBe(before);
        expect((await engine.query('SELECT count(*) FROM tiny', [], { readOnly: true })).rows).toEqual([['2']]);
        expect(engine.workerCount).toBe(2);
        expect(nicedThreads()).toBe(before + 1);
      } finally {
        await engine.close();
      }
    },
    BUILD_TIMEOUT_MS,
  );

  it(
    'replaces a worker after a result of more than 64M characters (its WebAssembly memory never shrinks)',
    async () => {
      const engine = await openPgliteEngine(fixtures, { searchWorkers: 1, memoryLimitBytes: 0 });
      try {
        const big = await engine.query(`SELECT repeat('x', 70000000) AS x`);
        expect(String(big.rows[0]?.[0]).length).toBe(70_000_000);
        await vi.waitFor(() => expect(engine.workerStarts).toBe(2), { timeout: 30_000 });
        expect((await engine.query('SELECT count(*) FROM tiny')).rows).toEqual([['2']]);
        await engine.query(`SELECT repeat('x', 1000) AS x`);
        expect(engine.workerStarts).toBe(2);
      } finally {
        await engine.close();
      }
    },
    BUILD_TIMEOUT_MS,
  );

  it(
    'closes its workers with the engine where no lane keeper is installed (the shipped server), deleting their copies',
    async () => {
      const instanceDirs = (): string[] => readdirSync(tmpdir()).filter((name) => name.startsWith(`datastore-kit-pglite-${process.pid}-`));
      setLaneKeeper(undefined);
      try {
        const before = instanceDirs().length;
        const first = await openPgliteEngine(fixtures, { searchWorkers: 1, memoryLimitBytes: 0 });
        expect(instanceDirs().length).toBe(before + 1);
        await first.close();
        expect(instanceDirs().length).toBe(before);
        const second = await openPgliteEngine(fixtures, { searchWorkers: 1, memoryLimitBytes: 0 });
        try {
          // why: nothing was kept, so the second engine started a worker of its own
          expect(second.workerStarts).toBe(1);
          expect((await second.query('SELECT count(*) FROM tiny')).rows).toEqual([['2']]);
        } finally {
          await second.close();
        }
      } finally {
        setLaneKeeper(parkingKeeper);
      }
    },
    BUILD_TIMEOUT_MS,
  );

  it(
    'keeps at most four workers parked in the process, closing the others with their copies (a dir above the memory limit)',
    async () => {
      const instanceDirs = (): string[] => readdirSync(tmpdir()).filter((name) => name.startsWith(`datastore-kit-pglite-${process.pid}-`));
      const engines = await Promise.all(Array.from({ length: 5 }, () => openPgliteEngine(fixtures, { searchWorkers: 1, memoryLimitBytes: 0 })));
      expect(instanceDirs().length).toBeGreaterThanOrEqual(5);
      await Promise.all(engines.map((engine) => engine.close()));
      expect(instanceDirs().length).toBeLessThanOrEqual(4);
      const again = await openPgliteEngine(fixtures, { searchWorkers: 1, memoryLimitBytes: 0 });
      try {
        expect((await again.query('SELECT count(*) FROM tiny')).rows).toEqual([['2']]);
      } finally {
        await again.close();
      }
    },
    BUILD_TIMEOUT_MS,
  );
});
