// A lock between processes (and callers of one process) that would build the same cache entry at once: on a cold
// cache, every kit process started side by side (shards, a CI job's parallel steps, a test suite) built the same
// PGlite database, seconds of CPU each, and all but one threw theirs away. The lock is a folder (mkdir is atomic)
// holding the holder's pid; a waiter takes over a lock whose holder is gone, and after a long wait builds anyway
// (a holder in another pid namespace, or a reused pid), where the rename race of ensureCachedDir stays harmless.
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { errnoCode, isProcessAlive } from '../../util/process.ts';

/** How often a waiter looks whether the lock is gone. */
const POLL_MS = 100;

/** How long a waiter waits for a live holder before it builds on its own. */
const MAX_WAIT_MS = 10 * 60_000;

/** The holder's pid, or undefined while it is still writing it (or the lock just went). */
async function holderOf(lock: string): Promise<number | undefined> {
  const text = await readFile(join(lock, 'pid'), 'utf8').catch(() => '');
  const pid = Number(text);
  return text !== '' && Number.isInteger(pid) && pid > 0 ? pid : undefined;
}

/** Releases a lock taken by withBuildLock. */
type Release = () => Promise<void>;

async function tryLock(lock: string): Promise<Release | undefined> {
  try {
    await mkdir(lock);
  } catch (e) {
    if (errnoCode(e) === 'EEXIST') return undefined;
    throw e;
  }
  await writeFile(join(lock, 'pid'), String(process.pid));
  return () => rm(lock, { recursive: true, force: true });
}

/**
 * Runs `work` holding the lock folder `lock`; callers that find it held wait until it is released (or its holder is
 * gone), then run `work` themselves, which first looks whether the holder built what it needs.
 */
export async function withBuildLock<T>(lock: string, work: () => Promise<T>): Promise<T> {
  const deadline = performance.now() + MAX_WAIT_MS;
  let release = await tryLock(lock);
  let sawNoPidSince: number | undefined;
  while (release === undefined && performance.now() < deadline) {
    const holder = await holderOf(lock);
    // why: a holder that died between mkdir and writing its pid leaves a lock without one; after a while it is stale
    sawNoPidSince = holder === undefined ? (sawNoPidSince ?? performance.now()) : undefined;
    const stale = holder === undefined ? performance.now() - (sawNoPidSince ?? 0) > 5_000 : !isProcessAlive(holder);
    if (stale) await rm(lock, { recursive: true, force: true });
    else await delay(POLL_MS);
    release = await tryLock(lock);
  }
  try {
    return await work();
  } finally {
    await release?.();
  }
}
