// `mkdir -p` without Node's own recursive mkdir, which loops forever (at full CPU, Node 20) on a path whose parent
// exists but refuses the child with ENOENT, as anything under /proc does: `run --out /proc/x` hung instead of
// failing. Here each missing level is made once, and a level that still cannot be made fails with its own error.
import { mkdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { errnoCode } from './process.ts';

/** `makeDirSync` for async code: a few mkdir calls, made once per folder a command writes to. */
export async function makeDir(dir: string, mode?: number): Promise<void> {
  makeDirSync(dir, mode);
}

/**
 * Creates `dir` and its missing parents (with `mode`); an existing folder is fine. A file where a folder should be
 * is ENOTDIR (what it is: a path through a file), not mkdir's EEXIST.
 */
export function makeDirSync(dir: string, mode?: number): void {
  const options = mode === undefined ? {} : { mode };
  try {
    mkdirSync(dir, options);
    return;
  } catch (error) {
    if (errnoCode(error) === 'EEXIST') {
      checkFolder(dir, error);
      return;
    }
    const parent = path.dirname(dir);
    if (errnoCode(error) !== 'ENOENT' || parent === dir) throw error;
    makeDirSync(parent, mode);
  }
  try {
    mkdirSync(dir, options);
  } catch (error) {
    if (errnoCode(error) !== 'EEXIST') throw error;
    checkFolder(dir, error);
  }
}

function checkFolder(dir: string, cause: unknown): void {
  if (statSync(dir, { throwIfNoEntry: false })?.isDirectory() === true) return;
  throw Object.assign(new Error(`ENOTDIR: not a directory, mkdir '${dir}'`, { cause }), { code: 'ENOTDIR', syscall: 'mkdir', path: dir });
}
