// The kit's own name and version, read from its package.json. Not a JSON import: the file sits outside the
// compiled tree (src/ or dist/), and the same relative path (two levels up) holds from both.
import { readFileSync } from 'node:fs';

/** Name and version of the installed datastore-kit package. */
export interface PackageInfo {
  readonly name: string;
  readonly version: string;
}

function readPackageInfo(): PackageInfo {
  const parsed: unknown = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8'));
  const name = typeof parsed === 'object' && parsed !== null && 'name' in parsed ? parsed.name : undefined;
  const version = typeof parsed === 'object' && parsed !== null && 'version' in parsed ? parsed.version : undefined;
  if (typeof name !== 'string' || typeof version !== 'string') throw new Error('datastore-kit: package.json has no name or version');
  return Object.freeze({ name, version });
}

/** This package's name and version (read once, at first import). */
export const PACKAGE_INFO: PackageInfo = readPackageInfo();
