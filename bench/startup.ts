// Bench: start-up of the built CLI, `datastore-kit --version` and `--help`, against the in-run baseline `node -e 0`
// (goal: --version within 4x). Commands are loaded lazily (src/cli/commands.ts), so these load yargs and no command.
// Builds dist/ first so the figures are never those of a stale build. Run: `npx tsx bench/startup.ts [runs]`.
import { execFileSync, spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const runs = Number(process.argv[2] ?? 10);
const root = fileURLToPath(new URL('../', import.meta.url));
const builtBin = fileURLToPath(new URL('../bin/datastore-kit.js', import.meta.url));

function timeMs(args: readonly string[]): number {
  const start = performance.now();
  const ran = spawnSync(process.execPath, [...args], { cwd: root, stdio: 'ignore' });
  if (ran.status !== 0) throw new Error(`node ${args.join(' ')} exited with ${ran.status}`);
  return performance.now() - start;
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

execFileSync('npm', ['run', '--silent', 'build'], { cwd: root, stdio: 'inherit' });
const probes = { baseline: ['-e', '0'], version: [builtBin, '--version'], help: [builtBin, '--help'] } as const;
const samples: Record<keyof typeof probes, number[]> = { baseline: [], version: [], help: [] };
// why: interleaved, so a burst of load on a shared machine hits every probe alike
for (let n = 0; n < runs; n++) for (const key of Object.keys(probes) as (keyof typeof probes)[]) samples[key].push(timeMs(probes[key]));

const baseline = median(samples.baseline);
process.stdout.write(`node -e 0                    ${baseline.toFixed(0).padStart(5)} ms (median of ${runs})\n`);
for (const key of ['version', 'help'] as const) {
  const ms = median(samples[key]);
  process.stdout.write(`datastore-kit --${key.padEnd(9)}   ${ms.toFixed(0).padStart(5)} ms  ${(ms / baseline).toFixed(2)}x node -e 0\n`);
}
const ratio = median(samples.version) / baseline;
process.stdout.write(`--version: ${ratio.toFixed(2)}x (goal <= 4x) ${ratio <= 4 ? 'met' : 'NOT met'}\n`);
