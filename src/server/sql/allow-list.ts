// The function allow-list: loading the file and CKAN's matching rules.
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';

/** The project's own default list, shipped beside this module. */
export const defaultAllowedFunctionsFile = fileURLToPath(new URL('./allowed-functions.txt', import.meta.url));

/**
 * Turns the lines of an allow-list file into entries as CKAN stores them: trimmed, unquoted
 * entries lower-cased (they match any case), `"quoted"` entries kept as written (exact spelling).
 * Blank lines and lines starting with `#` are skipped (no function name starts with `#`).
 */
export function parseAllowedFunctions(text: string): string[] {
  const entries: string[] = [];
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    if (line === '' || line.startsWith('#')) continue;
    entries.push(isQuoted(line) ? line : line.toLowerCase());
  }
  return entries;
}

let defaultList: Promise<readonly string[]> | undefined;

/** The default list's entries, read once; the same frozen array every time (so its matcher is cached too). */
export function loadDefaultAllowedFunctions(): Promise<readonly string[]> {
  defaultList ??= readFile(defaultAllowedFunctionsFile, 'utf8').then((text) => Object.freeze(parseAllowedFunctions(text)));
  return defaultList;
}

/**
 * Reads an allow-list file (one function name a line; `"quoted"` = case-sensitive).
 * Without `file`, the project's default list (read once and cached).
 */
export async function loadAllowedFunctions(file?: string): Promise<string[]> {
  if (file === undefined) return [...(await loadDefaultAllowedFunctions())];
  return parseAllowedFunctions(await readFile(file, 'utf8'));
}

const matchers = new WeakMap<readonly string[], ReadonlySet<string>>();

/**
 * CKAN's rule: `name` (the function name as written, without quotes) passes if its lower-case
 * form is an unquoted entry, or if `"name"` (exact spelling) is a quoted entry.
 */
export function isFunctionAllowed(name: string, entries: readonly string[]): boolean {
  let set = matchers.get(entries);
  if (set === undefined) {
    // Entries may come from config unnormalised: normalise the same way as the file loader.
    set = new Set(entries.map((e) => e.trim()).map((e) => (isQuoted(e) ? e : e.toLowerCase())));
    matchers.set(entries, set);
  }
  return set.has(name.toLowerCase()) || set.has(`"${name}"`);
}

function isQuoted(entry: string): boolean {
  return entry.length >= 2 && entry.startsWith('"') && entry.endsWith('"');
}
