// Bench: extract rows/s from the reference server on the PostgreSQL engine against `psql \copy` of the same table
// from the same server, in the same run (goal: extract >= 0.5x \copy), against the server's own /datastore/dump
// of the table (goal: a csv extract, which reads that dump in slices by default, >= 0.9x, best of 3 each; by the
// manifest's clock and for the whole process, start-up included), and the extract's peak RSS (flat in table size). Server and extract run as CLI processes, as a user runs them; the cluster is started the way the tests do
// (test/helpers/postgres-cluster.ts). The extract runs sequentially and with `--parallel 4`, which must write the same file,
// with --no-dump, first against the server as CKAN 2.11 (SQL keyset pages, JSON records), then as CKAN 2.12, where a CSV extract pages
// by next_page with records_format=csv (PostgreSQL's COPY text, no JSON round trip). Without PostgreSQL binaries the
// bench says so and stops.
// Run: `npm run bench:extract -- [rows] [pageSize]` (defaults 200000, 10000; 1M rows take a few minutes). Builds
// dist/ first (DSK_BENCH_NO_BUILD=1 skips it).
import { type ChildProcess, execFileSync, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { findPostgres, findPostgresBinDir } from '../test/helpers/postgres.ts';
import { writeGeneratedTable } from './lib/generated-table.ts';
import { createBenchReport } from './lib/result.ts';

const rowCount = Number(process.argv[2] ?? 200_000);
const pageSize = Number(process.argv[3] ?? 10_000);
/** Requests in flight for the `--parallel` runs. */
const PARALLEL = 4;
const resourceId = '0c0c0c0c-1111-4222-8333-444455556666';
const root = fileURLToPath(new URL('../', import.meta.url));
// why: the built CLI (bin/ runs the bundle), as a user runs it; built first unless DSK_BENCH_NO_BUILD=1
const cli = [join(root, 'bin/datastore-kit.js')];
if (process.env['DSK_BENCH_NO_BUILD'] !== '1') execFileSync('npm', ['run', '--silent', 'build'], { cwd: root, stdio: 'inherit' });

/** Starts `datastore-kit serve` on the PostgreSQL engine and resolves its URL once it is ready. */
function startServer(fixtures: string, databaseUrl: string, ckanVersion: string): Promise<{ url: string; stop(): Promise<void> }> {
  const args = ['serve', '--fixtures', fixtures, '--database-url', databaseUrl, '--port', '0', '--ckan-version', ckanVersion];
  const child = spawn(process.execPath, [...cli, ...args], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const url = /listening on (http:\/\/\S+)/.exec(out)?.[1];
      if (url !== undefined) resolve({ url, stop: () => stopChild(child) });
    });
    child.once('exit', (code) => reject(new Error(`serve exited with ${code}: ${out}`)));
  });
}

function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  return exited;
}

/** Runs the extract CLI under /usr/bin/time: wall time, the manifest's rows and the process's peak RSS. */
function runExtract(url: string, out: string, extra: readonly string[]): { ms: number; wallMs: number; rows: number; rssMb: number; sha256: string } {
  const args = [
    '-f',
    '%M',
    process.execPath,
    ...cli,
    'extract',
    '--target',
    url,
    '--resource',
    resourceId,
    '--out',
    out,
    '--page-size',
    String(pageSize),
    ...extra,
  ];
  const started = performance.now();
  const ran = spawnSync('/usr/bin/time', args, { encoding: 'utf8' });
  const wallMs = performance.now() - started;
  if (ran.status !== 0) throw new Error(`extract failed: ${ran.stderr}`);
  const manifest = JSON.parse(readFileSync(`${out}.manifest.json`, 'utf8')) as {
    rows: number;
    startedAt: string;
    finishedAt: string;
    output: { sha256: string };
  };
  const rssKb = Number(ran.stderr.trim().split('\n').at(-1));
  // why: from the manifest's clock, so tsx's start-up (about a second) is not counted against the extract
  const ms = Date.parse(manifest.finishedAt) - Date.parse(manifest.startedAt);
  return { ms, wallMs, rows: manifest.rows, rssMb: rssKb / 1024, sha256: manifest.output.sha256 };
}

/** Downloads `/datastore/dump/<id>?format=csv` of the table as a user's curl would: wall time to the last byte. */
async function timeDump(url: string): Promise<{ ms: number; rows: number }> {
  const start = performance.now();
  const response = await fetch(`${url}/datastore/dump/${resourceId}?format=csv`);
  const body = await response.text();
  const ms = performance.now() - start;
  if (response.status !== 200) throw new Error(`dump answered ${response.status}`);
  return { ms, rows: body.split('\n').length - 2 };
}

/** The best (fastest) of `n` runs. */
async function bestOf<T extends { ms: number }>(n: number, run: (index: number) => T | Promise<T>): Promise<T> {
  const runs: T[] = [];
  for (let index = 0; index < n; index += 1) runs.push(await run(index));
  return runs.reduce((a, b) => (b.ms < a.ms ? b : a));
}

function timePsqlCopy(binDir: string, databaseUrl: string, out: string): number {
  const columns = '"_id", title, credits, fee, updated, online';
  const command = `\\copy (SELECT ${columns} FROM "${resourceId}" ORDER BY "_id") TO '${out}' WITH (FORMAT csv, HEADER)`;
  const start = performance.now();
  execFileSync(join(binDir, 'psql'), ['-X', '-q', '-d', databaseUrl, '-c', command]);
  return performance.now() - start;
}

const found = findPostgres();
const binDir = findPostgresBinDir();
if (!found.available || binDir === undefined) {
  console.log(`bench:extract needs PostgreSQL: ${found.available ? 'no psql' : found.reason}`);
  process.exit(0);
}
const cluster = await found.start();
const fixtures = mkdtempSync(join(tmpdir(), 'dsk-bench-extract-fixtures-'));
const outDir = mkdtempSync(join(tmpdir(), 'dsk-bench-extract-out-'));
writeGeneratedTable(fixtures, resourceId, rowCount);
let server: Awaited<ReturnType<typeof startServer>> | undefined;
try {
  server = await startServer(fixtures, cluster.url, '2.11');
  const databaseUrl = cluster.url.replace(/\/postgres$/, '/datastore_kit');
  console.log(`extract of ${rowCount} rows, ${pageSize} rows a page, reference server on PostgreSQL (${server.url})`);
  const copyMs = timePsqlCopy(binDir, databaseUrl, join(outDir, 'copy.csv'));
  const report = createBenchReport('extract', { title: 'extract rows/s vs psql \\copy (reference server on PostgreSQL)', sizes: { rows: rowCount, pageSize } });
  const copyRate = report.figure('psql \\copy (same table, same server)', (rowCount * 1000) / copyMs, 'rows/s');
  const rss: number[] = [];
  /** Extracts twice sequentially and twice with --parallel (the best of two each), reports both, and checks the files agree. */
  const measure = (url: string, label: string, goalName: string): void => {
    // why: the best of two, so the server's first, cold page rendering (and a burst of load elsewhere) counts less
    const best = (runs: ReturnType<typeof runExtract>[]) => runs.reduce((a, b) => (b.ms < a.ms ? b : a));
    const tag = goalName.replaceAll(/\W+/g, '-');
    // why: --no-dump: these runs measure paging by the API (a csv extract reads the dump by default)
    const serialRuns = [1, 2].map((n) => runExtract(url, join(outDir, `${tag}-serial-${n}.csv`), ['--no-dump']));
    const parallelRuns = [1, 2].map((n) => runExtract(url, join(outDir, `${tag}-parallel-${n}.csv`), ['--no-dump', '--parallel', String(PARALLEL)]));
    const [serial, parallel] = [best(serialRuns), best(parallelRuns)];
    rss.push(...[...serialRuns, ...parallelRuns].map((run) => run.rssMb));
    const serialRate = report.figure(`extract to csv (${label})`, (serial.rows * 1000) / serial.ms, 'rows/s');
    const parallelRate = report.figure(`extract to csv, --parallel ${PARALLEL} (${label}, _id ranges)`, (parallel.rows * 1000) / parallel.ms, 'rows/s');
    report.goal({ name: `${goalName} vs psql \\copy`, subject: serialRate, baseline: copyRate, op: '>=', limit: 0.5 });
    report.goal({ name: `${goalName} --parallel ${PARALLEL} vs psql \\copy`, subject: parallelRate, baseline: copyRate, op: '>=', limit: 0.5 });
    if (parallel.sha256 !== serial.sha256)
      report.note(`${label}: the --parallel ${PARALLEL} file differs from the sequential one (sha256 ${parallel.sha256} vs ${serial.sha256})`);
    if (serial.rows !== rowCount) report.note(`${label}: the extract wrote ${serial.rows} rows, not ${rowCount}`);
  };
  measure(server.url, 'CKAN 2.11: sql-keyset paging, JSON records', 'extract');
  // why: what a data team compares with: the target's own /datastore/dump of the same table (best of 3 each)
  const dump = await bestOf(3, () => timeDump(server?.url ?? ''));
  const dumpRate = report.figure('/datastore/dump/<id>?format=csv of the reference server (CKAN 2.11)', (dump.rows * 1000) / dump.ms, 'rows/s');
  // why: a csv extract reads the dump by default, two slices at once; --parallel 1 is one slice at a time
  const viaDump = await bestOf(3, (n) => runExtract(server?.url ?? '', join(outDir, `dump-${n}.csv`), []));
  const viaDumpRate = report.figure('extract to csv, default (CKAN 2.11: /datastore/dump slices, two at once)', (viaDump.rows * 1000) / viaDump.ms, 'rows/s');
  report.goal({ name: 'extract (dump) vs /datastore/dump', subject: viaDumpRate, baseline: dumpRate, op: '>=', limit: 0.9 });
  // why: what a user waits for: the process from its start (Node, module loading, pre-flight) to its exit
  const wholeProcess = await bestOf(3, (n) => {
    const run = runExtract(server?.url ?? '', join(outDir, `dump-wall-${n}.csv`), []);
    return { ...run, ms: run.wallMs };
  });
  const wholeRate = report.figure('extract to csv, default, whole process (start-up included)', (wholeProcess.rows * 1000) / wholeProcess.ms, 'rows/s');
  report.goal({ name: 'extract (dump), whole process vs /datastore/dump', subject: wholeRate, baseline: dumpRate, op: '>=', limit: 0.9 });
  const viaDumpSerial = await bestOf(3, (n) => runExtract(server?.url ?? '', join(outDir, `dump-serial-${n}.csv`), ['--parallel', '1']));
  report.figure('extract to csv, --parallel 1 (CKAN 2.11: one dump slice at a time)', (viaDumpSerial.rows * 1000) / viaDumpSerial.ms, 'rows/s');
  if (viaDumpSerial.sha256 !== viaDump.sha256)
    report.note(`extract --parallel 1 wrote another file than the default (sha256 ${viaDumpSerial.sha256} vs ${viaDump.sha256})`);
  report.goal({ name: 'extract (dump) vs psql \\copy', subject: viaDumpRate, baseline: copyRate, op: '>=', limit: 0.5 });
  if (viaDump.rows !== rowCount) report.note(`extract (dump) wrote ${viaDump.rows} rows, not ${rowCount}`);
  if (dump.rows !== rowCount) report.note(`/datastore/dump gave ${dump.rows} rows, not ${rowCount}`);
  await server.stop();
  // why: the same database, reused (same fixtures), answered as CKAN 2.12
  server = await startServer(fixtures, cluster.url, '2.12');
  measure(server.url, 'CKAN 2.12: next-page paging, csv records', 'extract (CKAN 2.12)');
  report.figure('extract peak RSS', Math.max(...rss), 'MB');
  await report.finish();
} finally {
  await server?.stop();
  await cluster.stop();
  rmSync(fixtures, { recursive: true, force: true });
  rmSync(outDir, { recursive: true, force: true });
}
