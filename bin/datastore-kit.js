#!/usr/bin/env node
// Runs the built CLI (dist/cli-bundle/bin.cjs, built by `npm run build`, which `npm ci` and `npm pack` run through
// `prepare`), with a V8 code cache: compiling the bundle's 2.7 MB, and then each function it calls, was about 60 ms
// of a short `datastore-kit run`. The first start saves V8's compiled code of the bundle as it exits (every function
// that start compiled); later starts hand it back to V8, which checks it against the bundle's text and this
// process's V8 flags and compiles afresh if they differ. The cache is a file per bundle, command, Node version and
// set of node flags under `datastore-kit-<uid>/code` in the OS temp folder, used only when that folder is a real one
// owned by this user (the rule of the kit's other caches, src/util/user-cache-dir.ts, which this file cannot import:
// the container image has no compiled sources besides the bundle); any failure to read or write it only costs the
// compile. More in docs/performance.md ("The CLI's start"). Plain JavaScript: it runs before anything is built.
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, lstatSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { setFlagsFromString } from 'node:v8';
import { constants, Script } from 'node:vm';

/**
 * V8 flags a command runs with, set before the bundle is compiled: V8 rejects a code cache made under other flags.
 * `run` sets the same flag again in src/cli/run.ts (HEAP_GROWING_PERCENT, where the reason is given), for a run
 * from the sources.
 */
const COMMAND_V8_FLAGS = { run: ['--heap-growing-percent=30'] };

const bundle = fileURLToPath(new URL('../dist/cli-bundle/bin.cjs', import.meta.url));
if (existsSync(bundle)) {
  const command = process.argv.slice(2).find((arg) => !arg.startsWith('-'));
  const flags = Object.hasOwn(COMMAND_V8_FLAGS, command ?? '') ? COMMAND_V8_FLAGS[command] : [];
  for (const flag of flags) setFlagsFromString(flag);
  runBundle(bundle, codeCachePath(bundle, command, flags));
} else {
  // why: a clone installed with --ignore-scripts has no dist/ yet; say how to build it instead of a stack trace
  process.stderr.write('datastore-kit: not built (no dist/); run `npm run build` in the package folder\n');
  process.exitCode = 3;
}

/** Where the code cache of `file` is kept (undefined: no usable folder), by bundle, command, Node and flags. */
function codeCachePath(file, command, flags) {
  try {
    const user = typeof process.getuid === 'function' ? String(process.getuid()) : 'user';
    const dir = path.join(tmpdir(), `datastore-kit-${user}`, 'code');
    // why level by level: Node's recursive mkdir loops forever where a level refuses its child with ENOENT (a
    // TMPDIR under /proc, say); the temp folder itself must exist
    for (const level of [path.dirname(dir), dir]) {
      try {
        mkdirSync(level, { mode: 0o700 });
      } catch (error) {
        if (error?.code !== 'EEXIST') throw error;
      }
    }
    const info = lstatSync(dir);
    // why: a folder under a shared temp dir that another user made (or a symlink) could feed us any code
    if (!info.isDirectory() || (typeof process.getuid === 'function' && info.uid !== process.getuid())) return undefined;
    const { size, mtimeMs } = statSync(file);
    const hash = (parts) => createHash('sha256').update(parts.join('\0')).digest('hex').slice(0, 24);
    // why execArgv and NODE_OPTIONS: V8 flags given to node (say --max-old-space-size in CI) make V8 reject a cache
    // made without them; each set of flags gets a cache of its own instead of replacing another's on every start.
    // why the command: a cache holds what its first start compiled; one made by `serve` would have every later
    // `--version` load the server's code too. The name is <where and how>-<which build>: saving a new build's cache
    // removes the old build's (saveCodeCache).
    const where = hash([file, command ?? '', ...flags, ...process.execArgv, process.env.NODE_OPTIONS ?? '']);
    return path.join(dir, `${where}-${hash([size, mtimeMs, process.version, process.arch])}.bin`);
  } catch {
    return undefined;
  }
}

/** Compiles `file` (with the cache at `cachePath`, if any) and runs it as a CommonJS module. */
function runBundle(file, cachePath) {
  const cachedData = cachePath === undefined ? undefined : readIfPresent(cachePath);
  const source = `(function (exports, require, module, __filename, __dirname) {${readFileSync(file, 'utf8')}\n})`;
  const script = new Script(source, {
    filename: file,
    cachedData,
    // why: a last resort only (Node prints a warning when it is used): the bundle imports the packages it leaves
    // out (libpg-query, testcontainers) through the hook below (src/util/import-package.ts)
    importModuleDynamically: constants.USE_MAIN_CONTEXT_DEFAULT_LOADER,
  });
  if (cachePath !== undefined && (cachedData === undefined || script.cachedDataRejected === true)) {
    process.once('exit', () => saveCodeCache(script, cachePath));
  } else if (cachePath !== undefined) {
    // why: the mtime says when a cache was last used; saveCodeCache removes those unused for a week
    touch(cachePath);
  }
  globalThis[Symbol.for('datastore-kit.import')] = (name) => import(name);
  const module = { exports: {} };
  script.runInThisContext()(module.exports, createRequire(file), module, file, path.dirname(file));
}

function readIfPresent(file) {
  try {
    return readFileSync(file);
  } catch {
    return undefined;
  }
}

function touch(file) {
  try {
    const now = new Date();
    utimesSync(file, now, now);
  } catch {
    // a cache that cannot be marked as used is only removed sooner
  }
}

/** A cache not used for this long is removed when another is saved (one per other set of node flags, say). */
const UNUSED_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * Saves the code V8 compiled in this process (temp file + rename), and removes the caches of earlier builds of the
 * same bundle started the same way, and any cache unused for a week. Best effort: a failure only loses the cache.
 */
function saveCodeCache(script, cachePath) {
  const temp = `${cachePath}.${randomBytes(6).toString('hex')}.tmp`;
  try {
    writeFileSync(temp, script.createCachedData());
    renameSync(temp, cachePath);
    const dir = path.dirname(cachePath);
    const where = `${path.basename(cachePath).split('-')[0]}-`;
    for (const name of readdirSync(dir)) {
      if (!name.endsWith('.bin') || name === path.basename(cachePath)) continue;
      const file = path.join(dir, name);
      const unused = Date.now() - (statSync(file, { throwIfNoEntry: false })?.mtimeMs ?? Date.now()) > UNUSED_MS;
      if (name.startsWith(where) || unused) rmSync(file, { force: true });
    }
  } catch {
    rmSync(temp, { force: true });
  }
}
