import { mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../src/cli/main.ts';
import { captureIo } from '../helpers/captured-io.ts';
import { extractJob, startReferenceServer, type ReferenceServer } from '../../src/index.ts';
import { expandTemplate } from '../../src/extract/index.ts';

let server: ReferenceServer;
let dir: string;

beforeAll(async () => {
  server = await startReferenceServer({ fixturesDir: 'fixtures', port: 0, config: { apiTokens: ['job-token'] } });
  dir = await mkdtemp(join(tmpdir(), 'dsk-job-'));
});

afterAll(async () => {
  await server.close();
  await rm(dir, { recursive: true, force: true });
});

describe('extract --job', () => {
  it('runs every extract, keeps going past a failing one, and exits 1 naming it', async () => {
    const jobDir = await mkdtemp(join(dir, 'a-'));
    const file = join(jobDir, 'extracts.yaml');
    await writeFile(
      file,
      [
        `target: ${server.url}`,
        'concurrency: 2',
        'defaults: { format: jsonl, pageSize: 40, tokenEnv: JOB_TOKEN }',
        'extracts:',
        '  - { name: courses, resource: courses, out: "out/{name}-{date}.jsonl" }',
        '  - { name: staff, resource: staff, format: csv, out: "out/staff.csv" }',
        '  - { name: missing, resource: nope, out: "out/missing.jsonl" }',
        '',
      ].join('\n'),
    );
    const { io, stdout, stderr } = captureIo(process.cwd(), { CI: 'true', JOB_TOKEN: 'job-token' });
    const code = await main(['extract', '--job', file], io);
    expect(code).toBe(1);
    expect(stdout()).toMatch(/ok {5}courses: 260 rows/);
    expect(stdout()).toMatch(/ok {5}staff: 12 rows/);
    expect(stdout()).toMatch(/FAILED missing: .*404 Not found: Resource "nope" was not found/);
    expect(stdout()).toContain('2 of 3 extracts succeeded');
    const files = await readdir(join(jobDir, 'out'));
    expect(files).toContain(`courses-${new Date().toISOString().slice(0, 10)}.jsonl`);
    expect(files.some((f) => f.startsWith('missing'))).toBe(false);
    expect(stdout() + stderr()).not.toContain('job-token');
  });

  it('resolves --out and --job against the folder the CLI runs in (io.cwd), not the process folder', async () => {
    const work = await mkdtemp(join(dir, 'cwd-'));
    await writeFile(join(work, 'job.yaml'), ['extracts:', '  - { name: staff, resource: staff, format: csv, out: "out/job-staff.csv" }', ''].join('\n'));
    const single = captureIo(work, { CI: 'true' });
    expect(await main(['extract', '--reference', '--resource', 'staff', '--out', 'staff.csv'], single.io)).toBe(0);
    expect(single.stdout()).toMatch(/^wrote 12 rows to staff\.csv \(/);
    const job = captureIo(work, { CI: 'true' });
    expect(await main(['extract', '--reference', '--job', 'job.yaml'], job.io)).toBe(0);
    // why: the summary of each run (for the next run's drift check) is a hidden file beside the output
    expect((await readdir(work)).filter((name) => !name.startsWith('.datastore-kit-')).sort()).toEqual([
      'job.yaml',
      'out',
      'staff.csv',
      'staff.csv.manifest.json',
    ]);
    expect(await readdir(join(work, 'out'))).toContain('job-staff.csv');
  });

  it('reports every problem of a malformed job file with file:line:col and exits 2', async () => {
    const file = join(dir, 'bad.yaml');
    await writeFile(file, ['extracts:', '  - name: a', '    out: a.csv', '    format: xml', '    resorce: x', ''].join('\n'));
    const { io, stderr } = captureIo(process.cwd(), { CI: 'true' });
    expect(await main(['extract', '--job', file], io)).toBe(2);
    expect(stderr()).toContain(`${file}:4:13 /extracts/0/format must be one of csv, tsv, jsonl, json, parquet, got "xml" (E_JOB_INVALID)`);
    expect(stderr()).toMatch(/bad\.yaml:5:5 .*resorce/);
  });

  it('rejects two extracts writing the same file, naming both, before extracting anything (exit 2)', async () => {
    const jobDir = await mkdtemp(join(dir, 'dup-'));
    const file = join(jobDir, 'extracts.yaml');
    await writeFile(
      file,
      [
        `target: ${server.url}`,
        'extracts:',
        '  - { name: first, resource: courses, out: "out/{date}.csv" }',
        '  - { name: second, resource: measurements, out: "out/../out/{date}.csv" }',
        '  - { name: third, resource: staff, out: "out/{name}.csv" }',
        '',
      ].join('\n'),
    );
    const { io, stdout, stderr } = captureIo(process.cwd(), { CI: 'true' });
    expect(await main(['extract', '--job', file], io)).toBe(2);
    const line =
      '/extracts/1/out extracts "first" (out: out/{date}.csv) and "second" (out: out/../out/{date}.csv) write the same file: give each its own out (E_JOB_INVALID)';
    expect(stderr()).toMatch(new RegExp(`^${file}:4:\\d+ `));
    expect(stderr().endsWith(`${line}\n`)).toBe(true);
    expect(stderr().split('\n')).toHaveLength(2);
    expect(stdout()).toBe('');
    expect(await readdir(jobDir)).toEqual(['extracts.yaml']);
  });

  it('runs a job against the bundled reference server with --reference', async () => {
    const file = join(dir, 'ref.yaml');
    await writeFile(file, ['extracts:', '  - { name: m, resource: measurements, format: csv, out: ref-out/m.csv }', ''].join('\n'));
    const outcomes = await extractJob({ file, env: {}, reference: { fixturesDir: 'fixtures' } });
    expect(outcomes).toEqual([expect.objectContaining({ name: 'm', ok: true })]);
    expect((await readFile(join(dir, 'ref-out', 'm.csv'), 'utf8')).trimEnd().split('\n')).toHaveLength(181);
  });

  it.each([
    ['out/{name}-{date}.csv', 'out/x-2026-11-22.csv'],
    ['{datetime}/x.csv', '20261122T031500Z/x.csv'],
  ])('expands %s', (template, expected) => {
    expect(expandTemplate(template, 'x', Date.parse('2026-11-22T03:15:00Z'))).toBe(expected);
  });
});
