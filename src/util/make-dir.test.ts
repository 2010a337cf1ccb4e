import { existsSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { useTempDirs } from '../../test/helpers/temp-dirs.ts';
import { makeDir, makeDirSync } from './make-dir.ts';

const tempDir = useTempDirs('dsk-make-dir-');

describe.each([
  ['makeDir', (dir: string, mode?: number) => makeDir(dir, mode)],
  ['makeDirSync', async (dir: string, mode?: number) => makeDirSync(dir, mode)],
] as const)('%s', (_name, make) => {
  it('makes every missing level with the mode given, and accepts a folder that exists', async () => {
    const root = tempDir();
    const deep = path.join(root, 'a', 'b', 'c');
    await make(deep, 0o700);
    expect(statSync(deep).isDirectory()).toBe(true);
    expect(statSync(path.join(root, 'a')).mode & 0o777).toBe(0o700);
    await make(deep);
    await make(root);
  });

  it('fails with ENOTDIR where a file stands for the folder, and under one (the path goes through a file)', async () => {
    const file = path.join(tempDir(), 'file');
    writeFileSync(file, '');
    await expect(make(file)).rejects.toMatchObject({ code: 'ENOTDIR', path: file, message: `ENOTDIR: not a directory, mkdir '${file}'` });
    await expect(make(path.join(file, 'sub'))).rejects.toMatchObject({ code: 'ENOTDIR' });
  });

  it.runIf(existsSync('/proc/self'))('fails, instead of looping, where a level exists but refuses its child (/proc)', async () => {
    await expect(make('/proc/datastore-kit-none/reports')).rejects.toMatchObject({ code: 'ENOENT' });
  });
});
