// The CLI for the tests that start it as a process: bundled from the current sources the way the package's bin/
// runs it (scripts/bundle-cli.mjs), never a possibly stale dist/. A start from the bundle costs about half the CPU
// of tsx compiling and loading some 500 modules one by one. Built (a few hundred ms of esbuild) into a folder named
// by the hash of the sources it is built from, the lock file (the packages bundled in) and esbuild's version, under
// node_modules/.cache, where its package imports resolve; a test process that finds that folder reuses it as is.
import { build, version as esbuildVersion } from 'esbuild';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, renameSync, rmSync, statSync, utimesSync } from 'node:fs';
import path from 'node:path';
import { cliBundleOptions, copyAssets } from '../../scripts/bundle-cli.mjs';
import { sourceHash } from '../../scripts/source-hash.mjs';

const root = path.resolve(import.meta.dirname, '../..');
const CACHE = path.join(root, 'node_modules', '.cache', 'datastore-kit', 'test-cli');
/** Bundles of older sources go once unused for this long (another test run may still be using one). */
const STALE_MS = 24 * 60 * 60 * 1000;

async function buildCliBundle(): Promise<string> {
  const key = createHash('sha256')
    .update(`${sourceHash(root)}\0${esbuildVersion}\0`)
    .update(readFileSync(path.join(root, 'package-lock.json')))
    .digest('hex');
  const dir = path.join(CACHE, key.slice(0, 16));
  if (existsSync(path.join(dir, 'bin.cjs'))) {
    // why: the mtime marks the bundle as in use, so the pruning below (of this or another run) keeps it
    const now = new Date();
    utimesSync(dir, now, now);
  } else {
    const staging = path.join(CACHE, `.staging-${process.pid}`);
    rmSync(staging, { recursive: true, force: true });
    // why not buildSync: the CLI's build has an esbuild plugin (scripts/bundle-cli.mjs), which only the async API runs
    for (const options of cliBundleOptions(root, staging)) await build(options);
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
  return path.join(dir, 'bin.cjs');
}

/** The bundled CLI's entry file: `node <CLI_BIN> <args>` runs `datastore-kit <args>`. */
export const CLI_BIN = await buildCliBundle();
