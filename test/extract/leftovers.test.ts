// Every state an interrupted extract can leave on disk gets an answer: resume, finish, or a one-line refusal
// naming --resume or --restart. States a kill -9 leaves are built on disk as the kill would leave them.
import { mkdtemp, readdir, readFile, rename, rm, stat, truncate, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { extract, startReferenceServer, type Manifest, type ReferenceServer } from '../../src/index.ts';
import { checkpointPath, partPath } from '../../src/extract/index.ts';
import { sourceIdentity, specKey } from '../../src/extract/checkpoint.ts';
import { startProxy } from './proxy.ts';

let server: ReferenceServer;
let dir: string;

beforeAll(async () => {
  server = await startReferenceServer({ fixturesDir: 'fixtures', port: 0 });
  dir = await mkdtemp(join(tmpdir(), 'dsk-leftovers-'));
});

afterAll(async () => {
  await server.close();
  await rm(dir, { recursive: true, force: true });
});

const exists = (path: string): Promise<boolean> =>
  stat(path).then(
    () => true,
    () => false,
  );

/** Leaves `out` as an interrupted extract: a part file and a checkpoint after a few pages, and no output. */
async function interrupt(out: string): Promise<void> {
  const proxy = await startProxy(server.url, { intercept: (call, body) => (call > 6 && body.includes('LIMIT') ? { status: 500, body: '"boom"' } : undefined) });
  try {
    await expect(
      extract({ source: { target: proxy.url }, resource: 'courses', format: 'csv', dump: false, out, pageSize: 20, http: { retries: 0 } }),
    ).rejects.toThrow(/rerun with --resume/);
  } finally {
    await proxy.close();
  }
  expect(await exists(partPath(out))).toBe(true);
  expect(await exists(checkpointPath(out))).toBe(true);
}

/** The whole file, extracted without interruption, for comparison. */
async function whole(name: string): Promise<Buffer> {
  const reference = join(dir, `${name}.reference.csv`);
  await extract({ source: { target: server.url }, resource: 'courses', format: 'csv', dump: false, out: reference, pageSize: 20 });
  return readFile(reference);
}

/** The checkpoint as finish() leaves it just before the rename: the whole file recorded in `finished`. */
async function writeFinishedCheckpoint(out: string, done: Manifest, sha256: string): Promise<void> {
  const spec = { target: { baseUrl: server.url }, resource: 'courses', format: 'csv', dump: false, gzip: false, out, pageSize: 20, resume: true } as const;
  const checkpoint = {
    version: 2,
    specKey: specKey(spec, done.source.resourceId),
    source: { target: server.url, identity: sourceIdentity(spec.target) },
    method: done.paging.method,
    columns: done.columns,
    cursor: { lastId: '260', offset: 260 },
    rows: done.rows,
    bytes: done.output.bytes - 1,
    pages: done.paging.pages,
    pageSizeUsed: 20,
    finished: { bytes: done.output.bytes, sha256 },
    startedAt: done.startedAt,
  };
  await writeFile(checkpointPath(out), JSON.stringify(checkpoint));
}

const resume = (out: string, target = server.url): Promise<Manifest> =>
  extract({ source: { target }, resource: 'courses', format: 'csv', dump: false, out, pageSize: 20, resume: true });

describe('extract leftovers', () => {
  it('refuses a rerun without --resume instead of discarding the rows written, and keeps them', async () => {
    const out = join(dir, 'rerun.csv');
    await interrupt(out);
    const rows = (JSON.parse(await readFile(checkpointPath(out), 'utf8')) as { rows: number }).rows;
    await expect(extract({ source: { target: server.url }, resource: 'courses', format: 'csv', dump: false, out, pageSize: 20 })).rejects.toThrow(
      expect.objectContaining({
        code: 'E_RESUME',
        message: `${out}: an unfinished extract (${rows} rows) is waiting in ${out}.part; rerun with --resume to continue it, or with --restart to discard it and start over`,
      }),
    );
    expect(await exists(partPath(out))).toBe(true);
    const manifest = await resume(out);
    expect(manifest).toMatchObject({ rows: 260, resumed: true });
    expect((await readFile(out)).equals(await whole('rerun'))).toBe(true);
  });

  it('resumes with another page size and records the one this run used, not a lowering that did not happen', async () => {
    const out = join(dir, 'resized.csv');
    await interrupt(out);
    const manifest = await extract({ source: { target: server.url }, resource: 'courses', format: 'csv', dump: false, out, pageSize: 100, resume: true });
    expect(manifest.paging).toMatchObject({ pageSize: 100, pageSizeUsed: 100 });
    expect(manifest.warnings.join('\n')).not.toMatch(/lowered/);
    expect((await readFile(out)).equals(await whole('resized'))).toBe(true);
  });

  it('starts over with --restart, discarding the part file and checkpoint', async () => {
    const out = join(dir, 'restart.csv');
    await interrupt(out);
    const manifest = await extract({ source: { target: server.url }, resource: 'courses', format: 'csv', dump: false, out, pageSize: 20, restart: true });
    expect(manifest).toMatchObject({ rows: 260, resumed: false });
    expect((await readFile(out)).equals(await whole('restart'))).toBe(true);
  });

  it.each([
    [
      'a missing part file',
      (out: string) => rm(partPath(out)),
      /^cannot resume .*missing\.csv: .*missing\.csv\.part is missing \(the checkpoint expects \d+ bytes, \d+ rows\); rerun with --restart to discard it and start over$/,
    ],
    [
      'a short part file',
      (out: string) => truncate(partPath(out), 10),
      /^cannot resume .*short\.csv: .*short\.csv\.part has 10 bytes but the checkpoint recorded \d+ \(the file was cut or replaced\); rerun with --restart/,
    ],
    [
      'a checkpoint that is not JSON',
      (out: string) => writeFile(checkpointPath(out), '{"version": 2, "rows'),
      /^cannot resume .*garbled\.csv: .*garbled\.csv\.checkpoint\.json is not JSON; rerun with --restart/,
    ],
  ])('refuses to resume over %s with one line naming --restart, then --restart completes', async (name, damage, message) => {
    const out = join(dir, `${name === 'a missing part file' ? 'missing' : name === 'a short part file' ? 'short' : 'garbled'}.csv`);
    await interrupt(out);
    await damage(out);
    const refused: unknown = await resume(out).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(refused).toMatchObject({ code: 'E_RESUME', exitCode: 2, message: expect.stringMatching(message) });
    expect(refused).not.toMatchObject({ message: expect.stringContaining('\n') });
    const manifest = await extract({ source: { target: server.url }, resource: 'courses', format: 'csv', dump: false, out, pageSize: 20, restart: true });
    expect(manifest.rows).toBe(260);
  });

  it.each([
    ['before the manifest was written', false],
    ['after the manifest was written', true],
  ])('finishes the bookkeeping when killed between the rename and the checkpoint removal (%s)', async (_name, withManifest) => {
    const out = join(dir, `renamed-${String(withManifest)}.csv`);
    const done = await extract({ source: { target: server.url }, resource: 'courses', format: 'csv', dump: false, out, pageSize: 20 });
    if (!withManifest) await rm(`${out}.manifest.json`);
    await writeFinishedCheckpoint(out, done, done.output.sha256);
    const manifest = await resume(out);
    expect(manifest).toMatchObject({ rows: 260, resumed: true, output: { sha256: done.output.sha256, bytes: done.output.bytes } });
    expect(await exists(checkpointPath(out))).toBe(false);
    expect(JSON.parse(await readFile(`${out}.manifest.json`, 'utf8'))).toMatchObject({ rows: 260, output: { sha256: done.output.sha256 } });
  });

  it('refuses a finished checkpoint whose file is not the one in place, and moves a finished part file into place', async () => {
    const out = join(dir, 'not-that-file.csv');
    const done = await extract({ source: { target: server.url }, resource: 'courses', format: 'csv', dump: false, out, pageSize: 20 });
    await writeFinishedCheckpoint(out, done, '0'.repeat(64));
    await expect(resume(out)).rejects.toThrow(
      /its checkpoint says the extract finished, but neither .*not-that-file\.csv nor .*not-that-file\.csv\.part is the file it wrote; rerun with --restart/,
    );
    // killed after recording the finished file but before the rename: the file is still the part file
    await writeFinishedCheckpoint(out, done, done.output.sha256);
    await rename(out, partPath(out));
    expect(await resume(out)).toMatchObject({ rows: 260, output: { sha256: done.output.sha256 } });
    expect(await exists(partPath(out))).toBe(false);
    expect(await exists(out)).toBe(true);
  });

  it('resumes across a trailing slash and a new port of the same host, and says so in the manifest', async () => {
    const out = join(dir, 'moved.csv');
    await interrupt(out);
    const manifest = await resume(out, `${server.url}/`);
    expect(manifest).toMatchObject({ rows: 260, resumed: true });
    expect(manifest.warnings.join('\n')).toMatch(
      /its checkpoint was made against http:\/\/127\.0\.0\.1:\d+ \(same host and path, so taken as the same server\)/,
    );
    expect((await readFile(out)).equals(await whole('moved'))).toBe(true);
  });

  it('refuses to resume against another host before sending anything, naming both', async () => {
    const out = join(dir, 'other-host.csv');
    await interrupt(out);
    await expect(resume(out, `http://localhost:1/`)).rejects.toThrow(
      /its checkpoint was made against http:\/\/127\.0\.0\.1:\d+, not http:\/\/localhost:1\/; another host may be another server with other rows, so continue with --target http:\/\/127\.0\.0\.1:\d+, or rerun with --restart/,
    );
    expect((await resume(out)).rows).toBe(260);
  });

  it('removes the hidden temp files a kill leaves beside the checkpoint and manifest', async () => {
    const out = join(dir, 'temps.csv');
    const stale = ['.temps.csv.checkpoint.json.0123456789ab.tmp', '.temps.csv.manifest.json.ba9876543210.tmp'];
    for (const name of [...stale, '.temps.csv.checkpoint.json.keep']) await writeFile(join(dir, name), '{');
    await extract({ source: { target: server.url }, resource: 'courses', format: 'csv', dump: false, out, pageSize: 100 });
    const names = await readdir(dir);
    expect(names.filter((name) => name.startsWith('.temps.csv'))).toEqual(['.temps.csv.checkpoint.json.keep']);
  });
});
