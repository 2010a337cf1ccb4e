// The embedded engine: PGlite (PostgreSQL in WASM) over a cached, prepared data dir, run in worker threads.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { LoadedFixtures } from '../fixtures/index.ts';
import { copyForInstance, copyTree, ensureCachedDir, evictStaleDirs, removeOrphanInstances, resolveCacheRoot } from './pglite-cache.ts';
import { readDirAsTar } from './data-tar.ts';
import { PgliteHost, preparePgliteRuntime, runBuildWorker } from './pglite-host.ts';
import { keepOrClose, takeKeptLane } from './lane-keeper.ts';
import { PglitePool, type Lane } from './pglite-pool.ts';
import type { DataSource } from './pglite-protocol.ts';
import { BUILD_FORMAT, buildDatabaseSteps } from './pglite-sql.ts';
import { defaultWorkerCount, type Engine, type EngineQueryOptions, type EngineResult } from '../engine.ts';

/**
 * What the cache keeps (about 39 MB a dir): the prepared dirs of the last few fixture sets per PGlite version, the
 * last two PGlite versions (or build formats); only dirs idle for an hour go, so a copy in progress is never cut.
 */
const CACHE_KEEP = Object.freeze({ preparedDirs: 4, versions: 2, minIdleMs: 60 * 60 * 1000 });

/** Prepared dirs up to this size are loaded into each worker's memory (the bundled fixtures make about 28 MB). */
const MEMORY_LIMIT_BYTES = 64 * 1024 * 1024;

export interface PgliteEngineOptions {
  /**
   * Folder for prepared data dirs (one per fixtures hash). Default: $DATASTORE_KIT_CACHE_DIR, else
   * `node_modules/.cache/datastore-kit/pglite` under the current working directory when it has a node_modules,
   * else `~/.cache/datastore-kit/pglite` ($XDG_CACHE_HOME) (see resolveCacheRoot).
   */
  cacheDir?: string;
  /** Most workers serving datastore_search at once, each over its own copy of the data; default defaultWorkerCount(). */
  searchWorkers?: number;
  /** Most workers serving read-only (SQL action) statements at once; default defaultWorkerCount(). */
  sqlWorkers?: number;
  /**
   * A prepared dir up to this size (default 64 MiB) is loaded into each worker's memory; a larger one is copied
   * to a temp dir per worker instead. 0: always copy.
   */
  memoryLimitBytes?: number;
}

/** The PGlite engine, with a few facts about how it was opened (for tests, benches and logs). */
export interface PgliteEngine extends Engine {
  /** The cached, prepared data dir this instance copied. */
  readonly preparedDir: string;
  /** True when this open built the prepared dir (cache miss), false when it reused it. */
  readonly builtCache: boolean;
  /** Workers started so far, both pools: one per worker opened, +1 per restart after a timeout, crash or internal error. */
  readonly workerStarts: number;
  /** Workers open now, both pools (each started once a statement had waited 0.2 s for busy ones). */
  readonly workerCount: number;
}

function readPgliteVersion(): string {
  const entry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  const manifest: unknown = JSON.parse(readFileSync(join(dirname(entry), '..', 'package.json'), 'utf8'));
  const version = typeof manifest === 'object' && manifest !== null && 'version' in manifest ? manifest.version : undefined;
  return typeof version === 'string' ? version : 'unknown';
}

async function prepareDataDir(fixtures: LoadedFixtures, root: string): Promise<{ dir: string; built: boolean }> {
  const versionName = `pglite-${readPgliteVersion()}-f${BUILD_FORMAT}`;
  const versionRoot = join(root, versionName);
  // why: initdb is the slow part of a build (seconds); a blank initialised dir is cached once for all fixtures
  const blank = await ensureCachedDir(versionRoot, 'initdb', (dir) => runBuildWorker(dir, []));
  if (blank.built) await evictStaleDirs(root, { keep: CACHE_KEEP.versions - 1, protect: [versionName], minIdleMs: CACHE_KEEP.minIdleMs });
  const prepared = await ensureCachedDir(versionRoot, fixtures.hash, async (dir) => {
    await copyTree(blank.dir, dir);
    await runBuildWorker(dir, buildDatabaseSteps(fixtures.tables));
  });
  if (prepared.built) {
    await evictStaleDirs(versionRoot, { keep: CACHE_KEEP.preparedDirs - 1, protect: ['initdb', fixtures.hash], minIdleMs: CACHE_KEEP.minIdleMs });
  }
  return prepared;
}

/** Tars of prepared dirs read in this process, the latest few (a dir's content never changes under its key). */
const tars = new Map<string, Promise<Blob | undefined>>();

/**
 * The files of the template databases (template1 is OID 1 and template0 OID 4, fixed since PostgreSQL 15), half of
 * a small prepared dir: a serving worker never opens them (it serves database `postgres`, and the SQL action allows
 * no function that reads another database), so its in-memory copy leaves them out.
 */
const TEMPLATE_FILES = /^base\/(1|4)\//;

/**
 * The tar of `preparedDir` when it is small enough (`limitBytes`) to hold in memory, else undefined; read once per
 * process under `key`.
 */
function memoryTarOf(key: string, preparedDir: string, limitBytes: number): Promise<Blob | undefined> {
  const cached = tars.get(key) ?? readDirAsTar(preparedDir, { maxBytes: limitBytes, omit: (name) => TEMPLATE_FILES.test(name) });
  tars.delete(key);
  tars.set(key, cached);
  for (const old of [...tars.keys()].slice(0, -2)) tars.delete(old);
  return cached;
}

/** A new lane's data: the tar, or else a copy of the prepared dir of its own, which `release()` deletes. */
async function dataFor(preparedDir: string, tar: Blob | undefined): Promise<{ source: DataSource; release: () => Promise<void> }> {
  if (tar !== undefined) return { source: { tar }, release: async () => undefined };
  const instance = await copyForInstance(preparedDir);
  return { source: { dir: instance.dir }, release: instance.release };
}

/**
 * Where a new lane's data comes from, and how its worker runs; lanes are kept and taken by `parkKey` (the dir,
 * how it is opened, and the pool: a lane of the SQL pool runs at a lower priority, which it keeps).
 */
interface LaneSource {
  preparedDir: string;
  parkKey: string;
  tar: () => Promise<Blob | undefined>;
  niceness?: number;
}

/**
 * The scheduling priority (Linux nice value) of the SQL pool's worker threads: user SQL may run heavy statements up
 * to its timeout; at this priority they take the CPU left over by the searches and the server's own thread, so a
 * search beside them answers about as fast as alone, while they still get every core nobody else wants.
 */
const SQL_NICENESS = 10;

/**
 * A lane over the prepared dir: a kept one of an engine closed earlier, else a new one, whose worker loads the
 * dir's tar into its memory or, without one, opens its own copy of the dir (deleted when the lane closes).
 */
async function openLane({ preparedDir, parkKey, tar, niceness }: LaneSource): Promise<Lane> {
  const kept = takeKeptLane(parkKey);
  if (kept !== undefined) {
    // why: the engine counts the workers it started; a reused lane counts as the one start it stands for
    kept.host.starts = 1;
    return { host: kept.host, close: () => keepOrClose(parkKey, kept) };
  }
  const data = await dataFor(preparedDir, await tar());
  const host = new PgliteHost(data.source, await preparePgliteRuntime(), niceness);
  const release = async (): Promise<void> => {
    await host.close();
    await data.release();
  };
  try {
    await host.start();
  } catch (e) {
    await release();
    throw e;
  }
  const lane: Lane = { host, close: release };
  return { host, close: () => keepOrClose(parkKey, lane) };
}

/**
 * Opens a PGlite engine over the fixtures: builds (or reuses) the prepared data dir cached under the
 * fixtures hash, copies it for the first worker, and starts it. `close()` stops the workers and deletes their
 * copies, or hands them to the process's lane keeper when one is installed (lane-keeper.ts).
 *
 * A PGlite worker runs one statement at a time, so statements run on two pools of workers, each worker over its
 * own copy of the prepared dir (the data is read-only, so copies never diverge), another opened once a statement
 * has waited 0.2 s for busy ones (pglite-pool.ts): one for datastore_search (`searchWorkers`) and one for
 * read-only statements, the SQL action's user queries (`sqlWorkers`, first opened on the first such query, its
 * workers at a lower priority: SQL_NICENESS). A long SQL query never holds up a search, and a slow search holds
 * up one worker, not the others. A statement's timeout counts from when the engine accepted it.
 */
export async function openPgliteEngine(fixtures: LoadedFixtures, options: PgliteEngineOptions = {}): Promise<PgliteEngine> {
  removeOrphanInstances();
  const prepared = await prepareDataDir(fixtures, resolveCacheRoot(options.cacheDir));
  const limitBytes = options.memoryLimitBytes ?? MEMORY_LIMIT_BYTES;
  const key = `${limitBytes}:${prepared.dir}`;
  const tar = (): Promise<Blob | undefined> => memoryTarOf(key, prepared.dir, limitBytes);
  const searchLanes: LaneSource = { preparedDir: prepared.dir, parkKey: `search:${key}`, tar };
  const sqlLanes: LaneSource = { preparedDir: prepared.dir, parkKey: `sql:${key}`, tar, niceness: SQL_NICENESS };
  const search = new PglitePool(() => openLane(searchLanes), options.searchWorkers ?? defaultWorkerCount());
  const sql = new PglitePool(() => openLane(sqlLanes), options.sqlWorkers ?? defaultWorkerCount());
  await search.start();
  let closing: Promise<void> | undefined;
  return {
    name: 'pglite',
    preparedDir: prepared.dir,
    builtCache: prepared.built,
    get workerStarts() {
      return search.workerStarts + sql.workerStarts;
    },
    get workerCount() {
      return search.laneCount + sql.laneCount;
    },
    query(text: string, params: readonly (string | null)[] = [], queryOptions: EngineQueryOptions = {}): Promise<EngineResult> {
      const readOnly = queryOptions.readOnly === true;
      return (readOnly ? sql : search).query({ sql: text, params: [...params], readOnly }, queryOptions.timeoutMs);
    },
    close(): Promise<void> {
      closing ??= Promise.all([search.close(), sql.close()]).then(() => undefined);
      return closing;
    },
  };
}
