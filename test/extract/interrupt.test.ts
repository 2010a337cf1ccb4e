// Ctrl-C (SIGINT) and SIGTERM on `extract`, sent to the CLI as a user's shell would, after the first page is on disk
// and while the target holds the second: exit 130 with one line saying what was kept and how to continue, the
// lock and every temp file gone, and the next run resumes with no word of a stale lock.
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawnCli, waitFor } from '../helpers/spawn-cli.ts';
import { startTypedTarget } from './typed-target.ts';

const RESOURCE = 'interrupt-rows';
const FIELDS = [
  { id: '_id', type: 'int' },
  { id: 'label', type: 'text' },
];
const ROWS = Array.from({ length: 6 }, (_, index) => ({ _id: String(index + 1), label: `"row ${index + 1}"` }));

let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'dsk-interrupt-'));
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('extract interrupted', () => {
  it.each(['SIGINT', 'SIGTERM'] as const)('on %s exits 130 saying what it kept, leaves no lock or temp file, and resumes', async (signal) => {
    const out = join(dir, `${signal}.csv`);
    const slow = await startTypedTarget({ resourceId: RESOURCE, fields: FIELDS, rows: ROWS, holdAfterPages: 1 });
    try {
      const cli = spawnCli(['extract', '--target', slow.url, '--resource', RESOURCE, '--out', out, '--page-size', '2', '--no-dump']);
      // why: the progress line comes after the first page and its checkpoint are on disk; the second page is held
      await waitFor(() => cli.stderr().includes(' 2/6 rows'), 'the first page to be written');
      cli.child.kill(signal);
      expect(await cli.exit).toBe(130);
      const lines = cli.stderr().trim().split('\n');
      expect(lines.at(-1)).toBe(`interrupted: 2 rows kept in ${out}.part; rerun with --resume`);
      expect(lines.filter((line) => line.startsWith('interrupted'))).toHaveLength(1);
      expect(cli.stderr()).not.toMatch(/\n\s+at /);
      expect((await readdir(dir)).filter((name) => name.startsWith(`.${signal}`) || name.startsWith(signal)).sort()).toEqual([
        `${signal}.csv.checkpoint.json`,
        `${signal}.csv.part`,
      ]);
    } finally {
      await slow.close();
    }
    const target = await startTypedTarget({ resourceId: RESOURCE, fields: FIELDS, rows: ROWS });
    try {
      const rerun = spawnCli(['extract', '--target', target.url, '--resource', RESOURCE, '--out', out, '--page-size', '2', '--no-dump', '--resume']);
      expect(await rerun.exit, rerun.stderr()).toBe(0);
      expect(rerun.stderr()).not.toContain('stale lock');
      expect(rerun.stderr()).toContain('resuming after 2 rows');
      expect(await readFile(out, 'utf8')).toBe(`_id,label\n${ROWS.map((row) => `${row._id},row ${row._id}`).join('\n')}\n`);
    } finally {
      await target.close();
    }
  });
});
