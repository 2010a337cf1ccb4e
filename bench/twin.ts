// Bench: `twin` of a generated table (text, integer, numeric, timestamp and boolean columns) served by the reference
// server, with 1,000 generated requests and no catalogue: the whole run (reading the table by both paths, loading
// and verifying the mirror, the requests to both, shrinking) against the baseline of the same 1,000 requests sent to
// the target alone, in the same run. Goal: a 100,000-row table twinned in at most 2 minutes on 2 cores. Memory:
// each twin is a fresh process (dist/) whose peak RSS (VmHWM at exit) is printed at each size, 10k and 100k rows:
// flat in table size means the 100k run's peak within 1.5x of the 10k run's.
// Run: `npm run bench:twin -- [rows,rows...]` (default 10000,100000). Builds dist/ first (DSK_BENCH_NO_BUILD=1 skips it).
import { execFile, execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { createRequestArbitrary, renderRequest, sampleRequests, sampleResources } from '../src/diff/generate/index.ts';
import { createHttpClient } from '../src/http/index.ts';
import { startReferenceServer } from '../src/index.ts';
import { encodeQuery } from '../src/runner/index.ts';
import { writeGeneratedTable } from './lib/generated-table.ts';
import { createBenchReport } from './lib/result.ts';

const rowCounts = (process.argv[2] ?? '10000,100000').split(',').map(Number);
const REQUESTS = 1000;
const SEED = 1;
const CONCURRENCY = 8;
const resourceId = '0d0d0d0d-1111-4222-8333-444455556666';
const root = fileURLToPath(new URL('../', import.meta.url));
const work = mkdtempSync(path.join(tmpdir(), 'dsk-bench-twin-'));

const MAX_RSS_HOOK = `import { readFileSync, writeFileSync } from 'node:fs';
process.on('exit', () => {
  let kb = process.resourceUsage().maxRSS;
  try { kb = Number(/VmHWM:\\s+(\\d+) kB/.exec(readFileSync('/proc/self/status', 'utf8'))?.[1] ?? kb); } catch {}
  writeFileSync(process.env.DSK_MAX_RSS_FILE, String(kb));
});
`;

if (process.env['DSK_BENCH_NO_BUILD'] !== '1') execFileSync('npm', ['run', '--silent', 'build'], { cwd: root, stdio: 'inherit' });
const hook = path.join(work, 'max-rss.mjs');
writeFileSync(hook, MAX_RSS_HOOK);

/** The 1,000 generated requests, drawn from the target's data as the twin draws them, sent to the target alone. */
async function sendAlone(url: string): Promise<number> {
  const client = createHttpClient({ timeoutMs: 120_000, concurrency: CONCURRENCY });
  try {
    const resources = await sampleResources(client, { url, token: undefined, resources: { courses: resourceId } }, ['courses']);
    const requests = sampleRequests(createRequestArbitrary({ resources, sql: true, locales: false }), SEED, REQUESTS);
    const started = performance.now();
    let next = 0;
    const worker = async (): Promise<void> => {
      for (let index = next++; index < requests.length; index = next++) {
        const request = requests[index];
        if (request === undefined) continue;
        const rendered = renderRequest(request, resourceId);
        const action = `${url}/api/3/action/${rendered.action}`;
        await client.send(
          rendered.method === 'GET'
            ? { method: 'GET', url: `${action}?${encodeQuery(rendered.params)}` }
            : { method: 'POST', url: action, headers: { 'content-type': 'application/json' }, body: JSON.stringify(rendered.params) },
        );
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));
    return performance.now() - started;
  } finally {
    await client.close();
  }
}

interface TwinRun {
  wallMs: number;
  maxRssMb: number;
  loadMs: number;
  summary: string;
}

/** A child process run to its end without blocking this one (the target it reads is served from here). */
function runChild(args: readonly string[], env: NodeJS.ProcessEnv): Promise<{ status: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, args, { cwd: root, env, maxBuffer: 64 * 1024 * 1024 }, (error, stdout, stderr) => {
      const code = error === null ? 0 : typeof error.code === 'number' ? error.code : 1;
      resolve({ status: code, stdout, stderr });
    });
  });
}

/** `datastore-kit twin` (dist/) against `url`, a fresh process; its wall time, peak RSS and what it reported. */
async function runTwin(url: string, profile: string, name: string, cacheDir: string): Promise<TwinRun> {
  const rssFile = path.join(work, `${name}.rss`);
  const out = path.join(work, `out-${name}`);
  const args = ['--import', pathToFileURL(hook).href, 'bin/datastore-kit.js', 'twin', '--target', url, '--profile', profile];
  args.push('--no-catalogue', '--generate', String(REQUESTS), '--seed', String(SEED), '--report', 'json', '--out', out, '--timeout-ms', '120000');
  const env = { ...process.env, DSK_MAX_RSS_FILE: rssFile, DATASTORE_KIT_CACHE_DIR: cacheDir, NO_COLOR: '1', CI: '1' };
  const started = performance.now();
  // why: not spawnSync: the target is this process's server, and a blocked event loop would never answer the twin
  const ran = await runChild(args, env);
  const wallMs = performance.now() - started;
  // why: exit 1 is a verdict (a request the target did not answer in time counts against it), still a measured run
  if (ran.status !== 0 && ran.status !== 1) throw new Error(`twin exited with ${ran.status}: ${ran.stdout.slice(-1500)}${ran.stderr.slice(0, 600)}`);
  const report: unknown = JSON.parse(readFileSync(path.join(out, 'twin.json'), 'utf8'));
  const read = (key: string): unknown => (typeof report === 'object' && report !== null ? Reflect.get(report, key) : undefined);
  const mirror = read('mirror');
  const loadMs = typeof mirror === 'object' && mirror !== null ? Number(Reflect.get(mirror, 'loadMs')) : Number.NaN;
  return { wallMs, maxRssMb: Number(readFileSync(rssFile, 'utf8')) / 1024, loadMs, summary: JSON.stringify(read('summary')) };
}

const label = (rows: number): string => (rows >= 1_000_000 ? `${rows / 1_000_000}M rows` : `${rows / 1000}k rows`);
const report = createBenchReport('twin', {
  title: `twin of a generated table with ${REQUESTS} generated requests vs the same requests sent to the target alone`,
  sizes: { rows: rowCounts.join(','), requests: REQUESTS },
});
try {
  const peaks: Array<{ rows: number; figure: ReturnType<typeof report.figure> }> = [];
  for (const rows of rowCounts) {
    const fixtures = mkdtempSync(path.join(work, 'fixtures-'));
    writeGeneratedTable(fixtures, resourceId, rows);
    const cacheDir = path.join(work, `cache-${rows}`);
    const target = await startReferenceServer({ fixturesDir: fixtures, port: 0, cacheDir });
    try {
      const profile = path.join(work, `profile-${rows}.yaml`);
      writeFileSync(profile, `name: bench\ndata: other\ncapabilities: [sql, offset, sort, fields, distinct, total]\nresources:\n  courses: ${resourceId}\n`);
      console.log(`twin of ${label(rows)}: the requests alone, then the twin`);
      const aloneMs = await sendAlone(target.url);
      const twin = await runTwin(target.url, profile, String(rows), cacheDir);
      const alone = report.figure(`${label(rows)}: ${REQUESTS} generated requests sent to the target alone`, aloneMs, 'ms');
      const whole = report.figure(`${label(rows)}: twin, whole run (read, mirror, ${REQUESTS} requests to both, shrink)`, twin.wallMs, 'ms', twin.summary);
      report.figure(`${label(rows)}: of which reading the table and loading the mirror`, twin.loadMs, 'ms');
      peaks.push({ rows, figure: report.figure(`${label(rows)}: twin peak RSS`, twin.maxRssMb, 'MB') });
      report.goal({ name: `${label(rows)}: twin vs the requests alone`, subject: whole, baseline: alone, op: '<=', limit: 20 });
      if (rows === 100_000) report.goal({ name: '100k rows: twin within 2 minutes (ms)', subject: whole, op: '<=', limit: 120_000 });
    } finally {
      await target.close();
      rmSync(fixtures, { recursive: true, force: true });
    }
  }
  const [small, large] = [peaks.find((p) => p.rows === 10_000), peaks.find((p) => p.rows === 100_000)];
  if (small !== undefined && large !== undefined)
    report.goal({ name: 'peak RSS at 100k rows vs 10k rows (flat: within 1.5x)', subject: large.figure, baseline: small.figure, op: '<=', limit: 1.5 });
  report.note(
    "each twin a fresh `node bin/datastore-kit.js twin` (dist/); peak RSS = its VmHWM at exit, the mirror's PGlite workers included; a cache folder of its own per size (the mirror is built cold)",
  );
  await report.finish();
} finally {
  rmSync(work, { recursive: true, force: true });
}
