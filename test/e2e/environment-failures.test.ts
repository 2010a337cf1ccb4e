// End to end: each environment failure a user can meet (a port in use, an engine that cannot start, an extract's
// leftovers that cannot be continued as asked) ends in exit 2 or 3 with one line on stderr, never exit 70 or a
// stack trace. Runs the CLI in-process (main(), as bin.ts does); the spawned tests of each command (serve, run,
// the package's bin) cover the process around it.
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listen } from '../../src/server/listen.ts';
import { createTestApp } from '../server/helpers.ts';
import { runCliInProcess } from '../helpers/captured-io.ts';

let dir: string;
let blocker: { url: string; close(): Promise<void> };

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'dsk-env-failures-'));
  // A regular file: any folder "under" it cannot be made (ENOTDIR), even for root, unlike a permission bit.
  await writeFile(path.join(dir, 'a-file'), 'not a folder');
  blocker = await listen(createTestApp().handle, { port: 0 });
});

afterAll(async () => {
  await blocker.close();
  await rm(dir, { recursive: true, force: true });
});

const brokenCache = (): Record<string, string> => ({ DATASTORE_KIT_CACHE_DIR: path.join(dir, 'a-file', 'cache') });
const engineFailure = /^the reference server cannot start: ENOTDIR: not a directory, mkdir '.*a-file\/cache\/.*' \(E_SERVER_START\)$/;

/** An extract interrupted after a page: a checkpoint of 40 rows and its part file. */
async function leaveUnfinished(out: string, options: { garbled?: boolean } = {}): Promise<void> {
  await mkdir(path.dirname(out), { recursive: true });
  const checkpoint = {
    version: 2,
    specKey: '0123456789abcdef',
    source: { target: 'http://127.0.0.1:1', identity: '127.0.0.1' },
    method: 'sql-keyset',
    columns: [{ id: '_id', type: 'int' }],
    cursor: { lastId: '40', offset: 40 },
    rows: 40,
    bytes: 4,
    pages: 1,
    pageSizeUsed: 40,
    startedAt: '2026-11-23T20:00:00.000Z',
  };
  await writeFile(`${out}.checkpoint.json`, options.garbled === true ? '{"version": 2, "ro' : JSON.stringify(checkpoint));
  await writeFile(`${out}.part`, '_id\n');
}

type Row = [name: string, args: () => Promise<string[]>, env: () => Record<string, string>, exit: 2 | 3, line: RegExp];

const rows: Row[] = [
  [
    'serve: the port is in use',
    async () => ['serve', '--port', new URL(blocker.url).port],
    () => ({}),
    3,
    /^cannot listen on 127\.0\.0\.1:\d+: address already in use \(EADDRINUSE\) \(E_SERVER_START\)$/,
  ],
  ['serve: PGlite cannot start', async () => ['serve', '--port', '0'], brokenCache, 3, engineFailure],
  [
    'extract --reference: PGlite cannot start',
    async () => ['extract', '--reference', '--resource', 'courses', '--out', path.join(dir, 'ref.csv')],
    brokenCache,
    3,
    engineFailure,
  ],
  [
    'run: --out cannot be written',
    async () => ['run', '--target', 'http://127.0.0.1:1', '--allow-empty', '--out', path.join(dir, 'a-file', 'reports')],
    () => ({}),
    3,
    /^cannot write reports to .*a-file\/reports \(ENOTDIR\); pass --out with a writable folder \(E_ENV\)$/,
  ],
  // why: Node's own recursive mkdir loops forever there (a level that exists refuses its child with ENOENT); Linux only
  ...(existsSync('/proc/self')
    ? [
        [
          'run: --out under /proc, where no folder can be made',
          async () => ['run', '--target', 'http://127.0.0.1:1', '--allow-empty', '--out', '/proc/datastore-kit-none/reports'],
          () => ({}),
          3,
          /^cannot write reports to \/proc\/datastore-kit-none\/reports \(ENOENT\); pass --out with a writable folder \(E_ENV\)$/,
        ] satisfies Row,
      ]
    : []),
  [
    'extract: --out under a file (ENOTDIR, not EEXIST)',
    async () => ['extract', '--target', 'http://127.0.0.1:1', '--resource', 'courses', '--out', path.join(dir, 'a-file', 'x.csv')],
    () => ({}),
    3,
    /^--out .*a-file\/x\.csv: cannot write there \(ENOTDIR: .*a-file is a file, not a folder\) \(E_ENV\)$/,
  ],
  // why: root passes access(2) there, and the lock, the extract's first file, is refused (it was exit 70 with a stack)
  ...(existsSync('/sys/kernel')
    ? [
        [
          'extract: --out in a folder that takes no file (/sys/kernel)',
          async () => ['extract', '--target', 'http://127.0.0.1:1', '--resource', 'courses', '--out', '/sys/kernel/datastore-kit-x.csv'],
          () => ({}),
          3,
          /^\/sys\/kernel\/datastore-kit-x\.csv: cannot write \/sys\/kernel\/\.datastore-kit-x\.csv\.lock-\S+: (EACCES|EPERM|EROFS) \(.+\) \(E_ENV\)$/,
        ] satisfies Row,
      ]
    : []),
  ['run --reference: PGlite cannot start', async () => ['run', '--reference', '--out', path.join(dir, 'reports')], brokenCache, 3, engineFailure],
  [
    'extract --resume: the checkpoint is garbled',
    async () => {
      const out = path.join(dir, 'garbled', 'x.csv');
      await leaveUnfinished(out, { garbled: true });
      return ['extract', '--target', 'http://127.0.0.1:1', '--resource', 'courses', '--out', out, '--resume'];
    },
    () => ({}),
    2,
    /^cannot resume .*x\.csv: .*x\.csv\.checkpoint\.json is not JSON; rerun with --restart to discard it and start over \(E_RESUME\)$/,
  ],
  [
    'extract --resume: the part file is short',
    async () => {
      const out = path.join(dir, 'short', 'x.csv');
      await leaveUnfinished(out);
      await writeFile(`${out}.part`, '_');
      return ['extract', '--target', 'http://127.0.0.1:1', '--resource', 'courses', '--out', out, '--resume'];
    },
    () => ({}),
    2,
    /^cannot resume .*x\.csv: .*x\.csv\.part has 1 bytes but the checkpoint recorded 4 \(the file was cut or replaced\); rerun with --restart .*\(E_RESUME\)$/,
  ],
  [
    'extract without --resume: an unfinished extract is waiting',
    async () => {
      const out = path.join(dir, 'waiting', 'x.csv');
      await leaveUnfinished(out);
      return ['extract', '--target', 'http://127.0.0.1:1', '--resource', 'courses', '--out', out];
    },
    () => ({}),
    2,
    /^.*x\.csv: an unfinished extract \(40 rows\) is waiting in .*x\.csv\.part; rerun with --resume to continue it, or with --restart to discard it and start over \(E_RESUME\)$/,
  ],
];

describe('environment failures', () => {
  it.each(rows)('%s: exit 2 or 3 with one line', { timeout: 120_000 }, async (_name, args, env, exit, line) => {
    const { code, stderr } = await runCliInProcess(await args(), { env: env() });
    expect({ code, stderr: stderr.trimEnd() }).toEqual({ code: exit, stderr: expect.stringMatching(line) });
    expect(stderr.endsWith('\n') && stderr.indexOf('\n') === stderr.length - 1).toBe(true);
    expect(stderr).not.toMatch(/^\s+at /m);
    expect(stderr).not.toContain('internal error');
  });
});
