// Builds dist/ from src/ (run by `npm run build` and by `prepare`, so `npm ci` and `npm pack` always build fresh):
// removes the old output so no stale module survives, compiles with tsc, copies the non-TypeScript assets the
// compiled modules read beside themselves, bundles the CLI (below), and stamps dist/ with the hash of its sources
// (source-hash.mjs). `node scripts/build.mjs --cli-only` builds the CLI bundle alone (the container image).
// Plain JavaScript: it must run before anything is built.
import { execFileSync } from 'node:child_process';
import { build } from 'esbuild';
import { cpSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ASSET_EXTENSIONS, cliBundleOptions, copyAssets } from './bundle-cli.mjs';
import { SOURCE_HASH_FILE, sourceHash } from './source-hash.mjs';

const root = fileURLToPath(new URL('../', import.meta.url));
const dist = path.join(root, 'dist');

/** `--cli-only` (the container image, which runs only the CLI): the bundle alone, no tsc, no stamp. */
const cliOnly = process.argv.includes('--cli-only');

rmSync(dist, { recursive: true, force: true });
if (!cliOnly) {
  const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
  execFileSync(process.execPath, [tsc, '-p', path.join(root, 'tsconfig.build.json')], { stdio: 'inherit' });
  for (const entry of readdirSync(path.join(root, 'src'), { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !ASSET_EXTENSIONS.has(path.extname(entry.name))) continue;
    const from = path.join(entry.parentPath, entry.name);
    cpSync(from, path.join(dist, path.relative(path.join(root, 'src'), from)));
  }
}

// The CLI bundle (scripts/bundle-cli.mjs), from the same sources tsc compiles.
const bundleDir = path.join(dist, 'cli-bundle');
for (const options of cliBundleOptions(root, bundleDir)) await build(options);
copyAssets(root, bundleDir);

// why: the stamp says dist/ is complete and current (the pack test skips rebuilding then); a CLI-only dist/ is not
if (!cliOnly) writeFileSync(path.join(dist, SOURCE_HASH_FILE), `${sourceHash(root)}\n`);
