import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { useTempDirs } from '../helpers/temp-dirs.ts';
import { discoverCaseFiles } from '../../src/catalogue/discover.ts';
import { isKitError } from '../../src/errors.ts';

const tempDir = useTempDirs('dsk-discover-');
function tree(files: readonly string[]): string {
  const dir = tempDir();
  for (const file of files) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), 'cases: []\n');
  }
  return dir;
}

async function messageOf(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    if (isKitError(error)) return error.message;
    throw error;
  }
  return '';
}

describe('discoverCaseFiles', () => {
  it('lists case files in order, skipping hidden entries, node_modules, schemas and other files', async () => {
    const dir = tree(['b.yaml', 'a/z.yml', 'a/y.json', '.hidden/x.yaml', 'a/.x.yaml', 'node_modules/p/c.yaml', 'case.schema.json', 'notes.txt']);
    expect((await discoverCaseFiles(dir)).files).toEqual(['a/y.json', 'a/z.yml', 'b.yaml']);
  });

  it('counts a symlinked case file, and never enters a symlinked folder (a link back up would not end)', async () => {
    const dir = tree(['a/one.yaml']);
    symlinkSync(path.join(dir, 'a', 'one.yaml'), path.join(dir, 'linked.yaml'));
    symlinkSync(dir, path.join(dir, 'a', 'loop'));
    expect((await discoverCaseFiles(dir)).files).toEqual(['a/one.yaml', 'linked.yaml']);
  });

  it('stops with an input error past the entry limit, naming the location', async () => {
    const dir = tree(['a/1.yaml', 'a/2.yaml', 'b/3.yaml']);
    const message = await messageOf(discoverCaseFiles(dir, '.', 4));
    expect(message).toContain('holds more than 4 files and folders; name the catalogue folder');
    expect(message).toContain(dir);
  });
});
