// The PGlite worker when the kit runs from source (tests, `tsx` scripts): a Node 20 worker inherits no TypeScript
// loader (tsx under `npx tsx`, vite under vitest), so the worker's TypeScript is bundled once per process with
// esbuild into a file under node_modules/.cache, where its one package import (PGlite) resolves. Plain JavaScript
// and loaded by URL, like the development dependency it uses: neither tsc nor the CLI bundle takes it into dist/,
// where the worker is plain JavaScript already. It replaced a boot file that registered tsx in every worker, which
// started a loader thread of its own per worker (about 0.2 s of CPU each).
import { createHash } from 'node:crypto';
import { mkdir, readdir, rename, rm, stat, utimes, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';

/** Where the bundles go: the repository's node_modules/.cache (this file is three levels down). */
const CACHE_DIR = fileURLToPath(new URL('../../../node_modules/.cache/datastore-kit/pglite-worker/', import.meta.url));

/** Bundles the worker entry `entry` (a .ts URL) to one JavaScript file and returns its URL; named by its content. */
export async function bundleWorkerFromSource(entry) {
  const built = await build({
    entryPoints: [fileURLToPath(entry)],
    bundle: true,
    write: false,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    external: ['@electric-sql/pglite'],
    logLevel: 'silent',
  });
  const text = built.outputFiles[0]?.text ?? '';
  const file = join(CACHE_DIR, `pglite-worker-${createHash('sha256').update(text).digest('hex').slice(0, 16)}.mjs`);
  const now = new Date();
  // why: a bundle in place is only marked used (its time is what removeOldBundles goes by), not written again
  const inPlace = await utimes(file, now, now).then(
    () => true,
    () => false,
  );
  if (!inPlace) {
    await mkdir(CACHE_DIR, { recursive: true });
    // why: written under a temp name and renamed, so a process starting a worker never reads half a file
    const temp = `${file}.${process.pid}.tmp`;
    await writeFile(temp, text);
    await rename(temp, file);
    await removeOldBundles(file);
  }
  return pathToFileURL(file);
}

/** Bundles of older sources go once unused for a day (a process still running older sources may start one meanwhile). */
async function removeOldBundles(keep) {
  for (const name of await readdir(CACHE_DIR)) {
    const file = join(CACHE_DIR, name);
    if (file === keep) continue;
    const info = await stat(file).catch(() => undefined);
    if (info !== undefined && Date.now() - info.mtimeMs > 24 * 60 * 60 * 1000) await rm(file, { force: true });
  }
}
