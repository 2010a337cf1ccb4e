// Bench: reference server start on the PostgreSQL engine against `psql \copy` of the same CSV into a plain table
// plus the same indexes (primary key on _id, GIN over the rows' full text), same server, same run. Goal: a cold
// start (fixtures loaded) within 1.2x of that; a warm start (same fixtures, database reused) far below it. Measured
// at 100k rows and at 1M rows (the size the goal was set at): fixed costs weigh more in the smaller start.
// The cluster is started the way the tests do (test/helpers/postgres-cluster.ts).
// Run: `npm run bench:server-start -- [rows,rows...]` (default 100000,1000000; the 1M start takes about 80 s).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startReferenceServer } from '../src/index.ts';
import { loadFixtures } from '../src/server/fixtures/index.ts';
import { findPostgres, findPostgresBinDir } from '../test/helpers/postgres.ts';
import { writeGeneratedTable } from './lib/generated-table.ts';
import { createBenchReport } from './lib/result.ts';

const rowCounts = (process.argv[2] ?? '100000,1000000').split(',').map(Number);
const resourceId = '0d0d0d0d-1111-4222-8333-444455556666';

/** psql: a plain table, \copy of the CSV, then a primary key and a GIN index over the same full text. */
function timePsqlCopy(binDir: string, serverUrl: string, csv: string): number {
  const psql = (args: string[]): void => {
    execFileSync(join(binDir, 'psql'), ['-X', '-q', '-v', 'ON_ERROR_STOP=1', ...args]);
  };
  psql(['-d', serverUrl, '-c', 'DROP DATABASE IF EXISTS bench_copy', '-c', 'CREATE DATABASE bench_copy']);
  const url = serverUrl.replace(/\/postgres$/, '/bench_copy');
  const start = performance.now();
  psql([
    '-d',
    url,
    '-c',
    'CREATE TABLE t ("_id" serial, title text, credits int4, fee numeric, updated timestamp, online bool)',
    '-c',
    `\\copy t (title, credits, fee, updated, online) FROM '${csv}' WITH (FORMAT csv, HEADER)`,
    '-c',
    'ALTER TABLE t ADD PRIMARY KEY ("_id")',
    // why: timestamp text depends on settings, so PostgreSQL wants the index expression wrapped as immutable
    '-c',
    `CREATE FUNCTION ft(text, int4, numeric, timestamp, bool) RETURNS tsvector IMMUTABLE LANGUAGE sql
      AS $$ SELECT to_tsvector('english', concat_ws(' ', $1, $2, $3, $4, $5)) $$`,
    '-c',
    'CREATE INDEX ON t USING gin (ft(title, credits, fee, updated, online))',
  ]);
  return performance.now() - start;
}

async function timeStart(fixturesDir: string, databaseUrl: string, reloadDatabase: boolean): Promise<number> {
  const start = performance.now();
  const server = await startReferenceServer({ fixturesDir, databaseUrl, port: 0, reloadDatabase });
  const ms = performance.now() - start;
  await server.close();
  return ms;
}

const found = findPostgres();
const binDir = findPostgresBinDir();
if (!found.available || binDir === undefined) {
  console.log(`bench:server-start needs PostgreSQL: ${found.available ? 'no psql' : found.reason}`);
  process.exit(0);
}
const cluster = await found.start();
const report = createBenchReport('server-start', {
  title: 'reference server start on PostgreSQL vs psql \\copy + same indexes',
  sizes: { rows: rowCounts.join(',') },
});
try {
  for (const rowCount of rowCounts) await measure(rowCount, binDir);
  await report.finish();
} finally {
  await cluster.stop();
}

/** The figures and goals of one size, named by it. */
async function measure(rowCount: number, psqlDir: string): Promise<void> {
  const fixtures = mkdtempSync(join(tmpdir(), 'dsk-bench-start-'));
  try {
    writeGeneratedTable(fixtures, resourceId, rowCount);
    console.log(`server start with ${rowCount} rows on PostgreSQL`);
    const copyMs = timePsqlCopy(psqlDir, cluster.url, join(fixtures, 'big.csv'));
    const parseStart = performance.now();
    await loadFixtures(fixtures);
    const parseMs = performance.now() - parseStart;
    const coldMs = await timeStart(fixtures, cluster.url, true);
    const warmMs = await timeStart(fixtures, cluster.url, false);
    const rows = rowCount >= 1_000_000 && rowCount % 1_000_000 === 0 ? `${rowCount / 1_000_000}M rows` : `${rowCount / 1000}k rows`;
    const copy = report.figure(`${rows}: psql \\copy + primary key + GIN index`, copyMs, 'ms');
    const cold = report.figure(`${rows}: server start, fixtures loaded (cold)`, coldMs, 'ms');
    const warm = report.figure(`${rows}: server start, same fixtures (database reused)`, warmMs, 'ms');
    report.figure(`${rows}: of which reading and checking the CSV in Node`, parseMs, 'ms');
    report.goal({ name: `${rows}: cold start vs \\copy + indexes`, subject: cold, baseline: copy, op: '<=', limit: 1.2 });
    report.goal({ name: `${rows}: warm start vs \\copy + indexes`, subject: warm, baseline: copy, op: '<=', limit: 1.2 });
  } finally {
    rmSync(fixtures, { recursive: true, force: true });
  }
}
