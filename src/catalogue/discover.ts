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
export async function discoverCaseFiles(location: string, cwd = '.'): Promise<DiscoveredFiles> {
  const absolute = path.resolve(cwd, location);
  const info = await stat(absolute).catch((error: unknown) => {
    const problem = { file: location, pointer: '', message: 'no such file or folder' };
    throw new InputError(KitErrorCode.caseInvalid, [problem], { cause: error });
  });
  if (info.isFile()) {
    return { root: path.dirname(absolute), files: [path.basename(absolute)], displayBase: path.dirname(location) };
  }
  const entries = await readdir(absolute, { recursive: true });
  const candidates = entries
    .map((entry) => entry.split(path.sep).join('/'))
    .filter((entry) => CASE_FILE.test(entry) && !entry.endsWith('.schema.json') && !isIgnored(entry));
  const files: string[] = [];
  for (const candidate of candidates) {
    if ((await stat(path.join(absolute, candidate))).isFile()) files.push(candidate);
  }
  return { root: absolute, files: files.sort(), displayBase: location };
}

function isIgnored(relative: string): boolean {
  return relative.split('/').some((segment) => segment.startsWith('.') || segment === 'node_modules');
}
