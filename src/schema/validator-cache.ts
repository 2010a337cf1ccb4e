// Compiled validators kept on disk between runs. Ajv compiles a schema by generating its JavaScript, and that
// generation, not validation, was the validators' cost at start-up: 65 ms of a 550 ms `datastore-kit run`. The
// standalone code of each validator is saved under a hash of its schema and of the Ajv setup, and a later start
// evaluates the saved code instead. Entries live in a per-user folder (mode 0700, owned by this user) and are
// written to a temp file and renamed; an entry that is missing, unreadable or does not evaluate is a miss, and
// a folder that cannot be used leaves every schema to be compiled, as before.
import { createHash, randomBytes } from 'node:crypto';
import { readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Ajv, ValidateFunction } from 'ajv';
import standaloneModule from 'ajv/dist/standalone/index.js';
import { ownCacheDir, pruneCacheDir } from '../util/user-cache-dir.ts';

/** Bump when the shape of an entry changes. */
const ENTRY_VERSION = 1;

type Standalone = (ajv: Ajv, validate: ValidateFunction) => string;
// why: the module is CommonJS (module.exports = fn, plus .default); which one a default import gives depends on the toolchain
const standaloneCode: Standalone = typeof standaloneModule === 'function' ? standaloneModule : (standaloneModule as unknown as { default: Standalone }).default;

const requireHere = createRequire(import.meta.url);

/** The only modules saved code may load: Ajv's runtime helpers and ajv-formats' format checks. */
function requireRuntime(id: string): unknown {
  if (!id.startsWith('ajv/dist/runtime/') && id !== 'ajv-formats/dist/formats') throw new Error(`saved validator asks for ${id}`);
  return requireHere(id);
}

export interface ValidatorCache {
  /** The saved validator of `schema`, or undefined. */
  load(schema: object): ValidateFunction | undefined;
  /** Saves the standalone code of `validate`, compiled from `schema` by `ajv` (best effort; never throws). */
  save(schema: object, ajv: Ajv, validate: ValidateFunction): void;
}

/**
 * Opens the cache in `dir` (created if missing) for validators compiled by an Ajv set up as `setup` says (its
 * options, as text); undefined when the folder cannot be used or the versions of Ajv and ajv-formats cannot be read.
 */
export function openValidatorCache(dir: string, setup: string): ValidatorCache | undefined {
  let stamp: string;
  try {
    const versions = ['ajv', 'ajv-formats'].map((name) => String((requireHere(`${name}/package.json`) as { version: unknown }).version));
    stamp = `${ENTRY_VERSION}\0${versions.join('\0')}\0${setup}\0`;
  } catch {
    return undefined;
  }
  if (!ownCacheDir(dir)) return undefined;
  // why the prefix: it names the Ajv setup that made an entry, and pruneCacheDir removes those of other setups
  const prefix = createHash('sha256').update(stamp).digest('hex').slice(0, 16);
  const entryPath = (schema: object): string =>
    path.join(dir, `${prefix}-${createHash('sha256').update(stamp).update(JSON.stringify(schema)).digest('hex')}.cjs`);
  return {
    load(schema) {
      try {
        return evaluate(readFileSync(entryPath(schema), 'utf8'));
      } catch {
        return undefined;
      }
    },
    save(schema, ajv, validate) {
      void pruneCacheDir(dir, prefix);
      const target = entryPath(schema);
      const temp = `${target}.${randomBytes(6).toString('hex')}.tmp`;
      try {
        writeFileSync(temp, standaloneCode(ajv, validate));
        renameSync(temp, target);
      } catch {
        rmSync(temp, { force: true });
      }
    },
  };
}

/** Runs saved standalone code (CommonJS) and returns the validator it exports. */
function evaluate(code: string): ValidateFunction | undefined {
  const module: { exports: unknown } = { exports: {} };
  // why new Function: the code is Ajv's output for one of our own schemas, read from a folder only this user can write
  new Function('require', 'module', 'exports', code)(requireRuntime, module, module.exports);
  // why: standalone code exports the validate function itself; any other value is a foreign entry
  return typeof module.exports === 'function' ? (module.exports as ValidateFunction) : undefined;
}
