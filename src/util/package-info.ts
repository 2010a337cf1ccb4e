// The kit's own root folder, name and version, read from its package.json. Not a JSON import: the file sits outside
// the compiled tree. It is found by walking up from this module to the nearest package.json of datastore-kit: two
// levels up from src/ and dist/ modules and from the CLI bundle, further from a bundle the tests build elsewhere.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Name and version of the installed datastore-kit package. */
export interface PackageInfo {
  readonly name: string;
  readonly version: string;
}

/** The kit's name, as its package.json spells it. */
const NAME = 'datastore-kit';

function readManifest(file: string): { name: unknown; version: unknown } {
  const parsed: unknown = JSON.parse(readFileSync(file, 'utf8'));
  const name = typeof parsed === 'object' && parsed !== null && 'name' in parsed ? parsed.name : undefined;
  const version = typeof parsed === 'object' && parsed !== null && 'version' in parsed ? parsed.version : undefined;
  return { name, version };
}

function findPackage(): { root: string; info: PackageInfo } {
  const here = path.dirname(fileURLToPath(import.meta.url));
  for (let dir = here; ; dir = path.dirname(dir)) {
    const file = path.join(dir, 'package.json');
    const { name, version } = existsSync(file) ? readManifest(file) : { name: undefined, version: undefined };
    if (name === NAME) {
      if (typeof version !== 'string') throw new Error(`datastore-kit: ${file} has no version`);
      return { root: dir, info: Object.freeze({ name, version }) };
    }
    if (path.dirname(dir) === dir) throw new Error(`datastore-kit: no package.json of ${NAME} above ${here}`);
  }
}

const found = findPackage();

/** The package's root folder (where its package.json, cases/, profiles/ and fixtures/ are). */
export const PACKAGE_ROOT: string = found.root;

/** This package's name and version (read once, at first import). */
export const PACKAGE_INFO: PackageInfo = found.info;
