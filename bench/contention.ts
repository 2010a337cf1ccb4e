// Bench: datastore_search latency on the reference server (PGlite), alone and while two callers keep running a
// heavy SQL query into its timeout. The quiet run is the in-run baseline; the ratio shows what the heavy SQL costs
// a search (issue 11: SQL and searches run on worker pools of their own). Run: `npx tsx bench/contention.ts [n]`.
import { startReferenceServer } from '../src/server/index.ts';
import { createBenchReport } from './lib/result.ts';

const samples = Number(process.argv[2] ?? 100);
const sqlTimeoutMs = 3000;
const courses = 'df356cc6-0e13-4ba8-bc98-c4706614881b';
const heavySql = 'SELECT count(*) FROM generate_series(1, 100000000000)';

const server = await startReferenceServer({ fixturesDir: 'fixtures', config: { sqlTimeoutMs } });

async function post(action: string, body: unknown): Promise<number> {
  const response = await fetch(`${server.url}/api/3/action/${action}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  await response.arrayBuffer();
  return response.status;
}

/** `samples` one-row searches one after another; their latencies in ms, sorted. */
async function measureSearches(): Promise<number[]> {
  const latencies: number[] = [];
  for (let i = 0; i < samples; i += 1) {
    const started = performance.now();
    const status = await post('datastore_search', { resource_id: courses, limit: 1, offset: i });
    if (status !== 200) throw new Error(`datastore_search answered ${status}`);
    latencies.push(performance.now() - started);
  }
  return latencies.sort((a, b) => a - b);
}

const at = (sorted: readonly number[], q: number): number => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;
const describe = (label: string, sorted: readonly number[]): string =>
  `${label.padEnd(34)} median ${at(sorted, 0.5).toFixed(1).padStart(7)} ms | p95 ${at(sorted, 0.95).toFixed(1).padStart(7)} ms | max ${at(sorted, 1).toFixed(1).padStart(7)} ms`;

try {
  // why: warm the parser, both worker pools and PostgreSQL's caches before either measurement
  await post('datastore_search_sql', { sql: 'SELECT 1 AS one' });
  await measureSearches();
  const quiet = await measureSearches();

  let stop = false;
  let heavyAnswers = 0;
  const heavyCaller = async (): Promise<void> => {
    while (!stop) {
      await post('datastore_search_sql', { sql: heavySql });
      heavyAnswers += 1;
    }
  };
  const callers = [heavyCaller(), heavyCaller()];
  let busy: number[];
  try {
    // why: the second heavy query waits 0.2 s for a busy SQL worker before the pool opens another (about 0.4 s);
    // the searches are measured once both run
    await new Promise((resolve) => setTimeout(resolve, 1000));
    busy = await measureSearches();
  } finally {
    stop = true;
  }
  await Promise.all(callers);

  console.log(`datastore_search latency, ${samples} one-row searches in a row (SQL timeout ${sqlTimeoutMs} ms)`);
  console.log(describe('alone', quiet));
  console.log(describe('with 2 callers of heavy SQL', busy));
  console.log(
    `heavy SQL answers (409 after the timeout): ${heavyAnswers} | median ratio busy/alone ${(at(busy, 0.5) / at(quiet, 0.5)).toFixed(2)}x` +
      ` | p95 ratio ${(at(busy, 0.95) / at(quiet, 0.95)).toFixed(2)}x`,
  );
  const report = createBenchReport('contention', {
    title: 'datastore_search latency alone and beside 2 callers of heavy SQL',
    sizes: { searches: samples, sqlTimeoutMs },
  });
  const quietMedian = report.figure('search alone, median', at(quiet, 0.5), 'ms');
  report.figure('search alone, p95', at(quiet, 0.95), 'ms');
  const busyMedian = report.figure('search beside heavy SQL, median', at(busy, 0.5), 'ms');
  report.figure('search beside heavy SQL, p95', at(busy, 0.95), 'ms');
  report.figure('heavy SQL answers', heavyAnswers, 'answers');
  // why: issue 11's worker pools keep searches apart from SQL; a search should not wait for a query into its timeout
  report.goal({ name: 'search median beside heavy SQL vs alone', subject: busyMedian, baseline: quietMedian, op: '<=', limit: 2 });
  await report.finish();
} finally {
  await server.close();
}
