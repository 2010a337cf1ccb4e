import { mkdir, readdir, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadCatalogue } from '../../src/catalogue/index.ts';
import { caseYaml, errorLines, writeTree } from './helpers.ts';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(cleanups.splice(0).map((remove) => remove()));
});

/** A catalogue folder and an empty cache folder of its own. */
async function setUp(files: Record<string, string>): Promise<{ dir: string; cacheDir: string }> {
  const cases = await writeTree(files);
  const cache = await writeTree({});
  cleanups.push(cases.remove, cache.remove);
  return { dir: cases.dir, cacheDir: path.join(cache.dir, 'catalogue') };
}

const FILE = `defaults:\n  tags: [fast]\ncases:\n${caseYaml('a/one')}\n${caseYaml('a/two', '    tags: [slow]')}\n`;

describe('the catalogue file cache', () => {
  it('serves an unchanged file from the cache with the same cases, positions and merged defaults', async () => {
    const { dir, cacheDir } = await setUp({ 'a.yaml': FILE, 'sub/b.yaml': `cases:\n${caseYaml('b/one')}\n` });
    const first = await loadCatalogue(dir, { cacheDir });
    expect(await readdir(cacheDir)).toHaveLength(2);
    const second = await loadCatalogue(dir, { cacheDir });
    expect(second).toEqual(first);
    expect(second.cases.map((c) => [c.case.id, c.file, c.line, c.case.tags])).toEqual([
      ['a/one', 'a.yaml', 4, ['fast']],
      ['a/two', 'a.yaml', 10, ['fast', 'slow']],
      ['b/one', 'sub/b.yaml', 2, undefined],
    ]);
  });

  it('reads a changed file again: no stale cases', async () => {
    const { dir, cacheDir } = await setUp({ 'a.yaml': FILE });
    await loadCatalogue(dir, { cacheDir });
    await writeFile(path.join(dir, 'a.yaml'), FILE.replace('a/two', 'a/renamed'));
    const again = await loadCatalogue(dir, { cacheDir });
    expect(again.cases.map((c) => c.case.id)).toEqual(['a/one', 'a/renamed']);
  });

  it('still names the file, case and field of a file that became malformed after it was cached', async () => {
    const { dir, cacheDir } = await setUp({ 'a.yaml': FILE });
    await loadCatalogue(dir, { cacheDir });
    await writeFile(path.join(dir, 'a.yaml'), FILE.replace('status: 200', 'status: "200"'));
    const lines = await errorLines(() => loadCatalogue(dir, { cacheDir }), dir);
    expect(lines).toEqual(['a.yaml:9:23 [a/one] /expect/status must be integer (E_CASE_INVALID)']);
    // and again, now that the malformed file has been seen once: problems are never cached
    expect(await errorLines(() => loadCatalogue(dir, { cacheDir }), dir)).toEqual(lines);
  });

  it("removes another build's entries once they are an hour old, when it writes its own", async () => {
    const { dir, cacheDir } = await setUp({ 'a.yaml': FILE });
    await mkdir(cacheDir, { recursive: true });
    const old = new Date(Date.now() - 2 * 60 * 60 * 1000);
    for (const name of ['0123456789abcdef-old.v8', 'an-entry-of-the-first-format.v8', 'fedcba9876543210-recent.v8']) {
      await writeFile(path.join(cacheDir, name), 'x');
      if (!name.includes('recent')) await utimes(path.join(cacheDir, name), old, old);
    }
    await loadCatalogue(dir, { cacheDir });
    // why a wait: the removal runs beside the load, which does not wait for it
    for (let i = 0; i < 50 && (await readdir(cacheDir)).length !== 2; i++) await new Promise((resolve) => setTimeout(resolve, 20));
    const names = await readdir(cacheDir);
    expect(names).toContain('fedcba9876543210-recent.v8');
    expect(names.filter((name) => /^[0-9a-f]{16}-[0-9a-f]{64}\.v8$/.test(name))).toHaveLength(1);
    expect(names).toHaveLength(2);
  });

  it('treats a damaged entry as a miss', async () => {
    const { dir, cacheDir } = await setUp({ 'a.yaml': FILE });
    const first = await loadCatalogue(dir, { cacheDir });
    for (const name of await readdir(cacheDir)) await writeFile(path.join(cacheDir, name), 'not a cache entry');
    expect(await loadCatalogue(dir, { cacheDir })).toEqual(first);
  });

  it('finds duplicate ids across a cached file and a new one', async () => {
    const { dir, cacheDir } = await setUp({ 'a.yaml': FILE });
    await loadCatalogue(dir, { cacheDir });
    await writeFile(path.join(dir, 'b.yaml'), `cases:\n${caseYaml('a/one')}\n`);
    const lines = await errorLines(() => loadCatalogue(dir, { cacheDir }), dir);
    expect(lines).toEqual([
      'a.yaml:4:9 [a/one] /id duplicate case id (also at b.yaml:2:9) (E_CASE_INVALID)',
      'b.yaml:2:9 [a/one] /id duplicate case id (also at a.yaml:4:9) (E_CASE_INVALID)',
    ]);
  });

  it('writes nothing with cacheDir false', async () => {
    const { dir, cacheDir } = await setUp({ 'a.yaml': FILE });
    await loadCatalogue(dir, { cacheDir: false });
    await expect(readdir(cacheDir)).rejects.toThrow();
  });
});
