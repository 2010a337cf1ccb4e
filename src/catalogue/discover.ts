// Finds the case files of a catalogue: every *.yaml, *.yml and *.json below a folder, in a stable order.
import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { InputError, KitErrorCode } from '../errors.ts';

const CASE_FILE = /\.(ya?ml|json)$/i;

/** The files of a catalogue: `root` (absolute) and the case files as sorted posix paths relative to it. */
export interface DiscoveredFiles {
  root: string;
  files: string[];
  /** The location as given, as the prefix for paths in messages (its folder when it names one file). */
  displayBase: string;
}

/**
 * Lists case files under `location` (a folder, or one case file; relative to `cwd`). Skips hidden entries, node_modules and
 * `*.schema.json` (the published schema lives beside the cases). A missing location is an input error.
 */
export async function discoverCaseFiles(location: string, cwd = '.', maxEntries = MAX_CATALOGUE_ENTRIES): Promise<DiscoveredFiles> {
  const absolute = path.resolve(cwd, location);
  const info = await stat(absolute).catch((error: unknown) => {
    const problem = { file: location, pointer: '', message: 'no such file or folder' };
    throw new InputError(KitErrorCode.caseInvalid, [problem], { cause: error });
  });
  if (info.isFile()) {
    return { root: path.dirname(absolute), files: [path.basename(absolute)], displayBase: path.dirname(location) };
  }
  const files = await listCaseFiles(absolute, location, maxEntries);
  return { root: absolute, files: files.sort(), displayBase: location };
}

/**
 * Most files and folders a catalogue folder may hold (hidden ones and node_modules are not entered): past that the
 * location is not a catalogue (`--cases /`, say), and walking on would take minutes and all the memory there is.
 */
export const MAX_CATALOGUE_ENTRIES = 100_000;

/**
 * The case files under `root`, relative to it. Hidden entries and node_modules are skipped as the walk goes, not
 * listed first; symlinked folders are not entered (a link back up would never end); a symlinked file counts.
 */
async function listCaseFiles(root: string, location: string, maxEntries: number): Promise<string[]> {
  const fail = (message: string, cause?: unknown): never => {
    throw new InputError(KitErrorCode.caseInvalid, [{ file: location, pointer: '', message }], cause === undefined ? {} : { cause });
  };
  const files: string[] = [];
  let entries = 0;
  const walk = async (relative: string): Promise<void> => {
    const dirents = await readdir(path.join(root, relative), { withFileTypes: true }).catch((error: unknown) =>
      fail(`cannot read folder ${relative === '' ? '.' : relative} (${errorCode(error)})`, error),
    );
    const folders: string[] = [];
    for (const dirent of dirents) {
      if (dirent.name.startsWith('.') || dirent.name === 'node_modules') continue;
      entries += 1;
      if (entries > maxEntries) fail(`holds more than ${maxEntries.toLocaleString('en')} files and folders; name the catalogue folder`);
      const entry = relative === '' ? dirent.name : `${relative}/${dirent.name}`;
      if (dirent.isDirectory()) folders.push(entry);
      else if (!CASE_FILE.test(dirent.name) || dirent.name.endsWith('.schema.json')) continue;
      else if (dirent.isFile() || (dirent.isSymbolicLink() && (await isFile(path.join(root, entry))))) files.push(entry);
    }
    await Promise.all(folders.map(walk));
  };
  await walk('');
  return files;
}

async function isFile(file: string): Promise<boolean> {
  return (await stat(file).catch(() => undefined))?.isFile() === true;
}

function errorCode(error: unknown): string {
  return typeof error === 'object' && error !== null && 'code' in error ? String(error.code) : 'unreadable';
}
