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
 * Lists case files under `location` (a folder, or one case file). Skips hidden entries, node_modules and
 * `*.schema.json` (the published schema lives beside the cases). A missing location is an input error.
 */
export async function discoverCaseFiles(location: string): Promise<DiscoveredFiles> {
  const info = await stat(location).catch((error: unknown) => {
    const problem = { file: location, pointer: '', message: 'no such file or folder' };
    throw new InputError(KitErrorCode.caseInvalid, [problem], { cause: error });
  });
  if (info.isFile()) {
    const folder = path.dirname(location);
    return { root: path.resolve(folder), files: [path.basename(location)], displayBase: folder };
  }
  const entries = await readdir(location, { recursive: true });
  const candidates = entries
    .map((entry) => entry.split(path.sep).join('/'))
    .filter((entry) => CASE_FILE.test(entry) && !entry.endsWith('.schema.json') && !isIgnored(entry));
  const files: string[] = [];
  for (const candidate of candidates) {
    if ((await stat(path.join(location, candidate))).isFile()) files.push(candidate);
  }
  return { root: path.resolve(location), files: files.sort(), displayBase: location };
}

function isIgnored(relative: string): boolean {
  return relative.split('/').some((segment) => segment.startsWith('.') || segment === 'node_modules');
}
