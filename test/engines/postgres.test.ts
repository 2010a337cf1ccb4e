// The postgres engine on a real server ($DATABASE_URL or a throwaway local cluster): the shared engine suite,
// then what only this engine does (its own database, dropped and recreated; refusing foreign ones; errors).
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { isKitError } from '../../src/errors.ts';
import { EngineTimeoutError, openPostgresEngine } from '../../src/server/engines/index.ts';
import { connectAdmin, dropOwnedDatabase, loadTables, readLoadKey, recreateDatabase } from '../../src/server/engines/postgres-load.ts';
import { loadFixtures, type FixtureTable } from '../../src/server/fixtures/index.ts';
import { describeEngineSuite, rejectionOf } from './engine-suite.ts';
import { describePostgresAvailability, freePort, sharedPostgres } from '../helpers/postgres.ts';

const postgres = sharedPostgres();
afterAll(() => postgres.stop());

describe.skipIf(!postgres.available)(`postgres engine on ${describePostgresAvailability()}`, () => {
  describeEngineSuite('postgres', async (fixtures) =>
    openPostgresEngine(fixtures, { databaseUrl: await postgres.url(), database: postgres.uniqueDatabase(), dropOnClose: true }),
  );

  describe('openPostgresEngine', () => {
    const databaseExists = async (name: string): Promise<boolean> => {
      const admin = await connectAdmin(await postgres.url(), 'test server');
      try {
        return (await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name])).rowCount === 1;
      } finally {
        await admin.end();
      }
    };

    it('reuses a database that holds the same fixtures, and reloads it when they change or when asked', async () => {
      const fixtures = await loadFixtures('fixtures');
      const database = postgres.uniqueDatabase();
      const databaseUrl = await postgres.url();
      const first = await openPostgresEngine(fixtures, { databaseUrl, database });
      expect(first.reusedLoad).toBe(false);
      await first.query('DELETE FROM courses WHERE _id > 10');
      await first.close();
      const unchanged = await openPostgresEngine(fixtures, { databaseUrl, database });
      try {
        // why: the same fixtures hash: the load is reused as it stands (the rows deleted by hand stay deleted)
        expect(unchanged.reusedLoad).toBe(true);
        expect((await unchanged.query('SELECT count(*) FROM courses')).rows).toEqual([['10']]);
      } finally {
        await unchanged.close();
      }
      const changedDir = await mkdtemp(join(tmpdir(), 'dsk-pg-fixtures-'));
      try {
        await cp('fixtures', changedDir, { recursive: true });
        const csv = await readFile(join(changedDir, 'courses.csv'), 'utf8');
        await writeFile(join(changedDir, 'courses.csv'), csv.replace('Quokka Field Ecology', 'Quokka Field Studies'));
        const changed = await openPostgresEngine(await loadFixtures(changedDir), { databaseUrl, database });
        try {
          expect(changed.reusedLoad).toBe(false);
          expect((await changed.query('SELECT count(*) FROM courses')).rows).toEqual([['260']]);
          expect((await changed.query('SELECT title FROM courses WHERE _id = 5')).rows).toEqual([['Quokka Field Studies']]);
        } finally {
          await changed.close();
        }
      } finally {
        await rm(changedDir, { recursive: true, force: true });
      }
      const forced = await openPostgresEngine(fixtures, { databaseUrl, database, reload: true, dropOnClose: true });
      try {
        expect(forced.reusedLoad).toBe(false);
        expect((await forced.query('SELECT title FROM courses WHERE _id = 5')).rows).toEqual([['Quokka Field Ecology']]);
      } finally {
        await forced.close();
      }
      expect(await databaseExists(database)).toBe(false);
    });

    it('reloads a database whose last load never committed', async () => {
      const fixtures = await loadFixtures('fixtures');
      const database = postgres.uniqueDatabase();
      const databaseUrl = await postgres.url();
      const first = await openPostgresEngine(fixtures, { databaseUrl, database });
      await first.query('DROP TABLE datastore_kit.load');
      await first.close();
      const second = await openPostgresEngine(fixtures, { databaseUrl, database, dropOnClose: true });
      try {
        expect(second.reusedLoad).toBe(false);
        expect((await second.query('SELECT count(*) FROM courses')).rows).toEqual([['260']]);
      } finally {
        await second.close();
      }
    });

    it("keeps its load record out of public, _table_metadata and the reader's reach", async () => {
      const engine = await openPostgresEngine(await loadFixtures('fixtures'), {
        databaseUrl: await postgres.url(),
        database: postgres.uniqueDatabase(),
        dropOnClose: true,
      });
      try {
        expect((await engine.query(`SELECT count(*) FROM "_table_metadata" WHERE name = 'load'`)).rows).toEqual([['0']]);
        const refused = await rejectionOf(engine.query('SELECT key FROM datastore_kit.load', [], { readOnly: true }));
        expect(refused).toMatchObject({ sqlState: '42501' });
      } finally {
        await engine.close();
      }
    });

    it('refuses to drop a database it did not create', async () => {
      const database = postgres.uniqueDatabase();
      const admin = await connectAdmin(await postgres.url(), 'test server');
      try {
        await admin.query(`CREATE DATABASE "${database}"`);
        const error = await rejectionOf(openPostgresEngine(await loadFixtures('fixtures'), { databaseUrl: await postgres.url(), database }));
        expect(isKitError(error) && error.code).toBe('E_ENV');
        expect(error).toMatchObject({
          message: `database "${database}" exists and was not created by datastore-kit; choose another name (it is never dropped)`,
        });
        expect(await databaseExists(database)).toBe(true);
      } finally {
        await dropOwnedDatabase(admin, database);
        await admin.end();
      }
    });

    it('answers more concurrent callers than it has connections, from the first query on', async () => {
      const engine = await openPostgresEngine(await loadFixtures('fixtures'), {
        databaseUrl: await postgres.url(),
        database: postgres.uniqueDatabase(),
        maxConnections: 2,
        dropOnClose: true,
      });
      try {
        const results = await Promise.all(Array.from({ length: 6 }, (_, i) => engine.query(`SELECT ${i}::int2 + count(*), now()::date FROM courses`)));
        expect(results.map((r) => r.rows[0]?.[0])).toEqual(['260', '261', '262', '263', '264', '265']);
        expect(results[0]?.fields.map((f) => f.typeName)).toEqual(['int8', 'date']);
      } finally {
        await engine.close();
      }
    });

    it('counts a timeout from acceptance, waiting for a connection included, and keeps SQL apart from searches', async () => {
      const engine = await openPostgresEngine(await loadFixtures('fixtures'), {
        databaseUrl: await postgres.url(),
        database: postgres.uniqueDatabase(),
        maxConnections: 1,
        sqlWorkers: 1,
        dropOnClose: true,
      });
      const timeoutMs = 1500;
      try {
        const timed = async (readOnly: boolean): Promise<{ error: unknown; ms: number }> => {
          const started = performance.now();
          const error = await rejectionOf(engine.query('SELECT pg_sleep(30)', [], { timeoutMs, readOnly }));
          return { error, ms: performance.now() - started };
        };
        // the second search waits for the only search connection: its clock runs while it waits
        const searches = [timed(false), timed(false)];
        // the search connection is busy, yet a read-only (SQL) statement answers at once on its own pool
        expect((await engine.query('SELECT count(*) FROM courses', [], { readOnly: true, timeoutMs })).rows).toEqual([['260']]);
        for (const { error, ms } of await Promise.all(searches)) {
          expect(error).toBeInstanceOf(EngineTimeoutError);
          expect(ms).toBeLessThan(1.5 * timeoutMs);
        }
      } finally {
        await engine.close();
      }
    });

    it('times out a statement outside read-only mode too, and keeps its changes only when it succeeds', async () => {
      const engine = await openPostgresEngine(await loadFixtures('fixtures'), {
        databaseUrl: await postgres.url(),
        database: postgres.uniqueDatabase(),
        dropOnClose: true,
      });
      try {
        const error = await rejectionOf(engine.query('SELECT pg_sleep(30)', [], { timeoutMs: 200 }));
        expect(error).toBeInstanceOf(EngineTimeoutError);
        await engine.query('DELETE FROM courses WHERE _id = 1', [], { timeoutMs: 5000 });
        expect((await engine.query('SELECT count(*) FROM courses')).rows).toEqual([['259']]);
      } finally {
        await engine.close();
      }
      await expect(engine.query('SELECT 1')).rejects.toThrow('the postgres engine is closed');
    });
  });
});

/** A table of 305 rows (three slices of at least 100), with a NULL-only row and values that need quoting. */
function largeTable(rowCount: number): FixtureTable {
  const columns = [
    { id: 'title', type: 'text' },
    { id: 'credits', type: 'int4' },
    { id: 'updated', type: 'timestamp' },
    { id: 'tags', type: '_text' },
  ];
  const rows = Array.from({ length: rowCount }, (_, n) =>
    n === 7
      ? [null, null, null, null]
      : [`Course ${n}, "on" topic ${n % 97}`, String(n % 60), `2025-01-${String(1 + (n % 28)).padStart(2, '0')}T10:00:00`, `{"t${n % 5}","x"}`],
  );
  const resource = { id: 'a1a1a1a1-1111-4222-8333-444455556666', aliases: ['large'], private: false, columns, rowCount };
  return { resource, title: 'Large', columns, rows };
}

describe.skipIf(!postgres.available)('loadTables', () => {
  /** A client of `database`, or of the server's own database when undefined. */
  async function connectTo(database?: string): Promise<Awaited<ReturnType<typeof connectAdmin>>> {
    const url = new URL(await postgres.url());
    if (database !== undefined) url.pathname = `/${database}`;
    return connectAdmin(url.href, 'test server');
  }

  async function inDatabase<T>(database: string | undefined, use: (client: Awaited<ReturnType<typeof connectAdmin>>) => Promise<T>): Promise<T> {
    const client = await connectTo(database);
    try {
      return await use(client);
    } finally {
      await client.end();
    }
  }

  const drop = (database: string): Promise<void> => inDatabase(undefined, (admin) => dropOwnedDatabase(admin, database));

  /**
   * Loads `tables` into a fresh database over `loaders` connections (in slices of 100 rows or more, and of at most
   * `maxSliceRows`), the extra connections refused when asked; the database, the load's error and how many extra
   * connections it opened.
   */
  async function loadInto(
    tables: readonly FixtureTable[],
    loaders: number,
    { refuseExtra = false, maxSliceRows = Number.POSITIVE_INFINITY } = {},
  ): Promise<{ database: string; error?: unknown; extra: number }> {
    const database = postgres.uniqueDatabase();
    await inDatabase(undefined, (admin) => recreateDatabase(admin, database));
    let extra = 0;
    const more = async () => {
      if (refuseExtra) throw new Error('sorry, too many clients already');
      extra += 1;
      return connectTo(database);
    };
    const client = await connectTo(database);
    try {
      await loadTables(client, more, tables, 'test-key', { loaders, minSliceRows: 100, maxSliceRows });
      return { database, extra };
    } catch (error) {
      return { database, error, extra };
    } finally {
      await client.end();
    }
  }

  it('fills a large table in slices over several connections into the same rows, vectors and key as one connection', { timeout: 120_000 }, async () => {
    const table = largeTable(305);
    // why: slices of at most 80 rows: four slices over three connections, one of which fills two
    const [sliced, whole] = await Promise.all([loadInto([table], 3, { maxSliceRows: 80 }), loadInto([table], 1)]);
    try {
      expect(sliced.error).toBeUndefined();
      expect(whole.error).toBeUndefined();
      expect([sliced.extra, whole.extra]).toEqual([2, 0]);
      const digest = (database: string) =>
        inDatabase(database, async (client) => {
          const rows = await client.query<{ n: string; lo: number; hi: number; sum: string }>(
            `SELECT count(*) AS n, min(_id) AS lo, max(_id) AS hi, md5(string_agg(_id || ' ' || _full_text::text || ' ' || coalesce(title, '~') || ' ' || coalesce(tags::text, '~'), '|' ORDER BY _id)) AS sum FROM "${table.resource.id}"`,
          );
          const key = await readLoadKey(client);
          const ids = await client.query<{ n: string }>(`SELECT count(DISTINCT _id) AS n FROM large`);
          return { ...rows.rows[0], key, distinct: ids.rows[0]?.n };
        });
      const [a, b] = await Promise.all([digest(sliced.database), digest(whole.database)]);
      expect(a).toEqual({ n: String(table.rows.length), lo: 1, hi: table.rows.length, sum: b.sum, key: 'test-key', distinct: String(table.rows.length) });
      expect(b.key).toBe('test-key');
      const empty = await inDatabase(sliced.database, async (client) => (await client.query(`SELECT _full_text FROM large WHERE _id = 8`)).rows);
      expect(empty).toEqual([{ _full_text: null }]);
    } finally {
      await Promise.all([drop(sliced.database), drop(whole.database)]);
    }
  });

  it('fills every slice on the connections it gets when the server refuses more', async () => {
    const { database, error, extra } = await loadInto([largeTable(305)], 3, { refuseExtra: true });
    try {
      expect(error).toBeUndefined();
      expect(extra).toBe(0);
      expect(await inDatabase(database, async (client) => (await client.query('SELECT count(*)::int AS n FROM large')).rows)).toEqual([{ n: 305 }]);
      expect(await inDatabase(database, readLoadKey)).toBe('test-key');
    } finally {
      await drop(database);
    }
  });

  it('records no load key when a slice fails, so the next start loads again', { timeout: 120_000 }, async () => {
    const table = largeTable(305);
    const rows = table.rows.map((row, n) => (n === table.rows.length - 3 ? [row[0] ?? null, 'not a number', row[2] ?? null, row[3] ?? null] : row));
    const { database, error } = await loadInto([{ ...table, rows }], 3);
    try {
      expect(String(error)).toMatch(/PostgreSQL build failed: .*invalid input syntax for type integer: "not a number"/);
      expect(await inDatabase(database, readLoadKey)).toBeUndefined();
    } finally {
      await drop(database);
    }
  });
});

describe('openPostgresEngine without a server', () => {
  it('rejects an unreachable server with E_ENV and a masked password', async () => {
    const port = await freePort();
    const error = await rejectionOf(openPostgresEngine(await loadFixtures('fixtures'), { databaseUrl: `postgres://kit:s3cret@127.0.0.1:${port}/x` }));
    expect(isKitError(error) && error.code).toBe('E_ENV');
    const message = error instanceof Error ? error.message : '';
    expect(message).toContain(`cannot connect to PostgreSQL at postgres://kit:***@127.0.0.1:${port}/x: `);
    expect(message).not.toContain('s3cret');
  });

  it.each([['not a url'], ['mysql://u@h/db']])('rejects %s with E_USAGE', async (databaseUrl) => {
    const error = await rejectionOf(openPostgresEngine(await loadFixtures('fixtures'), { databaseUrl }));
    expect(isKitError(error) && error.code).toBe('E_USAGE');
  });
});
