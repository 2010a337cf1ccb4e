import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { homedir, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { copyForInstance, copyTree, ensureCachedDir, evictStaleDirs, removeOrphanInstances, resolveCacheRoot } from './pglite-cache.ts';

const root = mkdtempSync(join(tmpdir(), 'dsk-cache-test-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

async function writeMarker(dir: string, text: string): Promise<void> {
  await mkdir(dir, { recursive: true });
  writeFileSync(join(dir, 'marker'), text);
}

describe('resolveCacheRoot', () => {
  it('prefers the option, then DATASTORE_KIT_CACHE_DIR, then node_modules/.cache under a cwd that has node_modules', () => {
    expect(resolveCacheRoot('/opt/c', { DATASTORE_KIT_CACHE_DIR: '/env/c' })).toBe('/opt/c');
    expect(resolveCacheRoot(undefined, { DATASTORE_KIT_CACHE_DIR: '/env/c' })).toBe('/env/c');
    expect(resolveCacheRoot(undefined, {})).toBe(join(process.cwd(), 'node_modules', '.cache', 'datastore-kit', 'pglite'));
  });

  it('uses the user cache folder from a cwd without node_modules, and never creates one there', () => {
    const bare = mkdtempSync(join(root, 'bare-'));
    expect(resolveCacheRoot(undefined, { XDG_CACHE_HOME: '/home/u/.xdg' }, bare)).toBe('/home/u/.xdg/datastore-kit/pglite');
    expect(resolveCacheRoot(undefined, {}, bare)).toBe(join(homedir(), '.cache', 'datastore-kit', 'pglite'));
    // a relative XDG_CACHE_HOME is invalid by the XDG spec and ignored
    expect(resolveCacheRoot(undefined, { XDG_CACHE_HOME: 'rel' }, bare)).toBe(join(homedir(), '.cache', 'datastore-kit', 'pglite'));
    expect(existsSync(join(bare, 'node_modules'))).toBe(false);
  });
});

describe('copyTree', () => {
  it('copies every file and folder, nested and empty ones too, with contents and modes', async () => {
    const source = join(root, 'tree-source');
    await writeMarker(join(source, 'base', '5'), 'relation');
    await mkdir(join(source, 'pg_tblspc'), { recursive: true });
    writeFileSync(join(source, 'PG_VERSION'), '17\n', { mode: 0o600 });
    for (let i = 0; i < 150; i++) writeFileSync(join(source, 'base', '5', `file-${i}`), `content ${i}`);
    const target = join(root, 'tree-target');
    await copyTree(source, target);
    const list = (dir: string): string[] => readdirSync(dir, { recursive: true, encoding: 'utf8' }).sort();
    expect(list(target)).toEqual(list(source));
    expect(readFileSync(join(target, 'base', '5', 'marker'), 'utf8')).toBe('relation');
    expect(readFileSync(join(target, 'base', '5', 'file-149'), 'utf8')).toBe('content 149');
    expect(statSync(join(target, 'pg_tblspc')).isDirectory()).toBe(true);
    expect(statSync(join(target, 'PG_VERSION')).mode & 0o777).toBe(0o600);
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

  it('builds once for concurrent callers: one builds, the others wait and reuse it, no temp dirs or locks remain', async () => {
    const builders: string[] = [];
    const build = async (dir: string, text: string): Promise<void> => {
      builders.push(text);
      await writeMarker(dir, text);
    };
    const results = await Promise.all(['a', 'b', 'c'].map((text) => ensureCachedDir(root, 'k2', (dir) => build(dir, text))));
    expect(results.filter((r) => r.built)).toHaveLength(1);
    expect(builders).toHaveLength(1);
    expect(readFileSync(join(root, 'k2', 'marker'), 'utf8')).toBe(builders[0]);
    expect(readdirSync(root).filter((name) => name.startsWith('.build-') || name.startsWith('.lock-'))).toEqual([]);
  });

  it('waits while a live process holds the lock, then reuses what it built; takes over the lock of one that died', async () => {
    // a holder that is alive (this process's pid, as another process's would be) builds k5 meanwhile
    mkdirSync(join(root, '.lock-k5'));
    writeFileSync(join(root, '.lock-k5', 'pid'), String(process.pid));
    let built = false;
    const waiting = ensureCachedDir(root, 'k5', async () => {
      built = true;
    });
    await writeMarker(join(root, 'k5'), 'other');
    rmSync(join(root, '.lock-k5'), { recursive: true });
    expect(await waiting).toEqual({ dir: join(root, 'k5'), built: false });
    expect([built, readFileSync(join(root, 'k5', 'marker'), 'utf8')]).toEqual([false, 'other']);
    // a lock whose holder is gone (a pid no process has) is taken over
    const dead = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' }).stdout;
    mkdirSync(join(root, '.lock-k6'));
    writeFileSync(join(root, '.lock-k6', 'pid'), dead);
    expect((await ensureCachedDir(root, 'k6', (dir) => writeMarker(dir, 'six'))).built).toBe(true);
    expect(existsSync(join(root, '.lock-k6'))).toBe(false);
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

describe('removeOrphanInstances', () => {
  it("deletes the temp copies of processes that are gone, and keeps those of live ones and this one's", () => {
    // a process that has exited: its pid is free (taken again only after the kernel wraps around)
    const gone = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' });
    const names = [`datastore-kit-pglite-${gone.stdout}-orphan`, `datastore-kit-pglite-${process.ppid}-live`, `datastore-kit-pglite-${process.pid}-mine`];
    const dirs = names.map((name) => join(tmpdir(), name));
    for (const dir of dirs) mkdirSync(join(dir, 'data'), { recursive: true });
    try {
      removeOrphanInstances();
      expect(dirs.map((dir) => existsSync(dir))).toEqual([false, true, true]);
    } finally {
      for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('evictStaleDirs', () => {
  const hourMs = 60 * 60 * 1000;
  const now = Date.UTC(2026, 0, 10);

  async function folderWith(usedHoursAgo: Record<string, number>): Promise<string> {
    const folder = mkdtempSync(join(root, 'evict-'));
    for (const [name, hours] of Object.entries(usedHoursAgo)) {
      await writeMarker(join(folder, name), name);
      const at = new Date(now - hours * hourMs);
      utimesSync(join(folder, name), at, at);
    }
    return folder;
  }

  it('keeps the most recently used dirs and the protected ones, and removes the rest once idle', async () => {
    const folder = await folderWith({ initdb: 50, a: 1, b: 2, c: 3, d: 4, current: 0 });
    const removed = await evictStaleDirs(folder, { keep: 2, protect: ['initdb', 'current'], minIdleMs: hourMs, now });
    expect(removed.sort()).toEqual(['c', 'd']);
    expect(readdirSync(folder).sort()).toEqual(['a', 'b', 'current', 'initdb']);
  });

  it('keeps a dir used within the idle time whatever its rank, and removes builds left behind', async () => {
    const folder = await folderWith({ a: 0.1, b: 0.2, c: 0.3, '.build-x-1-ab': 2, '.build-y-2-cd': 0 });
    expect(await evictStaleDirs(folder, { keep: 1, minIdleMs: hourMs, now })).toEqual(['.build-x-1-ab']);
    expect(readdirSync(folder).sort()).toEqual(['.build-y-2-cd', 'a', 'b', 'c']);
  });

  it('finds nothing to do in a folder that does not exist', async () => {
    expect(await evictStaleDirs(join(root, 'absent'), { keep: 1, minIdleMs: 0, now })).toEqual([]);
  });

  it('counts a reuse by ensureCachedDir as a use', async () => {
    const folder = await folderWith({ old: 10 });
    await ensureCachedDir(folder, 'old', () => Promise.reject(new Error('not rebuilt')));
    expect(Date.now() - statSync(join(folder, 'old')).mtimeMs).toBeLessThan(hourMs);
  });
});
