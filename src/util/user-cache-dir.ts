// The kit's per-user cache folders under the OS temp folder, and the one check that makes one safe to read.
import { lstatSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

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
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    const info = lstatSync(dir);
    return info.isDirectory() && (typeof process.getuid !== 'function' || info.uid === process.getuid());
  } catch {
    return false;
  }
}
