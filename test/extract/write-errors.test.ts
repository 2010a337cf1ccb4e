// Files that cannot be written while an extract runs: the part file past the size the process may write (ulimit -f:
// EFBIG, as a full disk's ENOSPC, for any user), a lock in a place the pre-check cannot see is unwritable (/sys as
// root). Each is exit 3 with one line naming the path and the cause, never exit 70 with a stack; the rows written
// before are kept and --resume finishes once the file can be written.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLI_BIN } from '../helpers/cli-bundle.ts';
import { spawnCli } from '../helpers/spawn-cli.ts';
import { startTypedTarget, type TypedTarget } from './typed-target.ts';

const RESOURCE = 'write-errors';
const FIELDS = [
  { id: '_id', type: 'int' },
  { id: 'label', type: 'text' },
];
// why: 1,500-byte rows, two a page: the first page fits the 4,096 bytes `ulimit -f 8` allows, the second does not
const ROWS = Array.from({ length: 6 }, (_, index) => ({ _id: String(index + 1), label: JSON.stringify(`${index + 1}`.padEnd(1500, 'x')) }));

let dir: string;
let target: TypedTarget;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'dsk-write-errors-'));
  target = await startTypedTarget({ resourceId: RESOURCE, fields: FIELDS, rows: ROWS });
});

afterAll(async () => {
  await target.close();
  await rm(dir, { recursive: true, force: true });
});

/** Runs the CLI with the size of the files it may write limited to `blocks` of 512 bytes. */
function runLimited(blocks: number, args: readonly string[]): Promise<{ code: number | null; stderr: string }> {
  const child = spawn('sh', ['-c', `ulimit -f ${blocks} && exec "$0" "$@"`, process.execPath, CLI_BIN, ...args], {
    env: { ...process.env, CI: '1', NO_COLOR: '1' },
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve) => child.once('close', (code) => resolve({ code, stderr })));
}

const extractArgs = (out: string): string[] => ['extract', '--target', target.url, '--resource', RESOURCE, '--out', out, '--page-size', '2'];

describe('extract where a file cannot be written', () => {
  it('exits 3 with one line naming the part file and EFBIG mid-extract, keeps the first page, and --resume finishes', async () => {
    const out = join(dir, 'limited.csv');
    const { code, stderr } = await runLimited(8, extractArgs(out));
    expect(code, stderr).toBe(3);
    const lines = stderr.trim().split('\n');
    expect(lines.at(-1)).toBe(
      `${out}: cannot write ${out}.part: EFBIG (file too large); the 2 rows written before are kept in ${out}.part: once it can be written, rerun with --resume to continue (E_ENV)`,
    );
    expect(stderr).not.toMatch(/\n\s+at /);
    expect((await readdir(dir)).sort()).toEqual(['limited.csv.checkpoint.json', 'limited.csv.part']);
    const resumed = spawnCli([...extractArgs(out), '--resume']);
    expect(await resumed.exit, resumed.stderr()).toBe(0);
    const text = await readFile(out, 'utf8');
    expect(text.split('\n').map((line) => line.slice(0, 4))).toEqual(['_id,', '1,1x', '2,2x', '3,3x', '4,4x', '5,5x', '6,6x', '']);
    expect(text).toHaveLength(10 + 6 * (2 + 1500 + 1));
  });

  it.runIf(process.getuid?.() === 0 && existsSync('/sys/kernel'))(
    'exits 3 with one line when the lock cannot be made where the pre-check passes (/sys as root)',
    async () => {
      const out = `/sys/kernel/dsk-write-errors-${process.pid}.csv`;
      const cli = spawnCli(extractArgs(out));
      expect(await cli.exit).toBe(3);
      expect(cli.stderr()).toMatch(
        /^\/sys\/kernel\/dsk-write-errors-\d+\.csv: cannot write \/sys\/kernel\/\.dsk-write-errors-\d+\.csv\.lock-\S+: EACCES \(permission denied\) \(E_ENV\)\n$/,
      );
    },
  );
});
