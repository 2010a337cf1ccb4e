// Extracts run from cron, timers and CI schedules: one run per output at a time (a lock naming the pid), stale
// locks taken over, complete outputs of a job skipped on rerun, template typos refused, older dated files pruned.
import { createServer } from 'node:http';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../src/cli/main.ts';
import { startReferenceServer, type ReferenceServer } from '../../src/index.ts';
import { captureIo } from '../helpers/captured-io.ts';
import { serveOnFreePort, type TestServer } from '../helpers/http-server.ts';

let server: ReferenceServer;
let dir: string;

beforeAll(async () => {
  server = await startReferenceServer({ fixturesDir: 'fixtures', port: 0 });
  dir = await mkdtemp(join(tmpdir(), 'dsk-schedule-'));
});

afterAll(async () => {
  await server.close();
  await rm(dir, { recursive: true, force: true });
});

/** A proxy that holds every answer until `open()` is called, so a run can be caught in the middle. */
async function startGate(upstream: string): Promise<TestServer & { open(): void; requests(): number }> {
  let release: () => void = () => undefined;
  const opened = new Promise<void>((resolve) => {
    release = resolve;
  });
  let requests = 0;
  const gate = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', async () => {
      // why: only the extract's action calls (POST) wait; the pre-flight (GET status_show) passes
      if (req.method === 'POST') {
        requests += 1;
        await opened;
      }
      const answer = await fetch(`${upstream}${req.url ?? '/'}`, {
        method: req.method ?? 'GET',
        headers: { 'content-type': req.headers['content-type'] ?? 'application/json' },
        ...(req.method === 'POST' ? { body: Buffer.concat(chunks) } : {}),
      });
      res.writeHead(answer.status, { 'content-type': answer.headers.get('content-type') ?? 'application/json' });
      res.end(Buffer.from(await answer.arrayBuffer()));
    });
  });
  return { ...(await serveOnFreePort(gate)), open: () => release(), requests: () => requests };
}

async function waitFor(check: () => Promise<boolean>, what: string): Promise<void> {
  const deadline = Date.now() + 20_000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setImmediate(resolve));
  }
}

const exists = (path: string): Promise<boolean> =>
  readFile(path).then(
    () => true,
    () => false,
  );

describe('extract locks', () => {
  it('refuses a second extract to the same output with exit 3 naming the pid, while the first finishes with every row', async () => {
    const gate = await startGate(server.url);
    const out = join(dir, 'locked', 'courses.csv');
    try {
      const first = captureIo(dir, { CI: 'true' });
      const running = main(['extract', '--target', gate.url, '--resource', 'courses', '--out', out, '--page-size', '50'], first.io);
      await waitFor(async () => (await exists(`${out}.lock`)) && gate.requests() > 0, 'the first extract to hold the lock');
      const second = captureIo(dir, { CI: 'true' });
      expect(await main(['extract', '--target', server.url, '--resource', 'courses', '--out', out], second.io)).toBe(3);
      expect(second.stderr()).toContain(`another extract is writing it (pid ${process.pid} on ${hostname()}`);
      gate.open();
      expect(await running).toBe(0);
      expect(first.stdout()).toMatch(/^wrote 260 rows to /);
      expect((await readFile(out, 'utf8')).trimEnd().split('\n')).toHaveLength(261);
      expect(await exists(`${out}.lock`)).toBe(false);
      expect(await exists(`${out}.checkpoint.json`)).toBe(false);
    } finally {
      gate.open();
      await gate.close();
    }
  });

  it('takes over a stale lock (its process is gone) with a line saying so', async () => {
    const out = join(dir, 'stale.csv');
    // why: pids are below 2^22 on Linux, so this one never runs
    await writeFile(`${out}.lock`, JSON.stringify({ pid: 4_194_999, host: hostname(), startedAt: '2026-01-01T00:00:00.000Z' }));
    const run = captureIo(dir, { CI: 'true' });
    expect(await main(['extract', '--target', server.url, '--resource', 'measurements', '--out', out], run.io)).toBe(0);
    expect(run.stderr()).toContain(`took over the stale lock of pid 4194999 on ${hostname()}`);
    expect(await exists(`${out}.lock`)).toBe(false);
  });
});

describe('extract jobs on a schedule', () => {
  it('skips a complete extract on rerun, runs it again with --force or when its file changed', async () => {
    const jobDir = await mkdtemp(join(dir, 'rerun-'));
    const file = join(jobDir, 'job.yaml');
    await writeFile(file, [`target: ${server.url}`, 'extracts:', '  - { name: m, resource: measurements, out: "out/m.csv" }', ''].join('\n'));
    const runJob = async (...flags: string[]) => {
      const run = captureIo(jobDir, { CI: 'true' });
      expect(await main(['extract', '--job', file, ...flags], run.io)).toBe(0);
      return run.stdout();
    };
    expect(await runJob()).toMatch(/ok {5}m: 180 rows -> .*out\/m\.csv/);
    expect(await runJob()).toMatch(/skip {3}m: .*out\/m\.csv is complete \(180 rows, sha256 matches its manifest; --force reruns it\)/);
    expect(await runJob('--force')).toMatch(/ok {5}m: 180 rows/);
    await writeFile(join(jobDir, 'out', 'm.csv'), 'damaged\n');
    expect(await runJob()).toMatch(/ok {5}m: 180 rows/);
    const manifest: unknown = JSON.parse(await readFile(join(jobDir, 'out', 'm.csv.manifest.json'), 'utf8'));
    expect(manifest).toMatchObject({ output: { file: 'm.csv' } });
  });

  it('refuses a template typo in a job or in --out, naming it (exit 2)', async () => {
    const file = join(dir, 'typo.yaml');
    await writeFile(file, [`target: ${server.url}`, 'extracts:', '  - { name: m, resource: measurements, out: "out/{nam}-{date}.csv" }', ''].join('\n'));
    const job = captureIo(dir, { CI: 'true' });
    expect(await main(['extract', '--job', file], job.io)).toBe(2);
    expect(job.stderr()).toMatch(/typo\.yaml:3:\d+ \/extracts\/0\/out has an unknown template \{nam\}; use \{date\}, \{datetime\}, \{name\} \(E_JOB_INVALID\)/);
    const single = captureIo(dir, { CI: 'true' });
    expect(await main(['extract', '--target', server.url, '--resource', 'staff', '--out', 'x-{dat}.csv'], single.io)).toBe(2);
    expect(single.stderr()).toBe('--out has an unknown template {dat}; use {date}, {datetime}, {name} (E_USAGE)\n');
  });

  it('keeps the newest N files of a dated extract with --keep and removes older ones with their manifests', async () => {
    const folder = await mkdtemp(join(dir, 'keep-'));
    for (const day of ['2026-01-01', '2026-01-02', '2026-01-03']) {
      await writeFile(join(folder, `measurements-${day}.csv`), 'old\n');
      await writeFile(join(folder, `measurements-${day}.csv.manifest.json`), '{}');
    }
    await writeFile(join(folder, 'other-2026-01-01.csv'), 'not this extract\n');
    const run = captureIo(folder, { CI: 'true' });
    expect(await main(['extract', '--target', server.url, '--resource', 'measurements', '--out', '{name}-{date}.csv', '--keep', '2'], run.io)).toBe(0);
    const today = new Date().toISOString().slice(0, 10);
    expect((await readdir(folder)).filter((name) => !name.startsWith('.datastore-kit-')).sort()).toEqual(
      [
        'other-2026-01-01.csv',
        'measurements-2026-01-03.csv',
        'measurements-2026-01-03.csv.manifest.json',
        `measurements-${today}.csv`,
        `measurements-${today}.csv.manifest.json`,
      ].sort(),
    );
    expect(run.stderr()).toMatch(/kept the newest 2, removed 2 older/);
  });
});
