// The CLI for the tests that start it as a process: bundled from the current sources the way the package's bin/
// runs it (scripts/bundle-cli.mjs), never a possibly stale dist/. A start from the bundle costs about half the CPU
// of tsx compiling and loading some 500 modules one by one. Built once per test process (a few hundred ms) into a
// folder named by the bundle's content under node_modules/.cache, where its package imports resolve; a test
// process that finds that folder in place reuses it.
import { buildSync } from 'esbuild';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { cliBundleOptions, copyAssets } from '../../scripts/bundle-cli.mjs';

const root = path.resolve(import.meta.dirname, '../..');
const CACHE = path.join(root, 'node_modules', '.cache', 'datastore-kit', 'test-cli');
/** Bundles of older sources go once unused for this long (another test run may still be using one). */
const STALE_MS = 24 * 60 * 60 * 1000;

function buildCliBundle(): string {
  const staging = path.join(CACHE, `.staging-${process.pid}`);
  const built = buildSync({ ...cliBundleOptions(root, staging), write: false });
  const hash = createHash('sha256');
  for (const file of built.outputFiles) hash.update(path.relative(staging, file.path)).update('\0').update(file.contents).update('\0');
  const dir = path.join(CACHE, hash.digest('hex').slice(0, 16));
  if (!existsSync(dir)) {
    rmSync(staging, { recursive: true, force: true });
    for (const file of built.outputFiles) {
      mkdirSync(path.dirname(file.path), { recursive: true });
      writeFileSync(file.path, file.contents);
    }
    copyAssets(root, staging);
    try {
      renameSync(staging, dir);
    } catch (error) {
      // why: another test process renamed the same bundle into place first
      if (!existsSync(dir)) throw error;
      rmSync(staging, { recursive: true, force: true });
    }
  }
  for (const name of readdirSync(CACHE)) {
    const other = path.join(CACHE, name);
    const usedMs = statSync(other, { throwIfNoEntry: false })?.mtimeMs ?? Date.now();
    if (other !== dir && Date.now() - usedMs > STALE_MS) rmSync(other, { recursive: true, force: true });
  }
  return path.join(dir, 'bin.js');
}

/** The bundled CLI's entry file: `node <CLI_BIN> <args>` runs `datastore-kit <args>`. */
export const CLI_BIN = buildCliBundle();
