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
  /** How many times the worker was started: 1 after open, +1 after each timeout or crash. */
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

/**
 * Opens a PGlite engine over the fixtures: builds (or reuses) the prepared data dir cached under the
 * fixtures hash, copies it for this instance, and starts the worker. `close()` deletes the copy.
 */
export async function openPgliteEngine(fixtures: LoadedFixtures, options: PgliteEngineOptions = {}): Promise<PgliteEngine> {
  const prepared = await prepareDataDir(fixtures, resolveCacheRoot(options.cacheDir));
  const instance = await copyForInstance(prepared.dir);
  const host = new PgliteHost(instance.dir, await compilePgliteWasm());
  try {
    await host.start();
  } catch (e) {
    await host.close();
    await instance.release();
    throw e;
  }
  let closing: Promise<void> | undefined;
  return {
    name: 'pglite',
    preparedDir: prepared.dir,
    builtCache: prepared.built,
    get workerStarts() {
      return host.starts;
    },
    query(sql: string, params: readonly (string | null)[] = [], queryOptions: EngineQueryOptions = {}): Promise<EngineResult> {
      return host.query(sql, [...params], queryOptions.readOnly === true, queryOptions.timeoutMs);
    },
    close(): Promise<void> {
      closing ??= host.close().finally(() => instance.release());
      return closing;
    },
  };
}
