// Bench: the reference server on the PostgreSQL engine under load, against the same SQL sent directly to the same
// PostgreSQL at the same concurrency (the in-run baseline), over a generated 100k-row table:
//   - datastore_search with a filter and a page of 50: the direct side runs the server's own two statements for it
//     (records rendered as JSON inside PostgreSQL, and the exact count behind `total`), built by buildSearchStatements;
//   - datastore_search_sql of one light read: the direct side runs that query.
// The ratio is what the server (HTTP, checks, the read-only transaction, the envelope) costs on top of the database.
// Without PostgreSQL binaries the bench says so and stops.
// Run: `npm run bench:throughput -- [requests] [concurrency]` (defaults 2000 and 8).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { Agent, request } from 'undici';
import { startReferenceServer } from '../src/index.ts';
import type { FieldInfo } from '../src/server/search/columns.ts';
import { ckanTraits } from '../src/server/ckan-versions.ts';
import { interpolateParams } from '../src/server/search/psycopg.ts';
import { buildSearchStatements } from '../src/server/search/statement.ts';
import { findPostgres } from '../test/helpers/postgres.ts';
import { writeGeneratedTable } from './lib/generated-table.ts';
import { createBenchReport } from './lib/result.ts';

const total = Number(process.argv[2] ?? 2000);
const concurrency = Number(process.argv[3] ?? 8);
const rowCount = 100_000;
const resourceId = '0e0e0e0e-1111-4222-8333-444455556666';

/** The light read of the SQL mix. */
function sqlFor(n: number): string {
  return `SELECT "_id", "title", "credits", "fee" FROM "${resourceId}" WHERE "credits" = ${n % 60} ORDER BY "_id" LIMIT 50`;
}

/** The search mix's request body. */
function searchFor(n: number): { resource_id: string; filters: { credits: number }; limit: number } {
  return { resource_id: resourceId, filters: { credits: n % 60 }, limit: 50 };
}

// The generated table's columns as the server types them (bench/lib/generated-table.ts)
const columns = new Map<string, FieldInfo>(
  [
    ['_id', 'int'],
    ['title', 'text'],
    ['credits', 'int4'],
    ['fee', 'numeric'],
    ['updated', 'timestamp'],
    ['online', 'bool'],
  ].map(([id = '', type = '']) => [id, { id, type }]),
);

/** The two statements the server runs for searchFor(n). */
function searchSqlFor(n: number): { recordsSql: string; countSql: string; params: (string | null)[] } {
  const body = searchFor(n);
  const statements = buildSearchStatements(
    { resourceId, filters: body.filters, limit: body.limit, includeTotal: true, totalEstimationThreshold: null, recordsFormat: 'objects' },
    columns,
    resourceId,
    { traits: ckanTraits('2.11') },
  );
  const sql = (statement: { text: string; params: unknown[] | Record<string, unknown> }): string => interpolateParams(statement.text, statement.params);
  return { recordsSql: sql(statements.records), countSql: sql(statements.count), params: [] };
}

/** Runs `task(i)` for i in 0..total-1, `concurrency` at a time; the rate per second. */
async function rate(task: (i: number) => Promise<void>): Promise<number> {
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      for (let i = next++; i < total; i = next++) await task(i);
    }),
  );
  return total / ((performance.now() - started) / 1000);
}

const found = findPostgres();
if (!found.available) {
  console.log(`bench:throughput needs PostgreSQL: ${found.reason}`);
  process.exit(0);
}
const cluster = await found.start();
const fixtures = mkdtempSync(join(tmpdir(), 'dsk-bench-throughput-'));
const agent = new Agent({ connections: concurrency });
try {
  writeGeneratedTable(fixtures, resourceId, rowCount);
  const server = await startReferenceServer({ fixturesDir: fixtures, databaseUrl: cluster.url, port: 0, sqlWorkers: concurrency });
  const direct = new pg.Pool({ connectionString: cluster.url.replace(/\/postgres$/, '/datastore_kit'), max: concurrency });
  try {
    const post = async (action: string, body: unknown): Promise<void> => {
      const answer = await request(`${server.url}/api/3/action/${action}`, {
        dispatcher: agent,
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      const text = await answer.body.text();
      if (answer.statusCode !== 200) throw new Error(`${action} answered ${answer.statusCode}: ${text.slice(0, 200)}`);
    };
    const mixes = [
      {
        name: 'datastore_search (filter, 50 rows, total)',
        viaServer: (i: number) => post('datastore_search', searchFor(i)),
        direct: async (i: number): Promise<void> => {
          const { recordsSql, countSql, params } = searchSqlFor(i);
          // why: one after the other, as the server runs them
          await direct.query(recordsSql, params);
          await direct.query(countSql, params);
        },
      },
      {
        name: 'datastore_search_sql (50 rows)',
        viaServer: (i: number) => post('datastore_search_sql', { sql: sqlFor(i) }),
        direct: async (i: number): Promise<void> => {
          await direct.query(sqlFor(i));
        },
      },
    ];
    const report = createBenchReport('throughput', {
      title: 'reference server on PostgreSQL under load vs the same SQL sent directly',
      sizes: { requests: total, concurrency, rows: rowCount },
    });
    for (const [index, mix] of mixes.entries()) {
      // why: warm both paths (connections, plans, the server's workers) before measuring; then interleave, so a
      // burst of load on the machine hits both alike
      await rate(mix.viaServer);
      await rate(mix.direct);
      const runs = { viaServer: [] as number[], direct: [] as number[] };
      for (let round = 0; round < 2; round++) {
        runs.viaServer.push(await rate(mix.viaServer));
        runs.direct.push(await rate(mix.direct));
      }
      const viaFigure = report.figure(`${mix.name} through the server`, Math.max(...runs.viaServer), 'req/s', 'best of 2');
      const directFigure = report.figure(`${mix.name}: the same SQL sent directly (pg)`, Math.max(...runs.direct), 'req/s', 'best of 2');
      // why: the issue measured searches from outside at 0.80-0.89 of direct SQL and called it fine; this keeps it so.
      // The light SQL read is shown beside it: there the database does little, and the server's own cost shows
      if (index === 0)
        report.goal({ name: 'search throughput vs the same SQL sent directly', subject: viaFigure, baseline: directFigure, op: '>=', limit: 0.75 });
      else report.figure(`${mix.name}: server / direct`, viaFigure.value / directFigure.value, 'x');
    }
    report.note('server, PostgreSQL and this client share the machine; a search is two statements (records, then the count), on both sides');
    await report.finish();
  } finally {
    await direct.end();
    await server.close();
  }
} finally {
  await agent.close();
  await cluster.stop();
  rmSync(fixtures, { recursive: true, force: true });
}
