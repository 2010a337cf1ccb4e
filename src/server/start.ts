// Starts a whole reference server: fixtures -> engine -> app -> socket.
import { createApp } from './app.ts';
import { resolveServerConfig } from './config.ts';
import type { Engine } from './engines/index.ts';
import type { LoadedFixtures } from './fixtures/index.ts';
import { respondHtmlError } from './html-pages.ts';
import type { AppHandler } from './http-types.ts';
import { listen } from './listen.ts';
import { KitError, KitErrorCode } from '../errors.ts';
import { loadAllowedFunctions } from './sql/index.ts';
import type { Datastore, ServerConfig } from './types.ts';

/** Options of startReferenceServer; only `fixturesDir` is required. */
export interface ReferenceServerOptions {
  /** Folder holding datapackage.json and its CSV files. */
  fixturesDir: string;
  /** Interface to bind; default 127.0.0.1. */
  host?: string;
  /** TCP port; default 0 (a free port; the real one is in `url`). */
  port?: number;
  /** Settings over CKAN's defaults (see resolveServerConfig). */
  config?: Partial<ServerConfig>;
  /** Function allow-list file for SQL (one name a line); default the bundled list. Ignored when config.allowedFunctions is set. */
  allowedFunctionsFile?: string;
  /** An engine already loaded with these fixtures; default a PGlite engine opened here (and closed by close()). */
  engine?: Engine;
  /** The fixtures of `fixturesDir` already loaded (openReferenceEngine's), so they are not read and checked again. */
  fixtures?: LoadedFixtures;
  /** Folder for PGlite's prepared data dirs, keyed by a hash of the fixtures; default the engine's own. */
  cacheDir?: string;
  /**
   * Run on this real PostgreSQL server (postgres://user:password@host:port/db) instead of PGlite. The postgres
   * engine WRITES there: it drops and recreates its own database (`databaseName`) and loads the fixtures into it,
   * unless that database holds these fixtures already (same hash), which a start then reuses as it is.
   */
  databaseUrl?: string;
  /** With `databaseUrl`: drop and reload even when the database holds these fixtures already; default false. */
  reloadDatabase?: boolean;
  /** The database the postgres engine owns on `databaseUrl`; default "datastore_kit". */
  databaseName?: string;
  /** Where unexpected action failures are reported; default stderr. */
  logError?: (error: unknown) => void;
  /**
   * Most datastore_search statements running at once (PGlite: workers, each over its own copy of the data, another
   * opened once a statement has waited 0.2 s for busy ones; postgres: pooled connections); default
   * defaultWorkerCount(). Ignored with `engine`.
   */
  searchWorkers?: number;
  /** Most datastore_search_sql statements running at once, apart from searches; default defaultWorkerCount(). */
  sqlWorkers?: number;
}

/** A running reference server. */
export interface ReferenceServer {
  /** Base URL, e.g. http://127.0.0.1:8800 (no trailing slash). */
  url: string;
  datastore: Datastore;
  config: ServerConfig;
  /** Stops listening, then closes the engine if this server opened it. */
  close(): Promise<void>;
}

/**
 * Loads fixtures (InputError E_FIXTURES_INVALID on a bad file, before listening), binds the port
 * (KitError E_SERVER_START when it cannot), opens the engine, and serves CKAN's read API. Resolves
 * once requests are answered.
 */
export async function startReferenceServer(options: ReferenceServerOptions): Promise<ReferenceServer> {
  const partial = { ...options.config };
  if (partial.allowedFunctions === undefined) partial.allowedFunctions = await readAllowList(options.allowedFunctionsFile);
  const config = resolveServerConfig(partial);
  // why: loaded on demand, so importing the kit (or `datastore-kit --help`) does not load PGlite and its WASM
  const fixtures = options.fixtures ?? (await (await import('./fixtures/index.ts')).loadFixtures(options.fixturesDir));
  // why: bind before opening the engine (seconds), so a port in use fails at once; early requests wait for it
  const gate = createGatedHandler();
  const listening = await listen(gate.handle, {
    ...(options.host === undefined ? {} : { host: options.host }),
    port: options.port ?? 0,
    maxBodyBytes: config.maxBodyBytes,
  });
  let engine: Engine;
  try {
    engine = options.engine ?? (await openEngine(fixtures, options));
  } catch (error) {
    gate.open(async () => respondHtmlError(503, { detail: 'The reference server failed to start.' }));
    await listening.close();
    throw describeEngineFailure(error);
  }
  const ownsEngine = options.engine === undefined;
  const datastore = fixtures.datastore;
  gate.open(createApp({ engine, datastore, config, ...(options.logError === undefined ? {} : { logError: options.logError }) }));
  return {
    url: listening.url,
    datastore,
    config,
    close: async () => {
      await listening.close();
      if (ownsEngine) await engine.close();
    },
  };
}

/** A fixtures folder loaded, and the engine open over it, for several servers to share (their `fixtures` and `engine`). */
export interface ReferenceData {
  fixtures: LoadedFixtures;
  engine: Engine;
}

/**
 * Loads the fixtures and opens the engine startReferenceServer would, for several servers to share, each answering
 * as its own release: the data is read and loaded once. The caller closes the engine after the servers. Throws as
 * startReferenceServer does (InputError for bad fixtures, KitError E_SERVER_START).
 */
export async function openReferenceEngine(fixturesDir: string): Promise<ReferenceData> {
  const { loadFixtures } = await import('./fixtures/index.ts');
  const fixtures = await loadFixtures(fixturesDir);
  try {
    return { fixtures, engine: await openEngine(fixtures, { fixturesDir }) };
  } catch (error) {
    throw describeEngineFailure(error);
  }
}

/**
 * An engine that cannot start is an environment failure (a cache or temp folder that cannot be written, a
 * worker that dies): KitError E_SERVER_START, exit 3. Errors that can only come from a programming mistake stay
 * as they are, so they still surface as bugs.
 */
function describeEngineFailure(error: unknown): unknown {
  if (error instanceof KitError || error instanceof TypeError || error instanceof RangeError || error instanceof ReferenceError) return error;
  const reason = error instanceof Error ? error.message : String(error);
  return new KitError(KitErrorCode.serverStart, `the reference server cannot start: ${reason}`, { cause: error });
}

/** A handler whose requests wait until the real one is set. */
function createGatedHandler(): { handle: AppHandler; open(handler: AppHandler): void } {
  let open: (handler: AppHandler) => void = () => {};
  const ready = new Promise<AppHandler>((resolve) => {
    open = resolve;
  });
  return { handle: async (request) => (await ready)(request), open: (handler) => open(handler) };
}

async function openEngine(fixtures: LoadedFixtures, options: ReferenceServerOptions): Promise<Engine> {
  const { openPgliteEngine, openPostgresEngine } = await import('./engines/index.ts');
  const workers = {
    ...(options.searchWorkers === undefined ? {} : { searchWorkers: options.searchWorkers }),
    ...(options.sqlWorkers === undefined ? {} : { sqlWorkers: options.sqlWorkers }),
  };
  if (options.databaseUrl !== undefined) {
    const database = options.databaseName === undefined ? {} : { database: options.databaseName };
    return openPostgresEngine(fixtures, {
      databaseUrl: options.databaseUrl,
      ...database,
      ...workers,
      ...(options.reloadDatabase === true ? { reload: true } : {}),
    });
  }
  return openPgliteEngine(fixtures, { ...(options.cacheDir === undefined ? {} : { cacheDir: options.cacheDir }), ...workers });
}

async function readAllowList(file: string | undefined): Promise<string[]> {
  try {
    return await loadAllowedFunctions(file);
  } catch (error) {
    if (file === undefined) throw error;
    const reason = error instanceof Error ? error.message : String(error);
    throw new KitError(KitErrorCode.usage, `cannot read the allowed-functions file ${file}: ${reason}`, { cause: error });
  }
}
