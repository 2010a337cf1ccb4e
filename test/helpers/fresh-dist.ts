// dist/ built once for the test files that need it (the packed package, the container image), however many of them
// start at once: the package's `prepack` script (`scripts/build.mjs --if-stale`, as `npm pack` runs it) under a lock
// between them, so one runs tsc and the others wait and find dist/ current (its stamp: scripts/source-hash.mjs).
// Unlocked, two of them would each build dist/, and one's `rm` of the old output would pull it from under the other's
// `npm pack` or `docker build`.
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { withBuildLock } from '../../src/server/engines/build-lock.ts';

const root = path.resolve(import.meta.dirname, '../..');

/** Makes dist/ current (building it only when stale) and returns its folder. */
export async function ensureFreshDist(): Promise<string> {
  const lock = path.join(tmpdir(), `datastore-kit-dist-${createHash('sha256').update(root).digest('hex').slice(0, 16)}.lock`);
  await withBuildLock(lock, () => promisify(execFile)('npm', ['run', '--silent', 'prepack'], { cwd: root }));
  return path.join(root, 'dist');
}
