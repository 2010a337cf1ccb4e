// bin/datastore-kit.js hands V8 a code cache of the bundle: the first start saves it, later starts use it (V8
// accepts it only for the same bundle text and flags), and any trouble with it only costs the compile. The loader
// runs here from a package folder of its own whose dist/cli-bundle is the bundle of the current sources (never the
// repository's possibly stale dist/), with TMPDIR pointing at a fresh folder so the cache is this test's alone.
import { spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLI_BIN } from '../helpers/cli-bundle.ts';

const root = path.resolve(import.meta.dirname, '../..');
let pkg: string;
let temp: string;

beforeAll(() => {
  // why under node_modules/.cache: the bundle's packages (pg, ajv's runtime) resolve from there, as from an install
  const parent = path.join(root, 'node_modules', '.cache', 'datastore-kit');
  mkdirSync(parent, { recursive: true });
  pkg = mkdtempSync(path.join(parent, 'code-cache-'));
  cpSync(path.join(root, 'bin'), path.join(pkg, 'bin'), { recursive: true });
  cpSync(path.dirname(CLI_BIN), path.join(pkg, 'dist', 'cli-bundle'), { recursive: true });
  writeFileSync(path.join(pkg, 'package.json'), JSON.stringify({ type: 'module' }));
});

afterAll(() => {
  rmSync(pkg, { recursive: true, force: true });
});

function freshTemp(): string {
  temp = mkdtempSync(path.join(pkg, 'tmp-'));
  return temp;
}

function start(args: readonly string[], env: NodeJS.ProcessEnv = {}): { status: number | null; stdout: string; stderr: string } {
  const ran = spawnSync(process.execPath, [path.join(pkg, 'bin', 'datastore-kit.js'), ...args], {
    cwd: pkg,
    encoding: 'utf8',
    env: { ...process.env, TMPDIR: temp, NO_COLOR: '1', ...env },
  });
  return { status: ran.status, stdout: ran.stdout, stderr: ran.stderr };
}

function codeDir(): string {
  const user = typeof process.getuid === 'function' ? String(process.getuid()) : 'user';
  return path.join(temp, `datastore-kit-${user}`, 'code');
}

function entries(): string[] {
  return readdirSync(codeDir()).map((name) => path.join(codeDir(), name));
}

/** Each entry's inode: a saved cache is a new file (temp file + rename), a used one keeps its inode. */
function inodes(): number[] {
  return entries().map((file) => statSync(file).ino);
}

describe('the code cache of the bin loader', () => {
  it('is saved by the first start and used, not rewritten, by the next', () => {
    freshTemp();
    const first = start(['--version']);
    expect(first.status).toBe(0);
    expect(entries()).toHaveLength(1);
    const [entry = ''] = entries();
    expect(statSync(entry).size).toBeGreaterThan(100_000);
    expect(readdirSync(codeDir()).some((name) => name.endsWith('.tmp'))).toBe(false);
    const saved = inodes();
    const second = start(['--version']);
    expect(second).toEqual(first);
    expect(inodes()).toEqual(saved);
  });

  it('keeps a cache of its own for run, whose V8 flags differ, and keeps exit codes and messages', () => {
    freshTemp();
    const args = [
      'run',
      '--target',
      'http://127.0.0.1:9',
      '--profile',
      path.join(root, 'profiles/reference.yaml'),
      '--tag',
      'smoke',
      '--out',
      path.join(temp, 'r'),
    ];
    const first = start(args);
    expect(first.status).toBe(3);
    expect(first.stderr).toContain('is unreachable');
    start(['--version']);
    expect(entries()).toHaveLength(2);
    const saved = inodes();
    expect(start(args)).toEqual(first);
    expect(inodes()).toEqual(saved);
  });

  it('keeps a cache per command, so what one command compiled never weighs on another start', () => {
    freshTemp();
    const list = start(['list', '--tag', 'smoke']);
    expect(list.status).toBe(0);
    expect(start(['--version']).status).toBe(0);
    expect(entries()).toHaveLength(2);
    const [first = '', second = ''] = entries().map((file) => statSync(file).size);
    expect(first).not.toBe(second);
  });

  it('keeps a cache of its own for V8 flags given in NODE_OPTIONS, instead of replacing the other on every start', () => {
    freshTemp();
    const withFlags = { NODE_OPTIONS: '--max-old-space-size=700' };
    const plain = start(['--version']);
    expect(start(['--version'], withFlags)).toEqual(plain);
    expect(entries()).toHaveLength(2);
    const saved = inodes();
    expect(start(['--version'], withFlags)).toEqual(plain);
    expect(start(['--version'])).toEqual(plain);
    expect(inodes()).toEqual(saved);
  });

  it('removes the cache of an earlier build of the bundle when it saves the new one', () => {
    freshTemp();
    start(['--version']);
    const [old = ''] = entries();
    const bundle = path.join(pkg, 'dist', 'cli-bundle', 'bin.cjs');
    // why: a new build is a new file; a new mtime stands for it (same bytes, another cache key)
    const later = new Date(statSync(bundle).mtimeMs + 60_000);
    utimesSync(bundle, later, later);
    start(['--version']);
    expect(entries()).toHaveLength(1);
    expect(entries()[0]).not.toBe(old);
  });

  it('marks a cache as used on each start, and removes one unused for a week when it saves another', () => {
    freshTemp();
    start(['--version']);
    const [used = ''] = entries();
    const old = new Date('2020-01-01T00:00:00Z');
    utimesSync(used, old, old);
    start(['--version']);
    expect(statSync(used).mtime.getUTCFullYear()).toBeGreaterThan(2020);
    const stale = path.join(codeDir(), `${'0'.repeat(24)}-${'1'.repeat(24)}.bin`);
    writeFileSync(stale, 'a cache of flags no longer used');
    utimesSync(stale, old, old);
    start(['--version'], { NODE_OPTIONS: '--max-old-space-size=701' });
    expect(entries()).toHaveLength(2);
    expect(entries()).not.toContain(stale);
    expect(entries()).toContain(used);
  });

  it('replaces a damaged cache with a good one, and the start is unaffected', () => {
    freshTemp();
    const good = start(['--version']);
    const [entry = ''] = entries();
    writeFileSync(entry, 'not a code cache');
    expect(start(['--version'])).toEqual(good);
    expect(statSync(entry).size).toBeGreaterThan(100_000);
    expect(readFileSync(entry).subarray(0, 16).toString()).not.toBe('not a code cache');
  });

  it('does not use a cache folder that is a symlink', () => {
    freshTemp();
    const elsewhere = mkdtempSync(path.join(pkg, 'elsewhere-'));
    mkdirSync(path.dirname(codeDir()), { recursive: true });
    symlinkSync(elsewhere, codeDir());
    const ran = start(['--version']);
    expect(ran.status).toBe(0);
    expect(ran.stdout.trim()).toMatch(/^\d+\.\d+\.\d+/);
    expect(readdirSync(elsewhere)).toEqual([]);
  });

  it('loads the packages the bundle leaves out (libpg-query for SQL) without a warning on stderr', async () => {
    freshTemp();
    const child = spawn(process.execPath, [path.join(pkg, 'bin', 'datastore-kit.js'), 'serve', '--port', '0', '--fixtures', path.join(root, 'fixtures')], {
      cwd: pkg,
      env: { ...process.env, TMPDIR: temp, NO_COLOR: '1' },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
    });
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    try {
      while (!/listening on (http:\/\/\S+)/.test(stdout)) {
        if (child.exitCode !== null) throw new Error(`serve exited: ${stderr}`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      const url = /listening on (http:\/\/\S+)/.exec(stdout)?.[1] ?? '';
      const answer = await fetch(`${url}/api/action/datastore_search_sql?sql=${encodeURIComponent('SELECT 1 AS x')}`);
      expect(answer.status).toBe(200);
      expect(await answer.json()).toMatchObject({ success: true, result: { records: [{ x: 1 }] } });
    } finally {
      child.kill('SIGTERM');
      await once(child, 'exit');
    }
    expect(stderr).toBe('');
  });
});
