// The CLI as a few files, bundled by esbuild straight from src/: bin/datastore-kit.js runs dist/cli-bundle/bin.js
// (scripts/build.mjs), and the tests that start the CLI as a process run a bundle of the current sources
// (test/helpers/cli-bundle.ts). A start used to load about 500 modules one by one (the kit's, TypeBox's 200, yargs',
// Ajv's), a third of a short run's time. Each command stays a chunk of its own, loaded when named. Left as packages:
// those that read files of their own (WASM, native addons) and the Docker client. The PGlite worker is an entry of
// its own, found beside its host module; the assets modules read beside themselves are copied beside them.
// Plain JavaScript, like build.mjs: it must run before anything is built.
import { cpSync, readdirSync } from 'node:fs';
import path from 'node:path';

/** Files under src/ that modules load at run time beside themselves and no compiler emits. */
export const ASSET_EXTENSIONS = new Set(['.txt']);

/** esbuild's options for the bundle of the sources under `root`, written to `outdir`. */
export function cliBundleOptions(root, outdir) {
  return {
    entryPoints: { bin: path.join(root, 'src/cli/bin.ts'), 'pglite-worker': path.join(root, 'src/server/engines/pglite-worker.ts') },
    outdir,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    external: ['@electric-sql/pglite', 'libpg-query', 'pg', 'testcontainers'],
    // why: CommonJS packages inside an ES module bundle call require() for Node's own modules
    banner: { js: "import { createRequire as __dskCreateRequire } from 'node:module'; const require = __dskCreateRequire(import.meta.url);" },
    logLevel: 'warning',
  };
}

/** Copies the assets of src/ (by file name) into `target`, where the bundled modules look for them. */
export function copyAssets(root, target) {
  for (const entry of readdirSync(path.join(root, 'src'), { recursive: true, withFileTypes: true })) {
    if (entry.isFile() && ASSET_EXTENSIONS.has(path.extname(entry.name))) cpSync(path.join(entry.parentPath, entry.name), path.join(target, entry.name));
  }
}
