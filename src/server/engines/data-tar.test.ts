import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { readDirAsTar } from './data-tar.ts';

const made: string[] = [];
afterEach(() => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'dsk-data-tar-'));
  made.push(dir);
  return dir;
}

/** Every folder and file under `dir`, with each file's bytes in hex: what must survive a round trip. */
function snapshot(dir: string): Record<string, string> {
  const found: Record<string, string> = {};
  for (const name of readdirSync(dir, { recursive: true, encoding: 'utf8' }).sort()) {
    const file = join(dir, name);
    found[name] = statSync(file).isDirectory() ? 'folder' : readFileSync(file).toString('hex');
  }
  return found;
}

describe('readDirAsTar', () => {
  it('packs folders (empty ones too) and files (empty, small, over a record) as GNU tar unpacks them', async () => {
    const dir = tempDir();
    mkdirSync(join(dir, 'base/1'), { recursive: true });
    mkdirSync(join(dir, 'pg_tblspc'));
    writeFileSync(join(dir, 'PG_VERSION'), '17\n');
    writeFileSync(join(dir, 'base/1/empty'), '');
    writeFileSync(join(dir, 'base/1/1259'), Buffer.from(Array.from({ length: 8192 + 3 }, (_, i) => (i * 7) % 256)));
    const tar = await readDirAsTar(dir, { maxBytes: 1024 * 1024 });
    // six headers, one record of PG_VERSION, 17 of the 8,195 bytes, two empty records at the end
    expect(tar?.size).toBe(512 * (6 + 1 + 17 + 2));
    const file = join(tempDir(), 'data.tar');
    writeFileSync(file, Buffer.from(await (tar ?? new Blob([])).arrayBuffer()));
    const unpacked = tempDir();
    execFileSync('tar', ['-xf', file, '-C', unpacked]);
    expect(snapshot(unpacked)).toEqual(snapshot(dir));
  });

  it('leaves out the files it is told to, keeping their folders', async () => {
    const dir = tempDir();
    mkdirSync(join(dir, 'base/1'), { recursive: true });
    writeFileSync(join(dir, 'base/1/1259'), 'template');
    writeFileSync(join(dir, 'PG_VERSION'), '17\n');
    const tar = await readDirAsTar(dir, { maxBytes: 1024, omit: (name) => name.startsWith('base/1/') });
    const file = join(tempDir(), 'data.tar');
    writeFileSync(file, Buffer.from(await (tar ?? new Blob([])).arrayBuffer()));
    expect(execFileSync('tar', ['-tf', file], { encoding: 'utf8' }).trim().split('\n').sort()).toEqual(['PG_VERSION', 'base/', 'base/1/']);
  });

  it('gives undefined for a dir whose files hold more than the limit, or with a name a ustar header cannot hold', async () => {
    const big = tempDir();
    writeFileSync(join(big, 'a'), Buffer.alloc(600));
    writeFileSync(join(big, 'b'), Buffer.alloc(600));
    expect(await readDirAsTar(big, { maxBytes: 1199 })).toBeUndefined();
    expect(await readDirAsTar(big, { maxBytes: 1200 })).toBeInstanceOf(Blob);
    expect(await readDirAsTar(big, { maxBytes: 600, omit: (name) => name === 'b' })).toBeInstanceOf(Blob);
    const long = tempDir();
    writeFileSync(join(long, 'x'.repeat(120)), 'data');
    expect(await readDirAsTar(long, { maxBytes: 1024 * 1024 })).toBeUndefined();
  });
});
