import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { commitStagedFiles, stageFileAtomic, writeFileAtomic } from './atomic-write.ts';

let dir = '';
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'atomic-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('writeFileAtomic', () => {
  it('writes strings, bytes and chunk sources, leaving no temp file', async () => {
    await writeFileAtomic(join(dir, 'a.txt'), 'héllo');
    await writeFileAtomic(join(dir, 'b.bin'), new Uint8Array([1, 2, 3]));
    async function* chunks(): AsyncIterable<string> {
      yield 'one,';
      yield 'two';
    }
    await writeFileAtomic(join(dir, 'c.txt'), chunks());
    expect(await readFile(join(dir, 'a.txt'), 'utf8')).toBe('héllo');
    expect([...(await readFile(join(dir, 'b.bin')))]).toEqual([1, 2, 3]);
    expect(await readFile(join(dir, 'c.txt'), 'utf8')).toBe('one,two');
    expect((await readdir(dir)).sort()).toEqual(['a.txt', 'b.bin', 'c.txt']);
  });

  it('writes a string of many megabytes through one buffer, never splitting a character', async () => {
    // why: 2^20 - 1 ASCII bytes put the first emoji's four bytes across the end of the first 1 MiB buffer
    const text = `${'a'.repeat((1 << 20) - 1)}${'😀é'.repeat(300_000)}end`;
    await writeFileAtomic(join(dir, 'big.txt'), text);
    const written = await readFile(join(dir, 'big.txt'));
    expect(written.equals(Buffer.from(text, 'utf8'))).toBe(true);
  });

  it('gathers many small chunks and large ones, strings and bytes, into the exact bytes given', async () => {
    const chunks: (string | Uint8Array)[] = [];
    for (let n = 0; n < 20_000; n++) chunks.push(n % 3 === 0 ? Buffer.from(`b${n}é,`) : `s${n}😀,`);
    chunks.push(new Uint8Array(3 << 20).fill(0x61), 'tail');
    await writeFileAtomic(join(dir, 'mixed.txt'), chunks);
    const expected = Buffer.concat(chunks.map((chunk) => (typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : chunk)));
    expect((await readFile(join(dir, 'mixed.txt'))).equals(expected)).toBe(true);
  });

  it('replaces an existing file whole', async () => {
    const path = join(dir, 'r.json');
    await writeFile(path, 'old content that is longer');
    await writeFileAtomic(path, 'new');
    expect(await readFile(path, 'utf8')).toBe('new');
  });

  it('leaves the old file and no partial or temp file when the data source fails mid-way', async () => {
    const path = join(dir, 'report.json');
    await writeFile(path, 'previous report');
    async function* failing(): AsyncIterable<string> {
      yield 'partial data '.repeat(10_000);
      throw new Error('source broke');
    }
    await expect(writeFileAtomic(path, failing())).rejects.toThrow('source broke');
    expect(await readFile(path, 'utf8')).toBe('previous report');
    expect(await readdir(dir)).toEqual(['report.json']);
  });

  it('creates no file at all when a first write fails', async () => {
    const path = join(dir, 'new.json');
    async function* failing(): AsyncIterable<string> {
      yield '{';
      throw new Error('boom');
    }
    await expect(writeFileAtomic(path, failing())).rejects.toThrow('boom');
    expect(await readdir(dir)).toEqual([]);
  });

  it('fails when the directory does not exist', async () => {
    await expect(writeFileAtomic(join(dir, 'missing', 'x.txt'), 'x')).rejects.toMatchObject({ code: 'ENOENT' });
  });
});

describe('stageFileAtomic and commitStagedFiles', () => {
  it('puts nothing in place until committed, then every file at once', async () => {
    await writeFile(join(dir, 'a.txt'), 'old a');
    const a = await stageFileAtomic(join(dir, 'a.txt'), 'new a');
    const b = await stageFileAtomic(join(dir, 'b.txt'), ['new ', 'b']);
    expect(await readFile(join(dir, 'a.txt'), 'utf8')).toBe('old a');
    expect((await readdir(dir)).filter((name) => !name.endsWith('.tmp'))).toEqual(['a.txt']);
    await commitStagedFiles([a, b]);
    expect(await readFile(join(dir, 'a.txt'), 'utf8')).toBe('new a');
    expect(await readFile(join(dir, 'b.txt'), 'utf8')).toBe('new b');
    expect((await readdir(dir)).sort()).toEqual(['a.txt', 'b.txt']);
  });

  it('leaves the old file and no temp file when discarded', async () => {
    await writeFile(join(dir, 'a.txt'), 'old a');
    const a = await stageFileAtomic(join(dir, 'a.txt'), 'new a');
    await a.discard();
    expect(await readFile(join(dir, 'a.txt'), 'utf8')).toBe('old a');
    expect(await readdir(dir)).toEqual(['a.txt']);
  });

  it('commits the others and rethrows when one cannot be put in place, leaving no temp file', async () => {
    // why: a folder where the file should go makes that rename fail (EISDIR)
    await mkdir(join(dir, 'taken'));
    const good = await stageFileAtomic(join(dir, 'good.txt'), 'good');
    const bad = await stageFileAtomic(join(dir, 'taken'), 'bad');
    await expect(commitStagedFiles([bad, good])).rejects.toThrow(/EISDIR|EEXIST|ENOTEMPTY/);
    expect(await readFile(join(dir, 'good.txt'), 'utf8')).toBe('good');
    expect((await readdir(dir)).sort()).toEqual(['good.txt', 'taken']);
  });

  it('removes the temp file and rethrows when the data source fails', async () => {
    async function* failing(): AsyncIterable<string> {
      yield 'partial';
      throw new Error('source broke');
    }
    await expect(stageFileAtomic(join(dir, 'a.txt'), failing())).rejects.toThrow('source broke');
    expect(await readdir(dir)).toEqual([]);
  });
});
