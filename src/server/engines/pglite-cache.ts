// Prepared PGlite data dirs, cached on disk by key, built once and shared safely between processes.
// A dir is built under a temp name and renamed into place (atomic on one file system), so readers never see a
// half-built dir; PGlite is single-process, so every engine opens its own copy and deletes it on close.
// Each use touches the dir, and a build evicts the least recently used ones beyond a few (evictStaleDirs).
import { randomBytes } from 'node:crypto';
import { constants, existsSync, readdirSync, rmSync } from 'node:fs';
import { copyFile, mkdtemp, readdir, rename, rm, stat, utimes } from 'node:fs/promises';
import { homedir, tmpdir } from 'node:os';
import { isAbsolute, join } from 'node:path';
import { makeDir } from '../../util/make-dir.ts';
import { errnoCode, isProcessAlive } from '../../util/process.ts';
import { withBuildLock } from './build-lock.ts';

/** Prefix of per-instance copies in the OS temp dir: `<prefix><pid>-<random>`. */
const INSTANCE_PREFIX = 'datastore-kit-pglite-';

/**
 * The cache root: `options.cacheDir`, else $DATASTORE_KIT_CACHE_DIR, else `node_modules/.cache/datastore-kit/pglite`
 * under the current working directory when it has a `node_modules` (a clone, a project that installed the kit),
 * else the user's cache folder (`$XDG_CACHE_HOME/datastore-kit/pglite`, by default under `~/.cache`): a run from
 * any other folder (`npx` without an install, a doc session) neither rebuilds each time nor leaves a
 * `node_modules` folder behind.
 */
export function resolveCacheRoot(cacheDir: string | undefined, env: NodeJS.ProcessEnv = process.env, cwd = process.cwd()): string {
  const fromEnv = env['DATASTORE_KIT_CACHE_DIR'];
  if (cacheDir !== undefined) return cacheDir;
  if (fromEnv !== undefined && fromEnv !== '') return fromEnv;
  if (existsSync(join(cwd, 'node_modules'))) return join(cwd, 'node_modules', '.cache', 'datastore-kit', 'pglite');
  const userCache = env['XDG_CACHE_HOME'];
  return join(userCache !== undefined && isAbsolute(userCache) ? userCache : join(homedir(), '.cache'), 'datastore-kit', 'pglite');
}

function isErrnoCode(e: unknown, codes: readonly string[]): boolean {
  return codes.includes(errnoCode(e) ?? '');
}

/**
 * Returns `<root>/<key>`, building it first with `build(tempDir)` when absent. Concurrent callers (of this process or
 * others) build once: one holds a lock while it builds, the others wait and reuse its dir. Where the lock cannot tell
 * (a holder it cannot see), builders race harmlessly: the first rename wins and the others discard their copy.
 * Returns whether this call built it.
 */
export async function ensureCachedDir(root: string, key: string, build: (dir: string) => Promise<void>): Promise<{ dir: string; built: boolean }> {
  const dir = join(root, key);
  if (existsSync(dir)) {
    await markUsed(dir);
    return { dir, built: false };
  }
  await makeDir(root);
  return withBuildLock(join(root, `.lock-${key}`), async () => {
    if (existsSync(dir)) {
      await markUsed(dir);
      return { dir, built: false };
    }
    return buildInto(dir, join(root, `.build-${key}-${process.pid}-${randomBytes(4).toString('hex')}`), build);
  });
}

async function buildInto(dir: string, temp: string, build: (dir: string) => Promise<void>): Promise<{ dir: string; built: boolean }> {
  try {
    await build(temp);
    await rename(temp, dir);
    return { dir, built: true };
  } catch (e) {
    // why: another process renamed its build into place first; ours is redundant
    if (isErrnoCode(e, ['ENOTEMPTY', 'EEXIST', 'EPERM']) && existsSync(dir)) return { dir, built: false };
    throw e;
  } finally {
    await rm(temp, { recursive: true, force: true });
  }
}

/** Sets the dir's mtime to now: the last use, which eviction goes by. */
async function markUsed(dir: string): Promise<void> {
  const now = new Date();
  try {
    await utimes(dir, now, now);
  } catch (e) {
    // why: a cache another user prepared (a read-only image) is still usable; it is then only never evicted by us
    if (!isErrnoCode(e, ['EPERM', 'EACCES', 'EROFS', 'ENOENT'])) throw e;
  }
}

/** Which dirs of a cache folder stay. */
export interface EvictOptions {
  /** Dirs kept besides `protect`: the most recently used ones. */
  keep: number;
  /** Names never evicted (the dirs in use by this call). */
  protect?: readonly string[];
  /** A dir used (or a build started) more recently than this is kept whatever `keep` says: another process may be copying it. */
  minIdleMs: number;
  /** The time now (ms since the epoch); default Date.now(). */
  now?: number;
}

/**
 * Removes the dirs of `root` beyond the `keep` most recently used ones, and builds left behind by a crashed process,
 * once idle for `minIdleMs`. Returns the names removed. A dir that vanishes meanwhile (another process evicting) is
 * no error.
 */
export async function evictStaleDirs(root: string, options: EvictOptions): Promise<string[]> {
  const now = options.now ?? Date.now();
  const entries = await readdir(root, { withFileTypes: true }).catch((e: unknown) => {
    if (isErrnoCode(e, ['ENOENT'])) return [];
    throw e;
  });
  const dirs: { name: string; usedMs: number }[] = [];
  for (const entry of entries) {
    if (!entry.isDirectory() || options.protect?.includes(entry.name)) continue;
    const info = await stat(join(root, entry.name)).catch(() => undefined);
    if (info !== undefined) dirs.push({ name: entry.name, usedMs: info.mtimeMs });
  }
  const prepared = dirs.filter((d) => !d.name.startsWith('.')).sort((a, b) => b.usedMs - a.usedMs);
  const candidates = [...prepared.slice(options.keep), ...dirs.filter((d) => d.name.startsWith('.build-') || d.name.startsWith('.lock-'))];
  const removed = candidates.filter((d) => now - d.usedMs >= options.minIdleMs).map((d) => d.name);
  for (const name of removed) await rm(join(root, name), { recursive: true, force: true });
  return removed;
}

/** Paths of instance copies still open in this process, removed at exit if close() was never called. */
const openInstances = new Set<string>();
let exitHookInstalled = false;

function installExitHook(): void {
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  process.on('exit', () => {
    for (const dir of openInstances) rmSync(dir, { recursive: true, force: true });
  });
}

/**
 * Deletes instance copies left behind in the temp folder by processes that died without cleaning up. Run at every
 * engine open, whether or not that engine copies (one over a small dir holds its copies in memory).
 */
export function removeOrphanInstances(): void {
  for (const name of readdirSync(tmpdir())) {
    const pid = Number(/^datastore-kit-pglite-(\d+)-/.exec(name)?.[1]);
    if (Number.isInteger(pid) && pid !== process.pid && !isProcessAlive(pid)) {
      rmSync(join(tmpdir(), name), { recursive: true, force: true });
    }
  }
}

/** Files handled at once: enough to keep the thread pool busy, few enough not to exhaust descriptors. */
const FILE_BATCH = 64;

/** `each` of `items`, FILE_BATCH at a time; the results in the items' order. */
export async function inBatches<T>(items: readonly string[], each: (item: string) => Promise<T>): Promise<T[]> {
  const results: T[] = [];
  for (let at = 0; at < items.length; at += FILE_BATCH) results.push(...(await Promise.all(items.slice(at, at + FILE_BATCH).map(each))));
  return results;
}

/**
 * Copies the folder `source` (files and folders only, as a PGlite data dir holds) to `target`. About 1,000 files
 * make a data dir: one copyFile each, in batches, costs a fraction of the CPU of `fs.cp`, which checks every
 * entry in JavaScript. FICLONE makes each copy a copy-on-write clone where the file system supports it.
 */
export async function copyTree(source: string, target: string): Promise<void> {
  const entries = await readdir(source, { recursive: true, withFileTypes: true });
  await makeDir(target);
  const folders = entries.filter((entry) => entry.isDirectory()).map((entry) => join(target, relativeTo(source, entry)));
  // why: sorted, a parent comes before its children, so each mkdir finds its parent in place
  for (const folder of folders.sort()) await makeDir(folder);
  const files = entries.filter((entry) => entry.isFile()).map((entry) => relativeTo(source, entry));
  await inBatches(files, (file) => copyFile(join(source, file), join(target, file), constants.COPYFILE_FICLONE));
}

function relativeTo(root: string, entry: { parentPath: string; name: string }): string {
  return join(entry.parentPath.slice(root.length), entry.name);
}

/** Copies a cached dir to a private temp dir for one engine instance; `release()` deletes it. */
export async function copyForInstance(source: string): Promise<{ dir: string; release: () => Promise<void> }> {
  installExitHook();
  const parent = await mkdtemp(join(tmpdir(), `${INSTANCE_PREFIX}${process.pid}-`));
  const dir = join(parent, 'data');
  openInstances.add(parent);
  // why: FICLONE makes the copy a copy-on-write clone where the file system supports it, a plain copy elsewhere
  await copyTree(source, dir);
  return {
    dir,
    release: async () => {
      openInstances.delete(parent);
      await rm(parent, { recursive: true, force: true });
    },
  };
}
