import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { isKitError } from '../errors.ts';
import { createFileBaselineStore } from './store.ts';

let dir: string | undefined;
afterEach(async () => {
  if (dir !== undefined) await rm(dir, { recursive: true, force: true });
});

describe('createFileBaselineStore', () => {
  it('writes a file with its folders, reads it back, and reads nothing for an absent file', async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'dsk-store-'));
    const store = createFileBaselineStore(path.join(dir, 'b'), 'b');
    expect(await store.read('a/x/get-api.json')).toBeUndefined();
    await store.write('a/x/get-api.json', '{}\n');
    expect(await store.read('a/x/get-api.json')).toBe('{}\n');
    expect(await readdir(path.join(dir, 'b', 'a', 'x'))).toEqual(['get-api.json']);
  });

  it('throws E_ENV when a file cannot be written, and refuses a path out of the folder', async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'dsk-store-'));
    await writeFile(path.join(dir, 'file'), 'not a folder');
    const store = createFileBaselineStore(path.join(dir, 'file'), 'file');
    const error: unknown = await store.write('a/get-api.json', '{}').catch((e: unknown) => e);
    expect(isKitError(error) && error.code === 'E_ENV' && error.exitCode === 3).toBe(true);
    expect(String(error)).toContain('cannot write the baseline file/a/get-api.json');
    await expect(store.read('../outside.json')).rejects.toThrow('baseline file outside the baseline folder');
  });
});
