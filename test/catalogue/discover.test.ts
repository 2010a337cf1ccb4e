import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { discoverCaseFiles } from '../../src/catalogue/discover.ts';
import { isKitError } from '../../src/errors.ts';

const dirs: string[] = [];
function tree(files: readonly string[]): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'dsk-discover-'));
  dirs.push(dir);
  for (const file of files) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), 'cases: []\n');
  }
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

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
