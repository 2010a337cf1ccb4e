// One extract per output at a time: `<out>.lock` holds the pid and host of the run writing it. The lock is made
// with link(2), which fails when the name exists, so two runs can never both create it; a lock whose process is
// gone (same host, pid not running) is stale and taken over, with a warning.
import { randomBytes } from 'node:crypto';
import { link, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { hostname } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { KitError, KitErrorCode } from '../errors.ts';
import { isProcessAlive } from '../util/process.ts';

/** Who holds a lock. */
export interface LockOwner {
  pid: number;
  host: string;
  startedAt: string;
}

/** A held lock; release it when the extract ends, whatever the outcome. */
export interface OutputLock {
  release(): Promise<void>;
}

export interface LockOptions {
  onWarning?: (message: string) => void;
  /** Default: this process. */
  owner?: LockOwner;
  /** Whether a pid runs on this host; default: signal 0. */
  isAlive?: (pid: number) => boolean;
}

export function lockPath(out: string): string {
  return `${out}.lock`;
}

/** Takes the lock of `out`; throws KitError E_ENV (exit 3) naming the pid when a live run holds it. */
export async function acquireOutputLock(out: string, options: LockOptions = {}): Promise<OutputLock> {
  const owner = options.owner ?? { pid: process.pid, host: hostname(), startedAt: new Date().toISOString() };
  const isAlive = options.isAlive ?? isProcessAlive;
  const path = lockPath(out);
  const temp = join(dirname(out), `.${basename(out)}.lock-${owner.pid}-${randomBytes(4).toString('hex')}`);
  await writeFile(temp, `${JSON.stringify(owner)}\n`);
  try {
    for (let attempt = 0; attempt < 3; attempt += 1) {
      if (await tryLink(temp, path)) return { release: () => rm(path, { force: true }) };
      const held = await readOwner(path);
      if (held === undefined) {
        if (attempt < 2) continue;
        throw new KitError(KitErrorCode.environment, `${out}: the lock ${path} cannot be read; remove it if no extract is writing ${out}`);
      }
      if (held.host !== owner.host || isAlive(held.pid)) throw busy(out, held);
      if (await takeOver(path, held)) {
        options.onWarning?.(`${out}: took over the stale lock of pid ${held.pid} on ${held.host} (started ${held.startedAt}; that process is gone)`);
      }
    }
    throw new KitError(KitErrorCode.environment, `${out}: could not take the lock ${path}: other runs keep taking it`);
  } finally {
    await rm(temp, { force: true });
  }
}

/** KitError E_ENV (exit 3): `--out <out>: cannot write there (EACCES)`, the file system's code as the cause. */
export function cannotWrite(out: string, error: unknown): KitError {
  const code = error instanceof Error && 'code' in error ? String(error.code) : String(error);
  // why: the folder's place is taken by a file; say which one, as the user has to move it
  const notFolder = code === 'ENOTDIR' && error instanceof Error && 'path' in error ? `: ${String(error.path)} is a file, not a folder` : '';
  return new KitError(KitErrorCode.environment, `--out ${out}: cannot write there (${code}${notFolder})`, { cause: error });
}

async function tryLink(temp: string, path: string): Promise<boolean> {
  try {
    await link(temp, path);
    return true;
  } catch (error) {
    if (error instanceof Error && 'code' in error && error.code === 'EEXIST') return false;
    throw error;
  }
}

/**
 * Moves the stale lock aside under a unique name; if what was moved is not the lock read (another run replaced it
 * meanwhile), it is put back. Returns whether the stale lock is gone.
 */
async function takeOver(path: string, stale: LockOwner): Promise<boolean> {
  const aside = `${path}.stale-${process.pid}-${randomBytes(4).toString('hex')}`;
  try {
    await rename(path, aside);
  } catch {
    return false;
  }
  const moved = await readOwner(aside);
  if (moved !== undefined && (moved.pid !== stale.pid || moved.host !== stale.host || moved.startedAt !== stale.startedAt)) {
    await link(aside, path).catch(() => undefined);
    await rm(aside, { force: true });
    return false;
  }
  await rm(aside, { force: true });
  return true;
}

async function readOwner(path: string): Promise<LockOwner | undefined> {
  let value: unknown;
  try {
    value = JSON.parse(await readFile(path, 'utf8'));
  } catch {
    return undefined;
  }
  if (typeof value !== 'object' || value === null) return undefined;
  const { pid, host, startedAt } = value as Record<string, unknown>; // why: checked field by field below
  if (typeof pid !== 'number' || typeof host !== 'string') return undefined;
  return { pid, host, startedAt: typeof startedAt === 'string' ? startedAt : 'at an unknown time' };
}

function busy(out: string, held: LockOwner): KitError {
  return new KitError(
    KitErrorCode.environment,
    `${out}: another extract is writing it (pid ${held.pid} on ${held.host}, started ${held.startedAt}); wait for it to finish, or remove ${lockPath(out)} if that process is gone`,
  );
}
