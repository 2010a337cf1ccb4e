// Builds dist/ from src/ (run by `npm run build` and by `prepack`, so `npm pack` and an install from git build fresh;
// with `--if-stale`, only when dist/ is not stamped with the current sources' hash):
// removes the old output so no stale module survives, compiles with tsc, copies the non-TypeScript assets the
// compiled modules read beside themselves, and stamps dist/ with the hash of its sources (source-hash.mjs).
// Plain JavaScript: it must run before anything is built.
import { execFileSync } from 'node:child_process';
import { cpSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SOURCE_HASH_FILE, sourceHash } from './source-hash.mjs';

/** Files under src/ that modules load at run time beside themselves and no compiler emits. */
const ASSET_EXTENSIONS = new Set(['.txt']);

const root = fileURLToPath(new URL('../', import.meta.url));
const dist = path.join(root, 'dist');

/** The stamp of the dist/ in place, or undefined when there is none (never built, or a build under way or broken). */
function readStamp() {
  try {
    return readFileSync(path.join(dist, SOURCE_HASH_FILE), 'utf8').trim();
  } catch {
    return undefined;
  }
}

function build() {
  rmSync(dist, { recursive: true, force: true });
  const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
  execFileSync(process.execPath, [tsc, '-p', path.join(root, 'tsconfig.build.json')], { stdio: 'inherit' });
  for (const entry of readdirSync(path.join(root, 'src'), { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !ASSET_EXTENSIONS.has(path.extname(entry.name))) continue;
    const from = path.join(entry.parentPath, entry.name);
    cpSync(from, path.join(dist, path.relative(path.join(root, 'src'), from)));
  }
  // why: the stamp says dist/ is complete and current (`--if-stale` and the pack test skip rebuilding then); it is
  // written last, and the old dist/ (with its stamp) removed first, so a stamped dist/ is always a whole build
  writeFileSync(path.join(dist, SOURCE_HASH_FILE), `${sourceHash(root)}\n`);
}

// why: `--if-stale` (the Dockerfile, the tests) keeps a dist/ stamped with the current sources' hash: tsc makes the
// same output from the same sources, so only a stale, unstamped or missing dist/ costs the seconds of tsc again
if (process.argv.includes('--if-stale') && readStamp() === sourceHash(root)) console.log('dist/ is built from the current sources; not rebuilt');
else build();
