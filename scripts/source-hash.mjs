// The hash of what dist/ is built from (src/, the tsconfigs, package.json, the build script): scripts/build.mjs writes it to
// dist/.source-hash, so a caller can tell a dist/ built from exactly the current sources from a stale one.
// Plain JavaScript, like build.mjs: it must run before anything is built.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** The file dist/ keeps the hash of its sources in (not packed: see package.json's files). */
export const SOURCE_HASH_FILE = '.source-hash';

/** sha256 over the relative path and content of every file dist/ is built from, in a stable order. */
export function sourceHash(root) {
  const files = readdirSync(path.join(root, 'src'), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)));
  files.push('tsconfig.json', 'tsconfig.build.json', 'package.json', 'scripts/build.mjs');
  const hash = createHash('sha256');
  for (const file of files.sort())
    hash
      .update(`${file}\0`)
      .update(readFileSync(path.join(root, file)))
      .update('\0');
  return hash.digest('hex');
}
