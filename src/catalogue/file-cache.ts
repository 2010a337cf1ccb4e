// A cache of parsed and validated case files, keyed by a hash of the file's bytes and of the kit's own catalogue
// code and case schema, so an unchanged file skips YAML parsing and validation on the next load. Only files that
// loaded without any problem are cached: a malformed file is always parsed again, and its messages stay exact.
// Entries are written to a temp file and renamed (a reader sees a whole entry or none); an unreadable or
// foreign entry is a miss, and a cache that cannot be written is simply not used.
import { createHash, randomBytes } from 'node:crypto';
import { readdirSync, statSync } from 'node:fs';
import { readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { deserialize, serialize } from 'node:v8';
import { CaseFileSchema, type Case } from '../schema/case.ts';
import { PACKAGE_INFO } from '../util/package-info.ts';
import { ownCacheDir, pruneCacheDir, userCacheDir } from '../util/user-cache-dir.ts';
import type { SourcePosition } from './source.ts';

/** Bump when the shape of an entry changes. */
const ENTRY_VERSION = 1;

/** One case of a cached file: the case with the file's defaults merged in, and where it and its id are. */
export interface CachedCase {
  case: Case;
  at: SourcePosition;
  idAt: SourcePosition;
}

export interface CatalogueFileCache {
  /** The cases of a file whose bytes are `text`, or undefined when not cached. */
  read(text: string): Promise<CachedCase[] | undefined>;
  /** Remembers the cases of a file that loaded without problems (best effort; never throws). */
  write(text: string, cases: readonly CachedCase[]): Promise<void>;
}

/** The default cache folder: per user, under the OS temp folder. */
export function defaultCatalogueCacheDir(): string {
  return userCacheDir('catalogue');
}

/** Opens the cache in `dir` (created if missing); undefined when it cannot be used (not ours, not writable). */
export function openCatalogueFileCache(dir: string): CatalogueFileCache | undefined {
  if (!ownCacheDir(dir)) return undefined;
  const entryPath = (text: string): string => path.join(dir, `${stampPrefix()}-${hashEntry(text)}.v8`);
  return {
    async read(text) {
      try {
        const entry: unknown = deserialize(await readFile(entryPath(text)));
        return isEntry(entry) ? entry.cases : undefined;
      } catch {
        return undefined;
      }
    },
    async write(text, cases) {
      // why on a write: a miss is when a build (or an edit) has left entries behind; a warm load never lists the
      // folder. In the background: the load does not wait for it.
      void pruneCacheDir(dir, stampPrefix());
      const target = entryPath(text);
      const temp = `${target}.${randomBytes(6).toString('hex')}.tmp`;
      try {
        await writeFile(temp, serialize({ version: ENTRY_VERSION, cases }));
        await rename(temp, target);
      } catch {
        await rm(temp, { force: true }).catch(() => undefined);
      }
    },
  };
}

function isEntry(value: unknown): value is { version: number; cases: CachedCase[] } {
  return typeof value === 'object' && value !== null && 'version' in value && value.version === ENTRY_VERSION && 'cases' in value && Array.isArray(value.cases);
}

let stamp: string | undefined;

/**
 * What besides the file's bytes decides its parsed result: the kit's version, the case schema, and this folder's
 * modules (size and mtime), so a changed parser, schema or check never serves an entry made by the old one.
 */
function codeStamp(): string {
  if (stamp !== undefined) return stamp;
  const here = path.dirname(fileURLToPath(import.meta.url));
  const modules = readdirSync(here)
    .sort()
    .map((name) => {
      const info = statSync(path.join(here, name));
      return `${name}:${info.size}:${info.mtimeMs}`;
    });
  stamp = createHash('sha256')
    .update(`${ENTRY_VERSION}\0${PACKAGE_INFO.version}\0${JSON.stringify(CaseFileSchema)}\0${modules.join('\0')}`)
    .digest('hex');
  return stamp;
}

/** The start of every entry's name: which build of the kit made it (pruneCacheDir removes other builds' entries). */
function stampPrefix(): string {
  return codeStamp().slice(0, 16);
}

function hashEntry(text: string): string {
  return createHash('sha256').update(codeStamp()).update('\0').update(text).digest('hex');
}
