// Prepared PGlite data dirs, cached on disk by key, built once and shared safely between processes.
// A dir is built under a temp name and renamed into place (atomic on one file system), so readers never see a
// half-built dir; PGlite is single-process, so every engine opens its own copy and deletes it on close.
import { randomBytes } from 'node:crypto';
import { constants, existsSync, readdirSync, rmSync } from 'node:fs';
import { cp, mkdir, mkdtemp, rename, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Prefix of per-instance copies in the OS temp dir: `<prefix><pid>-<random>`. */
const INSTANCE_PREFIX = 'datastore-kit-pglite-';

/**
 * The cache root: `options.cacheDir`, else $DATASTORE_KIT_CACHE_DIR, else
 * `node_modules/.cache/datastore-kit/pglite` under the current working directory.
 */
export function resolveCacheRoot(cacheDir: string | undefined, env: NodeJS.ProcessEnv = process.env): string {
  const fromEnv = env['DATASTORE_KIT_CACHE_DIR'];
  if (cacheDir !== undefined) return cacheDir;
  if (fromEnv !== undefined && fromEnv !== '') return fromEnv;
  return join(process.cwd(), 'node_modules', '.cache', 'datastore-kit', 'pglite');
}

function isErrnoCode(e: unknown, codes: readonly string[]): boolean {
  return typeof e === 'object' && e !== null && 'code' in e && typeof e.code === 'string' && codes.includes(e.code);
}

/**
 * Returns `<root>/<key>`, building it first with `build(tempDir)` when absent. Concurrent builders race
 * harmlessly: the first rename wins and the others discard their copy. Returns whether this call built it.
 */
export async function ensureCachedDir(
  root: string,
  key: string,
  build: (dir: string) => Promise<void>,
): Promise<{ dir: string; built: boolean }> {
  const dir = join(root, key);
  if (existsSync(dir)) return { dir, built: false };
  await mkdir(root, { recursive: true });
  const temp = join(root, `.build-${key}-${process.pid}-${randomBytes(4).toString('hex')}`);
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

function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return isErrnoCode(e, ['EPERM']);
  }
}

/** Deletes instance copies left behind by processes that died without cleaning up. */
function removeOrphanInstances(): void {
  for (const name of readdirSync(tmpdir())) {
    const pid = Number(/^datastore-kit-pglite-(\d+)-/.exec(name)?.[1]);
    if (Number.isInteger(pid) && pid !== process.pid && !isProcessAlive(pid)) {
      rmSync(join(tmpdir(), name), { recursive: true, force: true });
    }
  }
}

/** Copies a cached dir to a private temp dir for one engine instance; `release()` deletes it. */
export async function copyForInstance(source: string): Promise<{ dir: string; release: () => Promise<void> }> {
  removeOrphanInstances();
  installExitHook();
  const parent = await mkdtemp(join(tmpdir(), `${INSTANCE_PREFIX}${process.pid}-`));
  const dir = join(parent, 'data');
  openInstances.add(parent);
  // why: FICLONE makes the copy a copy-on-write clone where the file system supports it, a plain copy elsewhere
  await cp(source, dir, { recursive: true, mode: constants.COPYFILE_FICLONE });
  return {
    dir,
    release: async () => {
      openInstances.delete(parent);
      await rm(parent, { recursive: true, force: true });
    },
  };
}
