// Bench: the runner's memory against the number of cases. `run` of the CLI (built JavaScript) with every report
// format, against a target answering from memory (bench/lib/memory-target.ts, recorded once from the reference
// server), for the normal catalogue and for a generated one of about 10,000 cases (copies of cases/,
// bench/lib/generate-catalogue.ts). Each run is a fresh process whose peak RSS (VmHWM from /proc/self/status,
// read at exit by a preloaded module) is the figure; the normal catalogue's is the baseline.
// Run: `npm run bench:memory -- [cases]` (default 10000). Builds dist/ first (DSK_BENCH_NO_BUILD=1 skips it).
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type * as Kit from '../src/index.ts';
import { generateCatalogue } from './lib/generate-catalogue.ts';
import { recordCatalogue } from './lib/memory-target.ts';
import { createBenchReport } from './lib/result.ts';

const minCases = Number(process.argv[2] ?? 10_000);
const token = 'bench-token-0123456789';
const root = fileURLToPath(new URL('../', import.meta.url));
const work = mkdtempSync(path.join(tmpdir(), 'dsk-bench-memory-'));

if (process.env['DSK_BENCH_NO_BUILD'] !== '1') execFileSync('npm', ['run', '--silent', 'build'], { cwd: root, stdio: 'inherit' });
// why: the built JavaScript is what users run; its types are the source's (dynamic import of a computed URL is any)
const kit: typeof Kit = await import(pathToFileURL(path.join(root, 'dist/index.js')).href);

// Preloaded into each measured run: its peak RSS in KiB, written where the bench reads it.
// why: VmHWM, the peak of this process's own memory, where Linux has it: resourceUsage().maxRSS of a spawned process
// starts at its parent's peak (the kernel carries the high-water mark over fork and exec), so a bench process
// grown by its reference server showed its own size as every run's figure
const MAX_RSS_HOOK = `import { readFileSync, writeFileSync } from 'node:fs';
function peakKb() {
  try {
    const found = /VmHWM:\\s+(\\d+) kB/.exec(readFileSync('/proc/self/status', 'utf8'));
    if (found) return Number(found[1]);
  } catch {}
  return process.resourceUsage().maxRSS;
}
process.on('exit', () => writeFileSync(process.env.DSK_MAX_RSS_FILE, String(peakKb())));
`;

interface Measured {
  maxRssMb: number;
  wallMs: number;
  reportMb: number;
  total: number;
}

/** `datastore-kit run` over `casesDir` against the memory target, all formats, in a fresh process. */
function measureRun(url: string, casesDir: string, name: string): Measured {
  const hook = path.join(work, 'max-rss.mjs');
  writeFileSync(hook, MAX_RSS_HOOK);
  const rssFile = path.join(work, `${name}.rss`);
  const outDir = path.join(work, `reports-${name}`);
  const args = [
    '--import',
    pathToFileURL(hook).href,
    'bin/datastore-kit.js',
    'run',
    '--target',
    url,
    '--cases',
    casesDir,
    '--profile',
    'profiles/reference.yaml',
  ];
  args.push('--token-env', 'BENCH_TOKEN', '--report', 'all', '--out', outDir);
  const env = { ...process.env, BENCH_TOKEN: token, DSK_MAX_RSS_FILE: rssFile, NO_COLOR: '1', CI: '1' };
  const started = performance.now();
  const ran = spawnSync(process.execPath, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'], env, maxBuffer: 64 * 1024 * 1024 });
  const wallMs = performance.now() - started;
  if (ran.status !== 0 && ran.status !== 1) throw new Error(`run exited with ${ran.status}: ${ran.stderr.toString().slice(0, 600)}`);
  const saved: unknown = JSON.parse(readFileSync(path.join(outDir, 'report.json'), 'utf8'));
  const total = typeof saved === 'object' && saved !== null && 'summary' in saved ? Number((saved.summary as { total?: number }).total) : 0;
  return {
    maxRssMb: Number(readFileSync(rssFile, 'utf8')) / 1024,
    wallMs,
    reportMb: statSync(path.join(outDir, 'report.json')).size / 1024 / 1024,
    total,
  };
}

const { memory } = await recordCatalogue(kit, { root, token, outDir: path.join(work, 'recording') });
try {
  const recorded = await memory.replay();
  const bigDir = path.join(work, 'cases');
  const generated = generateCatalogue(bigDir, minCases);
  const report = createBenchReport('memory', {
    title: 'runner peak RSS: a generated catalogue of ~10,000 cases against the normal one (run, all formats, target answering from memory)',
    sizes: { cases: generated.cases, files: generated.files },
  });
  const normal = measureRun(memory.url, path.join(root, 'cases'), 'normal');
  const big = measureRun(memory.url, bigDir, 'big');
  const misses = (await memory.stats()).misses;
  const base = report.figure(`peak RSS, normal catalogue (${normal.total} variants)`, normal.maxRssMb, 'MB', `${(normal.wallMs / 1000).toFixed(1)} s`);
  const subject = report.figure(`peak RSS, ${generated.cases} cases (${big.total} variants)`, big.maxRssMb, 'MB', `${(big.wallMs / 1000).toFixed(1)} s`);
  report.figure('report.json of the large run', big.reportMb, 'MB');
  report.figure('RSS per extra variant', ((big.maxRssMb - normal.maxRssMb) * 1024) / Math.max(1, big.total - normal.total), 'KB');
  report.note(`${recorded.entries} answers recorded from the reference server; ${misses} requests not recorded (answered 404)`);
  report.note(
    "each run a fresh `node bin/datastore-kit.js run` (dist/) with --report all; peak RSS = the process's VmHWM at exit (Linux; else resourceUsage().maxRSS)",
  );
  report.goal({ name: '10,000 cases peak RSS (goal: under 200 MB)', subject, op: '<=', limit: 200 });
  report.goal({ name: '10,000 cases peak RSS vs the normal catalogue', subject, baseline: base, op: '<=', limit: 1.5 });
  await report.finish();
} finally {
  await memory.close();
  rmSync(work, { recursive: true, force: true });
}
