// Creates the postgres engine's own database on a real server and loads the fixtures into it, with the same
// build steps as the PGlite engine (tables, CKAN-style _full_text, aliases, _table_metadata, read-only role).
import { availableParallelism } from 'node:os';
import { Client, Query, type ClientBase } from 'pg';
import { KitError, KitErrorCode } from '../../errors.ts';
import type { FixtureTable } from '../fixtures/index.ts';
import { BUILD_FORMAT, READ_ONLY_ROLE, buildDatabasePlan, quoteIdent, type BuildStep, type PlanStep } from './pglite-sql.ts';

/** Marks a database as ours: only a database whose comment starts with this is ever dropped. */
export const OWNED_MARK = 'datastore-kit reference data';

/**
 * Session defaults of the engine's database, so values print as they do on PGlite (and CKAN): ISO dates,
 * shortest exact floats, UTC, english full text. The database's collation decides text order.
 */
const DATABASE_SETTINGS: readonly (readonly [string, string])[] = [
  ['DateStyle', 'ISO, MDY'],
  ['IntervalStyle', 'postgres'],
  ['TimeZone', 'UTC'],
  ['extra_float_digits', '1'],
  ['bytea_output', 'hex'],
  ['default_text_search_config', 'pg_catalog.english'],
  ['search_path', 'public'],
  ['lc_monetary', 'C'],
  ['lc_numeric', 'C'],
  ['lc_time', 'C'],
];

function quoteLiteral(value: string): string {
  return `'${value.replace(/'/g, "''")}'`;
}

/** A COPY ... FROM STDIN fed from memory: pg's own Query, answering the server's CopyInResponse with our CSV. */
class CsvCopyQuery extends Query {
  readonly #data: Buffer;

  constructor(sql: string, csv: string, callback: (error: Error | undefined) => void) {
    super(sql, callback);
    this.#data = Buffer.from(csv, 'utf8');
  }

  /** Called by pg when the server is ready for the rows (the base class would send CopyFail). */
  handleCopyInResponse(connection: { sendCopyFromChunk(chunk: Buffer): void; endCopyFrom(): void }): void {
    const chunkBytes = 1 << 16;
    for (let start = 0; start < this.#data.length; start += chunkBytes) {
      connection.sendCopyFromChunk(this.#data.subarray(start, start + chunkBytes));
    }
    connection.endCopyFrom();
  }
}

function copyIn(client: ClientBase, sql: string, csv: string): Promise<void> {
  return new Promise((resolve, reject) => {
    client.query(new CsvCopyQuery(sql, csv, (error) => (error === undefined || error === null ? resolve() : reject(error))));
  });
}

async function runStep(client: ClientBase, step: PlanStep): Promise<void> {
  try {
    if ('csv' in step) await copyIn(client, step.sql, step.csv());
    else await client.query(step.sql);
  } catch (e) {
    const reason = e instanceof Error ? e.message : String(e);
    throw new Error(`PostgreSQL build failed: ${reason} in: ${step.sql.slice(0, 200)}`, { cause: e });
  }
}

/** Where a load records what it loaded: outside `public`, so neither _table_metadata nor the reader sees it. */
const LOAD_MARK_TABLE = '"datastore_kit"."load"';

/** What a database holds once loaded: the fixtures' hash and the build steps' format. */
export function loadKey(fixturesHash: string): string {
  return `${fixturesHash}-f${BUILD_FORMAT}`;
}

/**
 * The load key recorded in `database` (see loadTables), or undefined when it holds none (a load that never
 * committed, or a database from an older version).
 */
export async function readLoadKey(client: ClientBase): Promise<string | undefined> {
  const table = await client.query<{ found: string | null }>(`SELECT to_regclass('datastore_kit.load')::text AS found`);
  if (table.rows[0]?.found === null || table.rows[0]?.found === undefined) return undefined;
  const found = await client.query<{ key: string }>(`SELECT key FROM ${LOAD_MARK_TABLE}`);
  return found.rowCount === 1 ? found.rows[0]?.key : undefined;
}

/** Whether `database` exists here and was created by this engine (its comment carries OWNED_MARK). */
export async function isOwnedDatabase(admin: ClientBase, database: string): Promise<boolean> {
  const mark = await readOwnerMark(admin, database);
  return mark !== undefined && (mark ?? '').startsWith(OWNED_MARK);
}

async function readOwnerMark(admin: ClientBase, database: string): Promise<string | null | undefined> {
  const found = await admin.query<{ mark: string | null }>(`SELECT shobj_description(oid, 'pg_database') AS mark FROM pg_database WHERE datname = $1`, [
    database,
  ]);
  return found.rows[0] === undefined ? undefined : found.rows[0].mark;
}

/**
 * Drops (if ours) and creates `database`, with CKAN-like session defaults. Refuses, with KitError E_ENV,
 * to drop a database it did not create.
 */
export async function recreateDatabase(admin: ClientBase, database: string): Promise<void> {
  const mark = await readOwnerMark(admin, database);
  if (mark !== undefined && !(mark ?? '').startsWith(OWNED_MARK)) {
    throw new KitError(
      KitErrorCode.environment,
      `database "${database}" exists and was not created by datastore-kit; choose another name (it is never dropped)`,
    );
  }
  const name = quoteIdent(database);
  if (mark !== undefined) await dropOwnedDatabase(admin, database);
  // why: template0 + UTF8 gives a clean database in the cluster's own locale, whatever template1 holds
  await admin.query(`CREATE DATABASE ${name} TEMPLATE template0 ENCODING 'UTF8'`);
  await admin.query(`COMMENT ON DATABASE ${name} IS ${quoteLiteral(`${OWNED_MARK}; dropped and recreated when the fixtures change`)}`);
  for (const [setting, value] of DATABASE_SETTINGS) {
    await admin.query(`ALTER DATABASE ${name} SET ${setting} = ${quoteLiteral(value)}`);
  }
  const superuser = await admin.query<{ rolsuper: boolean }>('SELECT rolsuper FROM pg_roles WHERE rolname = current_user');
  // why: PostgreSQL's messages are part of CKAN's answers; only a superuser may pin them to English
  if (superuser.rows[0]?.rolsuper === true) await admin.query(`ALTER DATABASE ${name} SET lc_messages = 'C'`);
}

/** Drops a database this engine created, ending its sessions first (FORCE needs PostgreSQL 13+). */
export async function dropOwnedDatabase(admin: ClientBase, database: string): Promise<void> {
  const version = await admin.query<{ v: string }>(`SELECT current_setting('server_version_num') AS v`);
  const force = Number(version.rows[0]?.v ?? 0) >= 130000 ? ' WITH (FORCE)' : '';
  await admin.query(`DROP DATABASE IF EXISTS ${quoteIdent(database)}${force}`);
}

/** Connections a load fills tables over at once: one per core, up to 4 (the server's cores are not known here). */
function defaultLoaders(): number {
  return Math.max(1, Math.min(4, availableParallelism()));
}

/** A table is filled in slices of at least this many rows: a smaller one is not worth another connection. */
const MIN_SLICE_ROWS = 20_000;
/**
 * And of at most this many: a slice's CSV is made in Node when its COPY starts, so the first COPY waits for a
 * slice's worth of text, and the next slices' text is made while the server fills the ones before.
 */
const MAX_SLICE_ROWS = 100_000;

/** Runs steps in one transaction: all or nothing. */
async function inTransaction(client: ClientBase, steps: readonly PlanStep[], settings: readonly string[] = []): Promise<void> {
  await client.query('BEGIN');
  try {
    for (const setting of settings) await client.query(setting);
    for (const step of steps) await runStep(client, step);
    await client.query('COMMIT');
  } catch (e) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw e;
  }
}

/**
 * Runs each list of steps in a transaction of its own, on the first free of `loaders`; rejects with the first
 * failure once every loader has stopped (none starts another list after a failure).
 */
async function runEachOn(loaders: readonly ClientBase[], lists: readonly (readonly PlanStep[])[]): Promise<void> {
  let next = 0;
  let failure: { error: unknown } | undefined;
  await Promise.all(
    loaders.map(async (loader) => {
      for (let steps = lists[next++]; steps !== undefined && failure === undefined; steps = lists[next++]) {
        try {
          await inTransaction(loader, steps);
        } catch (error) {
          failure ??= { error };
        }
      }
    }),
  );
  if (failure !== undefined) throw failure.error;
}

/** How a load fills its tables (the defaults suit every load; tests make slices small). */
export interface LoadOptions {
  /** Connections at once; default one per core, up to 4. */
  loaders?: number;
  /** Fewest rows in a slice; default MIN_SLICE_ROWS. */
  minSliceRows?: number;
  /** Most rows in a slice; default MAX_SLICE_ROWS. */
  maxSliceRows?: number;
}

/**
 * Builds the DataStore layout in the (fresh) database `client` is connected to, and records `key` (see loadKey)
 * last, in the transaction of the last phase: a database holds a key only when its load is complete (one that
 * failed half way holds none, and the next start drops and loads it again). The tables and views are created
 * first; a large table's rows are then filled in slices over several connections at once (`connect` opens more;
 * PostgreSQL computes `_full_text` on as many cores), each slice in a transaction of its own; the indexes, grants
 * and ANALYZE follow on `client`.
 */
export async function loadTables(
  client: ClientBase,
  connect: () => Promise<Client>,
  tables: readonly FixtureTable[],
  key: string,
  options: LoadOptions = {},
): Promise<void> {
  const loaders = options.loaders ?? defaultLoaders();
  const minSliceRows = options.minSliceRows ?? MIN_SLICE_ROWS;
  const maxSliceRows = options.maxSliceRows ?? MAX_SLICE_ROWS;
  const slicesOf = (rows: number): number => Math.max(Math.min(loaders, Math.ceil(rows / minSliceRows)), Math.ceil(rows / maxSliceRows));
  const plan = buildDatabasePlan(tables, { copyFrom: 'stdin' }, slicesOf);
  await inTransaction(client, plan.create);
  const extra: Client[] = [];
  try {
    for (let i = 1; i < Math.min(loaders, plan.fills.length); i++) {
      try {
        extra.push(await connect());
      } catch {
        // why: a server near its max_connections refuses more; the connections already open fill every slice
        break;
      }
    }
    await runEachOn([client, ...extra], plan.fills);
  } finally {
    await Promise.all(extra.map((loader) => loader.end().catch(() => undefined)));
  }
  const ro = quoteLiteral(READ_ONLY_ROLE);
  const finish: BuildStep[] = [
    ...plan.finish,
    // why: SET ROLE needs membership (with SET, PostgreSQL 16+, whose CREATEROLE self-grant lacks it); a
    // superuser has it implicitly, anyone else is granted it here
    {
      sql: `DO $$ BEGIN
      IF NOT (SELECT rolsuper FROM pg_roles WHERE rolname = current_user) AND NOT pg_has_role(current_user, ${ro},
          CASE WHEN current_setting('server_version_num')::int >= 160000 THEN 'SET' ELSE 'MEMBER' END) THEN
        EXECUTE format('GRANT %I TO %I', ${ro}, current_user);
      END IF; END $$`,
    },
    { sql: 'CREATE SCHEMA "datastore_kit"' },
    { sql: `CREATE TABLE ${LOAD_MARK_TABLE} (key text NOT NULL, loaded_at timestamptz NOT NULL DEFAULT now())` },
    { sql: `INSERT INTO ${LOAD_MARK_TABLE} (key) VALUES (${quoteLiteral(key)})` },
  ];
  // why: a GIN build gathers entries in a tree of up to maintenance_work_mem before it writes them to the index; a
  // small tree stays in the CPU's caches. At 1M rows the index took 4.4 s with 16MB, 5.2 s with the default 64MB
  // and 6.5 s with 256MB (the primary key, sorted on disk past 16MB, 0.27 s instead of 0.23 s)
  await inTransaction(client, finish, [`SET LOCAL maintenance_work_mem = '16MB'`]);
}

/** Connects a single client (to create or drop the database, or to fill tables beside the pool's); KitError E_ENV when the server is unreachable. */
export async function connectAdmin(connectionString: string, display: string): Promise<Client> {
  const client = new Client({ connectionString, application_name: 'datastore-kit' });
  client.on('error', () => undefined);
  try {
    await client.connect();
    return client;
  } catch (e) {
    await client.end().catch(() => undefined);
    const reason = e instanceof Error ? e.message : String(e);
    throw new KitError(KitErrorCode.environment, `cannot connect to PostgreSQL at ${display}: ${reason}`, { cause: e });
  }
}
