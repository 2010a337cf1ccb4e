// Builds dist/ from src/ (run by `npm run build` and by `prepare`, so `npm ci` and `npm pack` always build fresh):
// removes the old output so no stale module survives, compiles with tsc, copies the non-TypeScript assets the
// compiled modules read beside themselves, bundles the CLI (below), and stamps dist/ with the hash of its sources
// (source-hash.mjs).
// Plain JavaScript: it must run before anything is built.
import { execFileSync } from 'node:child_process';
import { build } from 'esbuild';
import { cpSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SOURCE_HASH_FILE, sourceHash } from './source-hash.mjs';

const root = fileURLToPath(new URL('../', import.meta.url));
const dist = path.join(root, 'dist');
/** Files under src/ that modules load at run time and tsc does not emit. */
const ASSET_EXTENSIONS = new Set(['.txt']);

rmSync(dist, { recursive: true, force: true });
const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
execFileSync(process.execPath, [tsc, '-p', path.join(root, 'tsconfig.build.json')], { stdio: 'inherit' });
for (const entry of readdirSync(path.join(root, 'src'), { recursive: true, withFileTypes: true })) {
  if (!entry.isFile() || !ASSET_EXTENSIONS.has(path.extname(entry.name))) continue;
  const from = path.join(entry.parentPath, entry.name);
  cpSync(from, path.join(dist, path.relative(path.join(root, 'src'), from)));
}

// The CLI as a few files (bin/datastore-kit.js runs dist/cli-bundle/bin.js): a start used to load about 500 modules
// one by one (the kit's, TypeBox's 200, yargs', Ajv's), a third of a short run's time. Each command stays a chunk of
// its own, loaded when named. The programmatic API (dist/index.js) is not bundled. Left as packages: those that
// read files of their own (WASM, native addons) and the Docker client. The PGlite worker is an entry of its own,
// found beside its host module as in dist/; the assets modules read beside themselves are copied here too.
const bundleDir = path.join(dist, 'cli-bundle');
await build({
  entryPoints: { bin: path.join(dist, 'cli/bin.js'), 'pglite-worker': path.join(dist, 'server/engines/pglite-worker.js') },
  outdir: bundleDir,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  external: ['@electric-sql/pglite', 'libpg-query', 'pg', 'testcontainers'],
  // why: CommonJS packages inside an ES module bundle call require() for Node's own modules
  banner: { js: "import { createRequire as __dskCreateRequire } from 'node:module'; const require = __dskCreateRequire(import.meta.url);" },
  logLevel: 'warning',
});
for (const entry of readdirSync(path.join(root, 'src'), { recursive: true, withFileTypes: true })) {
  if (entry.isFile() && ASSET_EXTENSIONS.has(path.extname(entry.name))) cpSync(path.join(entry.parentPath, entry.name), path.join(bundleDir, entry.name));
}

writeFileSync(path.join(dist, SOURCE_HASH_FILE), `${sourceHash(root)}\n`);
