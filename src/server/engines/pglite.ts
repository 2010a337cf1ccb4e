// The embedded engine: PGlite (PostgreSQL in WASM) over a cached, prepared data dir, run in a worker thread.
import { readFileSync } from 'node:fs';
import { cp } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { LoadedFixtures } from '../fixtures/index.ts';
import { copyForInstance, ensureCachedDir, resolveCacheRoot } from './pglite-cache.ts';
import { PgliteHost, compilePgliteWasm, runBuildWorker } from './pglite-host.ts';
import { buildDatabaseSteps } from './pglite-sql.ts';
import type { Engine, EngineQueryOptions, EngineResult } from './types.ts';

/** Bumped whenever the build steps change, so older cached dirs are not reused. */
const BUILD_FORMAT = 1;

export interface PgliteEngineOptions {
  /**
   * Folder for prepared data dirs (one per fixtures hash). Default: $DATASTORE_KIT_CACHE_DIR, else
   * `node_modules/.cache/datastore-kit/pglite` under the current working directory.
   */
  cacheDir?: string;
}

/** The PGlite engine, with a few facts about how it was opened (for tests, benches and logs). */
export interface PgliteEngine extends Engine {
  /** The cached, prepared data dir this instance copied. */
  readonly preparedDir: string;
  /** True when this open built the prepared dir (cache miss), false when it reused it. */
  readonly builtCache: boolean;
  /** How many times the main (read-write) worker was started: 1 after open, +1 after each timeout or crash. */
  readonly workerStarts: number;
}

function readPgliteVersion(): string {
  const entry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  const manifest: unknown = JSON.parse(readFileSync(join(dirname(entry), '..', 'package.json'), 'utf8'));
  const version = typeof manifest === 'object' && manifest !== null && 'version' in manifest ? manifest.version : undefined;
  return typeof version === 'string' ? version : 'unknown';
}

async function prepareDataDir(fixtures: LoadedFixtures, root: string): Promise<{ dir: string; built: boolean }> {
  const versionRoot = join(root, `pglite-${readPgliteVersion()}-f${BUILD_FORMAT}`);
  // why: initdb is the slow part of a build (seconds); a blank initialised dir is cached once for all fixtures
  const blank = await ensureCachedDir(versionRoot, 'initdb', (dir) => runBuildWorker(dir, []));
  return ensureCachedDir(versionRoot, fixtures.hash, async (dir) => {
    await cp(blank.dir, dir, { recursive: true });
    await runBuildWorker(dir, buildDatabaseSteps(fixtures.tables));
  });
}

/** One worker over its own copy of the prepared data dir. */
interface Lane {
  host: PgliteHost;
  close(): Promise<void>;
}

async function openLane(preparedDir: string): Promise<Lane> {
  const instance = await copyForInstance(preparedDir);
  const host = new PgliteHost(instance.dir, await compilePgliteWasm());
  try {
    await host.start();
  } catch (e) {
    await host.close();
    await instance.release();
    throw e;
  }
  return { host, close: () => host.close().finally(() => instance.release()) };
}

/**
 * Opens a PGlite engine over the fixtures: builds (or reuses) the prepared data dir cached under the
 * fixtures hash, copies it for this instance, and starts the worker. `close()` deletes the copies.
 *
 * A PGlite worker runs one statement at a time, so read-only statements (the SQL action's user queries, which
 * may run until their timeout) get a second worker over a second copy, started on the first such query: a
 * long SQL query never holds up `datastore_search`. The data is read-only, so the two copies never diverge.
 */
export async function openPgliteEngine(fixtures: LoadedFixtures, options: PgliteEngineOptions = {}): Promise<PgliteEngine> {
  const prepared = await prepareDataDir(fixtures, resolveCacheRoot(options.cacheDir));
  const main = await openLane(prepared.dir);
  let readOnly: Promise<Lane> | undefined;
  const readOnlyLane = (): Promise<Lane> => {
    readOnly ??= openLane(prepared.dir).catch((error: unknown) => {
      // why: a failed start must not stay cached, or every later read-only query would reuse the rejection
      readOnly = undefined;
      throw error;
    });
    return readOnly;
  };
  let closing: Promise<void> | undefined;
  return {
    name: 'pglite',
    preparedDir: prepared.dir,
    builtCache: prepared.built,
    get workerStarts() {
      return main.host.starts;
    },
    async query(sql: string, params: readonly (string | null)[] = [], queryOptions: EngineQueryOptions = {}): Promise<EngineResult> {
      const lane = queryOptions.readOnly === true ? await readOnlyLane() : main;
      return lane.host.query(sql, [...params], queryOptions.readOnly === true, queryOptions.timeoutMs);
    },
    close(): Promise<void> {
      closing ??= Promise.all([main.close(), readOnly?.then((lane) => lane.close(), () => undefined)]).then(() => undefined);
      return closing;
    },
  };
}
