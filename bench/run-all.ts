// `npm run bench`: runs every `bench:*` script of package.json in order (or those named: `npm run bench -- runner
// catalogue-load`), each in its own process, then collects the results they wrote with bench/lib/result.ts into
// one table: printed, and written atomically to reports/bench/summary.md and summary.json. A bench that fails or
// writes no result is listed as such; the others still run. dist/ is built once, first (DSK_BENCH_NO_BUILD=1 then
// tells the benches that run the built code not to build again).
import { execFileSync, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { writeFileAtomic } from '../src/util/atomic-write.ts';
import { BENCH_RESULT_VERSION, benchOutDir, formatFigure, formatGoal, formatNumber, type BenchResult } from './lib/result.ts';

const root = fileURLToPath(new URL('../', import.meta.url));

/** One bench's outcome in the umbrella run. */
interface BenchRun {
  bench: string;
  exitCode: number | null;
  wallMs: number;
  result?: BenchResult;
}

function benchNames(): string[] {
  const pkg: unknown = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
  const scripts = typeof pkg === 'object' && pkg !== null && 'scripts' in pkg && typeof pkg.scripts === 'object' && pkg.scripts !== null ? pkg.scripts : {};
  return Object.keys(scripts)
    .filter((k) => k.startsWith('bench:'))
    .map((k) => k.slice('bench:'.length));
}

function readResult(dir: string, bench: string, notBefore: number): BenchResult | undefined {
  try {
    const parsed: unknown = JSON.parse(readFileSync(path.join(dir, `${bench}.json`), 'utf8'));
    if (!isBenchResult(parsed)) return undefined;
    // why: a result file left by an earlier run is not this run's figure
    return Date.parse(parsed.startedAt) >= notBefore - 1000 ? parsed : undefined;
  } catch {
    return undefined;
  }
}

// why: the file is ours (bench/lib/result.ts), so the version and the arrays the table reads are enough to trust it
function isBenchResult(value: unknown): value is BenchResult {
  if (typeof value !== 'object' || value === null) return false;
  const v: Partial<Record<keyof BenchResult, unknown>> = value;
  return v.version === BENCH_RESULT_VERSION && typeof v.startedAt === 'string' && Array.isArray(v.goals) && Array.isArray(v.figures);
}

function runBench(bench: string, dir: string): BenchRun {
  process.stdout.write(`\n### bench:${bench}\n`);
  const started = Date.now();
  // why: dist/ was built once above; the benches that run the built code skip their own build
  const env = { ...process.env, DSK_BENCH_OUT_DIR: dir, DSK_BENCH_NO_BUILD: '1' };
  const ran = spawnSync('npm', ['run', '--silent', `bench:${bench}`], { cwd: root, stdio: 'inherit', env });
  const wallMs = Date.now() - started;
  const result = readResult(dir, bench, started);
  return { bench, exitCode: ran.status, wallMs, ...(result === undefined ? {} : { result }) };
}

function renderMarkdown(runs: readonly BenchRun[], startedAt: Date, totalMs: number): string {
  const lines = [
    '# datastore-kit benchmarks',
    '',
    `\`npm run bench\` at ${startedAt.toISOString()}, node ${process.version}, total ${(totalMs / 1000).toFixed(0)} s.`,
    '',
    '| bench | goal | measured | baseline (same run) | ratio | goal | met |',
    '|---|---|---|---|---|---|---|',
  ];
  for (const run of runs) {
    for (const g of run.result?.goals ?? []) {
      const plain = g.baseline === undefined && g.ratio === undefined;
      const unit = plain ? ` ${g.subject.unit}` : 'x';
      const baseline = g.baseline === undefined ? '-' : `${g.baseline.label}: ${formatFigure(g.baseline)}`;
      lines.push(
        `| ${run.bench} | ${g.name} | ${g.subject.label}: ${formatFigure(g.subject)} | ${baseline} | ${formatNumber(g.compared)}${unit} | ${g.op} ${formatNumber(g.limit)}${unit} | ${g.met ? 'yes' : '**no**'} |`,
      );
    }
  }
  lines.push('', '| bench | command | sizes | wall time | status |', '|---|---|---|---|---|');
  for (const run of runs) {
    const sizes = Object.entries(run.result?.sizes ?? {})
      .map(([k, v]) => `${k}=${v}`)
      .join(', ');
    const status = run.exitCode !== 0 ? `failed (exit ${run.exitCode})` : run.result === undefined ? 'no result file (printed only)' : 'ok';
    lines.push(`| ${run.bench} | \`${run.result?.command ?? `npm run bench:${run.bench}`}\` | ${sizes} | ${(run.wallMs / 1000).toFixed(1)} s | ${status} |`);
  }
  for (const run of runs) {
    if (run.result === undefined || run.result.figures.length === 0) continue;
    lines.push('', `## ${run.bench}: ${run.result.title}`, '', '| figure | value | note |', '|---|---|---|');
    for (const f of run.result.figures) lines.push(`| ${f.label} | ${formatFigure(f)} | ${f.note ?? ''} |`);
    for (const n of run.result.notes) lines.push('', `- ${n}`);
  }
  return `${lines.join('\n')}\n`;
}

const startedAt = new Date();
const dir = benchOutDir();
const asked = process.argv.slice(2);
const known = benchNames();
const unknown = asked.filter((b) => !known.includes(b));
if (unknown.length > 0) {
  process.stderr.write(`bench: no script bench:${unknown.join(', bench:')} (known: ${known.join(', ')})\n`);
  process.exit(2);
}
execFileSync('npm', ['run', '--silent', 'build'], { cwd: root, stdio: 'inherit' });
const runs = (asked.length > 0 ? asked : known).map((b) => runBench(b, dir));
const totalMs = Date.now() - startedAt.getTime();
const summary = { version: 1, startedAt: startedAt.toISOString(), totalMs, node: process.version, runs };
await writeFileAtomic(path.join(dir, 'summary.json'), `${JSON.stringify(summary, null, 2)}\n`);
await writeFileAtomic(path.join(dir, 'summary.md'), renderMarkdown(runs, startedAt, totalMs));
process.stdout.write(`\n=== goals (${(totalMs / 1000).toFixed(0)} s in all; table in ${path.relative(root, dir)}/summary.md)\n`);
for (const run of runs) {
  for (const g of run.result?.goals ?? []) process.stdout.write(`  ${run.bench}: ${formatGoal(g)}\n`);
  if (run.exitCode !== 0) process.stdout.write(`  ${run.bench}: FAILED (exit ${run.exitCode})\n`);
  else if (run.result === undefined) process.stdout.write(`  ${run.bench}: no result file (does not use bench/lib/result.ts yet)\n`);
}
process.exitCode = runs.some((r) => r.exitCode !== 0) ? 1 : 0;
