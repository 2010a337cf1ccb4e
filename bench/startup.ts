// Bench: start-up of the built CLI, `datastore-kit --version` and `--help`, against the in-run baseline `node -e 0`
// (goal: --version within 3x, issue #31). Commands are set up lazily (src/cli/commands.ts): --help sets up yargs and no
// command, --version not even yargs (see docs/performance.md, "The CLI's start").
// Builds dist/ first so the figures are never those of a stale build (unless DSK_BENCH_NO_BUILD=1: npm run bench builds once). Run: `npx tsx bench/startup.ts [runs]`.
import { execFileSync, spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { createBenchReport, median } from './lib/result.ts';

const runs = Number(process.argv[2] ?? 10);
const root = fileURLToPath(new URL('../', import.meta.url));
const builtBin = fileURLToPath(new URL('../bin/datastore-kit.js', import.meta.url));

function timeMs(args: readonly string[]): number {
  const start = performance.now();
  const ran = spawnSync(process.execPath, [...args], { cwd: root, stdio: 'ignore' });
  if (ran.status !== 0) throw new Error(`node ${args.join(' ')} exited with ${ran.status}`);
  return performance.now() - start;
}

if (process.env['DSK_BENCH_NO_BUILD'] !== '1') execFileSync('npm', ['run', '--silent', 'build'], { cwd: root, stdio: 'inherit' });
const probes = { baseline: ['-e', '0'], version: [builtBin, '--version'], help: [builtBin, '--help'] } as const;
const samples: Record<keyof typeof probes, number[]> = { baseline: [], version: [], help: [] };
// why: interleaved, so a burst of load on a shared machine hits every probe alike
for (let n = 0; n < runs; n++) for (const key of Object.keys(probes) as (keyof typeof probes)[]) samples[key].push(timeMs(probes[key]));

const report = createBenchReport('startup', { title: 'start-up of the built CLI vs node -e 0 (median)', sizes: { runs } });
const baseline = report.figure('node -e 0', median(samples.baseline), 'ms');
const version = report.figure('datastore-kit --version', median(samples.version), 'ms');
report.figure('datastore-kit --help', median(samples.help), 'ms');
report.goal({ name: '--version vs node -e 0', subject: version, baseline, op: '<=', limit: 3 });
await report.finish();
