// The CLI for the tests that start it as a process: the current sources bundled by esbuild (packages left as
// imports), never a possibly stale dist/ (test/package/pack.test.ts runs the packed, tsc-built CLI). A start from
// the bundle costs about half the CPU of tsx compiling and loading the kit's modules one by one. Built (a few hundred
// ms) into a folder named by the hash of the sources, the lock file and esbuild's version, under node_modules/.cache,
// where its package imports resolve; a test process that finds that folder reuses it as is. The PGlite worker and
// the assets are put beside it, where the server's modules look for them.
import { build, type BuildOptions, version as esbuildVersion } from 'esbuild';
import { createHash } from 'node:crypto';
import { cpSync, existsSync, readdirSync, readFileSync, renameSync, rmSync, statSync, utimesSync } from 'node:fs';
import path from 'node:path';
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
  if (existsSync(path.join(dir, 'bin.js'))) {
    // why: the mtime marks the bundle as in use, so the pruning below (of this or another run) keeps it
    const now = new Date();
    utimesSync(dir, now, now);
  } else {
    const staging = path.join(CACHE, `.staging-${process.pid}`);
    rmSync(staging, { recursive: true, force: true });
    await bundleInto(staging);
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

async function bundleInto(outdir: string): Promise<void> {
  const common: BuildOptions = { outdir, bundle: true, platform: 'node', format: 'esm', target: 'node20', packages: 'external', logLevel: 'warning' };
  await build({ ...common, entryPoints: { bin: path.join(root, 'src/cli/bin.ts'), 'pglite-worker': path.join(root, 'src/server/engines/pglite-worker.ts') } });
  for (const entry of readdirSync(path.join(root, 'src'), { recursive: true, withFileTypes: true })) {
    if (entry.isFile() && entry.name.endsWith('.txt')) cpSync(path.join(entry.parentPath, entry.name), path.join(outdir, entry.name));
  }
}

/** The bundled CLI's entry file: `node <CLI_BIN> <args>` runs `datastore-kit <args>`. */
export const CLI_BIN = await buildCliBundle();
