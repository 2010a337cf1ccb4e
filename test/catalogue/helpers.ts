// Writes small scenario catalogues to temporary folders and loads them, for the catalogue tests.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { isKitError } from '../../src/errors.ts';

/** Creates a temporary folder holding `files` (relative path -> text); returns its path and a cleanup. */
export async function writeTree(files: Readonly<Record<string, string>>): Promise<{ dir: string; remove: () => Promise<void> }> {
  const dir = await mkdtemp(path.join(tmpdir(), 'dsk-catalogue-'));
  for (const [name, text] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(dir, name)), { recursive: true });
    await writeFile(path.join(dir, name), text);
  }
  return { dir, remove: () => rm(dir, { recursive: true, force: true }) };
}

/** Runs `action`, expecting a KitError; returns its message lines with `dir/` removed. */
export async function errorLines(action: () => Promise<unknown>, dir: string): Promise<string[]> {
  try {
    await action();
  } catch (error) {
    if (!isKitError(error)) throw error;
    return error.message.split('\n').map((line) => line.replaceAll(`${dir}${path.sep}`, ''));
  }
  throw new Error('expected a KitError, but the action succeeded');
}

/** A minimal valid case as YAML lines (indented for a `cases:` list), with extra lines appended. */
export function caseYaml(id: string, extra = ''): string {
  return [
    `  - id: ${id}`,
    `    title: Case ${id}`,
    `    spec: ["api.md#4.1"]`,
    `    class: search.core`,
    `    request: { action: datastore_search, params: { resource_id: x } }`,
    `    expect: { status: 200 }`,
    ...(extra === '' ? [] : [extra]),
  ].join('\n');
}
