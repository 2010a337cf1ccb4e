import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { copyForInstance, ensureCachedDir, resolveCacheRoot } from './pglite-cache.ts';

const root = mkdtempSync(join(tmpdir(), 'dsk-cache-test-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

async function writeMarker(dir: string, text: string): Promise<void> {
  await mkdir(dir, { recursive: true });
  writeFileSync(join(dir, 'marker'), text);
}

describe('resolveCacheRoot', () => {
  it('prefers the option, then DATASTORE_KIT_CACHE_DIR, then node_modules/.cache under cwd', () => {
    expect(resolveCacheRoot('/opt/c', { DATASTORE_KIT_CACHE_DIR: '/env/c' })).toBe('/opt/c');
    expect(resolveCacheRoot(undefined, { DATASTORE_KIT_CACHE_DIR: '/env/c' })).toBe('/env/c');
    expect(resolveCacheRoot(undefined, {})).toBe(join(process.cwd(), 'node_modules', '.cache', 'datastore-kit', 'pglite'));
  });
});

describe('ensureCachedDir', () => {
  it('builds once and reuses the dir afterwards', async () => {
    let builds = 0;
    const build = async (dir: string): Promise<void> => {
      builds += 1;
      await writeMarker(dir, 'one');
    };
    const first = await ensureCachedDir(root, 'k1', build);
    const second = await ensureCachedDir(root, 'k1', build);
    expect([first.built, second.built, builds]).toEqual([true, false, 1]);
    expect(readFileSync(join(first.dir, 'marker'), 'utf8')).toBe('one');
  });

  it('lets concurrent builders race: one wins, the others reuse it, no temp dirs remain', async () => {
    const results = await Promise.all(['a', 'b', 'c'].map((text) => ensureCachedDir(root, 'k2', (dir) => writeMarker(dir, text))));
    expect(results.filter((r) => r.built)).toHaveLength(1);
    const winner = readFileSync(join(root, 'k2', 'marker'), 'utf8');
    expect(['a', 'b', 'c']).toContain(winner);
    expect(readdirSync(root).filter((name) => name.startsWith('.build-'))).toEqual([]);
  });

  it('leaves nothing behind when the build fails', async () => {
    const failing = ensureCachedDir(root, 'k3', async (dir) => {
      await writeMarker(dir, 'half');
      throw new Error('boom');
    });
    await expect(failing).rejects.toThrow('boom');
    expect(existsSync(join(root, 'k3'))).toBe(false);
    expect(readdirSync(root).filter((name) => name.startsWith('.build-'))).toEqual([]);
  });
});

describe('copyForInstance', () => {
  it('copies the dir to a private temp dir and deletes it on release', async () => {
    const { dir: source } = await ensureCachedDir(root, 'k4', (dir) => writeMarker(dir, 'src'));
    const instance = await copyForInstance(source);
    expect(instance.dir).not.toBe(source);
    expect(readFileSync(join(instance.dir, 'marker'), 'utf8')).toBe('src');
    await instance.release();
    expect(existsSync(instance.dir)).toBe(false);
    expect(existsSync(source)).toBe(true);
  });
});
