// The real-server engine: a PostgreSQL database of its own (created, loaded and owned by this engine), two pg
// pools (searches, SQL) whose statements time out counted from acceptance, the wait for a connection included.
import type { Pool, ClientBase, PoolClient, QueryArrayConfig } from 'pg';
import { KitError, KitErrorCode } from '../../errors.ts';
import type { LoadedFixtures } from '../fixtures/index.ts';
import { READ_ONLY_ROLE, quoteIdent } from './pglite-sql.ts';
import { connectAdmin, dropOwnedDatabase, isOwnedDatabase, loadKey, loadTables, readLoadKey, recreateDatabase } from './postgres-load.ts';
import { DEFAULT_DATABASE, databaseOf, parseDatabaseUrl, redactDatabaseUrl, withDatabase } from './postgres-url.ts';
import { connectBy, createPool } from './postgres-pool.ts';
import { EngineQueryError, EngineTimeoutError, defaultWorkerCount, type Engine, type EngineQueryOptions, type EngineResult } from '../engine.ts';

export interface PostgresEngineOptions {
  /**
   * postgres://user:password@host:port/database of a server the engine WRITES to: it drops and recreates
   * `database` there (never the one the URL names, unless they are the same). The user needs CREATEDB and
   * CREATEROLE (for the read-only role), or superuser.
   */
  databaseUrl: string;
  /** The database this engine owns; default "datastore_kit". A database it did not create is never dropped. */
  database?: string;
  /** Most connections open at once for datastore_search; default 4. Same as searchWorkers, which wins. */
  maxConnections?: number;
  /** Most connections running datastore_search statements at once; default maxConnections, else 4. */
  searchWorkers?: number;
  /** Most connections running read-only (SQL action) statements at once, a pool of their own; default defaultWorkerCount(). */
  sqlWorkers?: number;
  /** Drop the database again on close(); default false (it stays for inspection with psql). */
  dropOnClose?: boolean;
  /**
   * Drop and reload even when the database already holds these fixtures (same hash, same build format); default
   * false: an unchanged start reuses the loaded database, so changes made there by hand stay until the next reload.
   */
  reload?: boolean;
}

/** The postgres engine, with where it loaded the fixtures. */
export interface PostgresEngine extends Engine {
  /** The database holding the fixtures. */
  readonly database: string;
  /** The server's version, e.g. "15.10". */
  readonly serverVersion: string;
  /** True when this open found the fixtures loaded already (same load key) and did not reload them. */
  readonly reusedLoad: boolean;
}

/** Keeps every value in PostgreSQL's text form: one identity parser for every type. */
const textTypes = {
  getTypeParser:
    () =>
    (value: string): string =>
      value,
};

function isTextRow(row: unknown): row is (string | null)[] {
  return Array.isArray(row) && row.every((v) => v === null || typeof v === 'string');
}

/** Maps a pg error to the engine's errors: 57014 is a timeout, anything with a SQLSTATE an EngineQueryError. */
function toEngineError(e: unknown): Error {
  if (typeof e !== 'object' || e === null || !('code' in e) || typeof e.code !== 'string' || !/^[0-9A-Z]{5}$/.test(e.code)) {
    return e instanceof Error ? e : new Error(String(e));
  }
  const message = 'message' in e && typeof e.message === 'string' ? e.message : String(e);
  if (e.code === '57014') return new EngineTimeoutError(message, { cause: e });
  const options: { cause: unknown; position?: number; detail?: string; hint?: string } = { cause: e };
  if ('position' in e && typeof e.position === 'string' && e.position !== '') options.position = Number(e.position);
  if ('detail' in e && typeof e.detail === 'string') options.detail = e.detail;
  if ('hint' in e && typeof e.hint === 'string') options.hint = e.hint;
  return new EngineQueryError(message, e.code, options);
}

/** Type names by oid, read from pg_type after the load and again on a miss (types created later). */
class TypeNames {
  #names = new Map<number, string>();

  /** Reads pg_type on `client` if an oid is unknown; the caller's own client, as a second one could deadlock a full pool. */
  async resolve(client: ClientBase, oids: readonly number[]): Promise<void> {
    if (oids.every((oid) => this.#names.has(oid))) return;
    await this.load(client);
  }

  async load(client: ClientBase): Promise<void> {
    const found = await client.query<{ oid: number; typname: string }>('SELECT oid::int4 AS oid, typname::text FROM pg_type');
    for (const row of found.rows) this.#names.set(row.oid, row.typname);
  }

  nameOf(oid: number): string {
    return this.#names.get(oid) ?? String(oid);
  }
}

async function runOnClient(client: PoolClient, sql: string, params: readonly (string | null)[], options: EngineQueryOptions) {
  const readOnly = options.readOnly === true;
  const inTransaction = readOnly || options.timeoutMs !== undefined;
  if (inTransaction) {
    const setup = [readOnly ? 'BEGIN TRANSACTION READ ONLY' : 'BEGIN'];
    if (readOnly) setup.push(`SET LOCAL ROLE ${quoteIdent(READ_ONLY_ROLE)}`);
    // why: the server enforces the limit for real and cancels the statement itself (SQLSTATE 57014)
    if (options.timeoutMs !== undefined) setup.push(`SET LOCAL statement_timeout = ${Math.max(1, Math.ceil(options.timeoutMs))}`);
    await client.query(setup.join('; '));
  }
  let ok = false;
  try {
    // why: the extended protocol runs exactly one statement, like PGlite's query() and CKAN's execute()
    // (queryMode is pg's documented option, missing from @types/pg)
    const config: QueryArrayConfig<(string | null)[]> & { queryMode: 'extended' } = {
      text: sql,
      values: [...params],
      rowMode: 'array',
      types: textTypes,
      queryMode: 'extended',
    };
    const result = await client.query(config);
    ok = true;
    return result;
  } finally {
    if (inTransaction) await client.query(readOnly || !ok ? 'ROLLBACK' : 'COMMIT');
  }
}

/**
 * Opens the postgres engine: connects to `databaseUrl`, drops and recreates its own database there, loads the
 * fixtures (same layout as the PGlite engine), and serves queries from a small pool. KitError E_ENV when the
 * server is unreachable or refuses the setup; E_USAGE for a malformed URL.
 */
export async function openPostgresEngine(fixtures: LoadedFixtures, options: PostgresEngineOptions): Promise<PostgresEngine> {
  const url = parseDatabaseUrl(options.databaseUrl);
  const database = options.database ?? DEFAULT_DATABASE;
  const adminUrl = withDatabase(url, databaseOf(url) === database ? 'postgres' : databaseOf(url) || 'postgres');
  const display = redactDatabaseUrl(url);
  const connectionString = withDatabase(url, database);
  const key = loadKey(fixtures.hash);
  const reusedLoad = options.reload !== true && (await holdsLoad(adminUrl, connectionString, { database, display, key }));
  if (!reusedLoad) {
    const admin = await connectAdmin(adminUrl, display);
    try {
      await recreateDatabase(admin, database).catch((e: unknown) => rethrowSetup(e, `cannot create database "${database}" at ${display}`));
    } finally {
      await admin.end();
    }
  }
  const pool = createPool(connectionString, options.searchWorkers ?? options.maxConnections ?? 4);
  let serverVersion = '';
  const types = new TypeNames();
  try {
    const client = await pool.connect();
    try {
      if (!reusedLoad) await loadTables(client, () => connectAdmin(connectionString, display), fixtures.tables, key);
      await types.load(client);
      serverVersion = String((await client.query<{ v: string }>(`SELECT current_setting('server_version') AS v`)).rows[0]?.v);
    } finally {
      client.release();
    }
  } catch (e) {
    await pool.end();
    rethrowSetup(e, `cannot load the fixtures into database "${database}" at ${display}`);
  }
  // why: SQL statements get connections of their own, so a long SQL query never holds up a search
  const pools = { search: pool, sql: createPool(connectionString, options.sqlWorkers ?? defaultWorkerCount()) };
  return createEngine(pools, types, { database, serverVersion, reusedLoad, dropOnClose: options.dropOnClose === true, adminUrl, display });
}

/** Whether `database` is ours and holds a complete load with `key`: then an open need not drop and reload it. */
async function holdsLoad(adminUrl: string, connectionString: string, expected: { database: string; display: string; key: string }): Promise<boolean> {
  const admin = await connectAdmin(adminUrl, expected.display);
  try {
    if (!(await isOwnedDatabase(admin, expected.database))) return false;
  } finally {
    await admin.end();
  }
  const client = await connectAdmin(connectionString, expected.display);
  try {
    return (await readLoadKey(client)) === expected.key;
  } finally {
    await client.end();
  }
}

function rethrowSetup(e: unknown, what: string): never {
  if (e instanceof KitError) throw e;
  const reason = e instanceof Error ? e.message : String(e);
  throw new KitError(KitErrorCode.environment, `${what}: ${reason}`, { cause: e });
}

interface EngineFacts {
  database: string;
  serverVersion: string;
  reusedLoad: boolean;
  dropOnClose: boolean;
  adminUrl: string;
  display: string;
}

function createEngine(pools: { search: Pool; sql: Pool }, types: TypeNames, facts: EngineFacts): PostgresEngine {
  let closing: Promise<void> | undefined;
  return {
    name: 'postgres',
    database: facts.database,
    serverVersion: facts.serverVersion,
    reusedLoad: facts.reusedLoad,
    async query(sql: string, params: readonly (string | null)[] = [], options: EngineQueryOptions = {}): Promise<EngineResult> {
      if (closing !== undefined) throw new Error('the postgres engine is closed');
      // why: the timeout counts from acceptance; the server's statement_timeout gets what is left after the wait
      const deadlineMs = options.timeoutMs === undefined ? undefined : performance.now() + options.timeoutMs;
      const client = await connectBy(options.readOnly === true ? pools.sql : pools.search, deadlineMs);
      const remainingMs = deadlineMs === undefined ? undefined : Math.max(1, deadlineMs - performance.now());
      let broken: Error | undefined;
      try {
        const result = await runOnClient(client, sql, params, { ...options, ...(remainingMs === undefined ? {} : { timeoutMs: remainingMs }) });
        await types.resolve(
          client,
          result.fields.map((f) => f.dataTypeID),
        );
        const rows = result.rows.map((row: unknown) => {
          if (!isTextRow(row)) throw new Error('pg returned a non-text value despite identity parsers');
          return row;
        });
        return { fields: result.fields.map((f) => ({ name: f.name, typeName: types.nameOf(f.dataTypeID) })), rows };
      } catch (e) {
        const mapped = toEngineError(e);
        // why: a connection-level failure (no SQLSTATE) may leave the client mid-protocol; never reuse it
        if (!(mapped instanceof EngineQueryError) && !(mapped instanceof EngineTimeoutError)) broken = mapped;
        throw mapped;
      } finally {
        client.release(broken ?? false);
      }
    },
    close(): Promise<void> {
      closing ??= (async () => {
        await Promise.all([pools.search.end(), pools.sql.end()]);
        if (!facts.dropOnClose) return;
        const admin = await connectAdmin(facts.adminUrl, facts.display);
        try {
          await dropOwnedDatabase(admin, facts.database);
        } finally {
          await admin.end();
        }
      })();
      return closing;
    },
  };
}
