// The kit's per-user cache folders under the OS temp folder: the one check that makes one safe to read, and the
// removal of entries no build uses any more.
import { lstatSync } from 'node:fs';
import { readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { makeDirSync } from './make-dir.ts';

/** `<tmp>/datastore-kit-<uid>/<name>`: the default folder of one of the kit's caches. */
export function userCacheDir(name: string): string {
  const user = typeof process.getuid === 'function' ? String(process.getuid()) : 'user';
  return path.join(tmpdir(), `datastore-kit-${user}`, name);
}

/**
 * Creates `dir` (mode 0700) if missing and says whether it may be used as a cache: a real folder owned by this
 * user. A folder under a shared temp dir that another user made (or a symlink) could feed us any data.
 */
export function ownCacheDir(dir: string): boolean {
  try {
    makeDirSync(dir, 0o700);
    const info = lstatSync(dir);
    return info.isDirectory() && (typeof process.getuid !== 'function' || info.uid === process.getuid());
  } catch {
    return false;
  }
}

/** How long an entry of another build (another code stamp) is left for that build: two installs used in turn do not evict each other. */
export const OTHER_BUILD_GRACE_MS = 60 * 60 * 1000;

const pruned = new Set<string>();

/**
 * Removes the entries of cache folder `dir` that this build can never read: files not named `<stamp>-...` (a
 * cache's entries start with the stamp of the code that made them), and temp files, written more than `graceMs` ago. Once per
 * folder per process, best effort. Without it every build leaves its entries behind and a folder only grows (half
 * a gigabyte in a day of development).
 */
export async function pruneCacheDir(dir: string, stamp: string, options: { graceMs?: number; nowMs?: number } = {}): Promise<void> {
  if (pruned.has(dir)) return;
  pruned.add(dir);
  const graceMs = options.graceMs ?? OTHER_BUILD_GRACE_MS;
  const nowMs = options.nowMs ?? Date.now();
  // why temp files too: one left by a killed process is never renamed into place, whatever its build
  const names = (await readdir(dir).catch(() => [] as string[])).filter((name) => !name.startsWith(`${stamp}-`) || name.endsWith('.tmp'));
  for (let i = 0; i < names.length; i += 64) {
    await Promise.all(
      names.slice(i, i + 64).map(async (name) => {
        const file = path.join(dir, name);
        const info = await stat(file).catch(() => undefined);
        if (info?.isFile() === true && nowMs - info.mtimeMs > graceMs) await rm(file, { force: true }).catch(() => undefined);
      }),
    );
  }
}
