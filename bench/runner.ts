// Bench: what the runner costs over the requests it sends. The catalogue's answers are recorded once from the
// reference server and served from memory (a worker thread), so only the client side is measured; side by side
// in the same run:
//   (a) bare undici.request replaying the same requests at the same concurrency (the baseline),
//   (b) the runner's request phase, run() of the programmatic API from the built JavaScript (dist/),
//   (c) the whole CLI process (`node bin/datastore-kit.js run --target ...`, every report format) against a
//       process doing (a) (`node bench/lib/bare-replay.mjs`) and `node -e 0`,
//   (d) Newman running a Postman collection of the same requests (one status test each).
// Wall time is the goal's measure; CPU time (bench/lib/cpu-report.mjs for processes) is given beside it, as on a
// shared machine wall time mostly measures the wait for a core.
// Run: `npm run bench:runner -- [rounds] [processRuns] [newmanRuns]` (defaults 20, 9, 2). Builds dist/ first
// unless DSK_BENCH_NO_BUILD=1.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type * as Http from '../src/http/index.ts';
import type * as Kit from '../src/index.ts';
import type * as Runner from '../src/runner/index.ts';
import { replayBare, type RecordedRequest } from './lib/bare-replay.mjs';
import { recordCatalogue } from './lib/memory-target.ts';
import { buildPostmanCollection, type AnsweredRequest } from './lib/newman-collection.ts';
import { createBenchReport, median, type Figure } from './lib/result.ts';

const rounds = Number(process.argv[2] ?? 20);
const processRuns = Number(process.argv[3] ?? 9);
const newmanRuns = Number(process.argv[4] ?? 2);
const concurrency = 8;
const token = 'bench-token-0123456789';
const root = fileURLToPath(new URL('../', import.meta.url));
const work = mkdtempSync(path.join(tmpdir(), 'dsk-bench-runner-'));
const clock = { now: () => Date.now() };

if (process.env['DSK_BENCH_NO_BUILD'] !== '1') execFileSync('npm', ['run', '--silent', 'build'], { cwd: root, stdio: 'inherit' });
// why: the built JavaScript is what users run; its types are the source's (dynamic import of a computed URL is any).
// The runner and the HTTP client are the levels below the public API, imported from dist/ by path.
const built = (file: string): string => pathToFileURL(path.join(root, 'dist', file)).href;
const publicKit: typeof Kit = await import(built('index.js'));
const kit: typeof Runner & typeof Http = {
  ...((await import(built('runner/index.js'))) as typeof Runner),
  ...((await import(built('http/index.js'))) as typeof Http),
};

/** The options run() gets in `run --target <memory> --profile profiles/reference.yaml` (ckan contract, 2.11). */
async function prepareRun(url: string): Promise<Runner.RunOptions> {
  const prepared = await kit.prepareCatalogue(
    { cwd: root, casesDir: 'cases', profileFile: 'profiles/reference.yaml', tokenGiven: true, ckanVersion: '2.11' },
    {},
  );
  return {
    variants: prepared.variants,
    targetUrl: url,
    reference: false,
    profile: 'profiles/reference.yaml',
    token,
    contract: 'ckan',
    ckan: { version: '2.11', versions: ['2.11'], reason: 'bench' },
    concurrency,
    bail: false,
    hostname: 'bench',
  };
}

/** One request phase; with `log`, the requests sent (in sending order) and their statuses are appended to it. */
async function runPhase(options: Runner.RunOptions, log?: AnsweredRequest[]): Promise<Kit.RunResult> {
  const client = kit.createHttpClient({ concurrency });
  const origin = new URL(options.targetUrl).origin;
  const logging: Http.HttpClient = {
    send: async (request) => {
      const entry: AnsweredRequest = { method: request.method, path: request.url.slice(origin.length), headers: { ...request.headers }, status: 0 };
      if (request.body !== undefined) entry.body = request.body;
      log?.push(entry);
      const response = await client.send(request);
      entry.status = response.status;
      return response;
    },
    close: () => client.close(),
  };
  try {
    return await kit.run(options, { client: log === undefined ? client : logging, clock });
  } finally {
    await client.close();
  }
}

interface Sample {
  wallMs: number;
  cpuMs: number;
}

async function sample(task: () => Promise<unknown>): Promise<Sample> {
  const cpu = process.cpuUsage();
  const started = performance.now();
  await task();
  const wallMs = performance.now() - started;
  const used = process.cpuUsage(cpu);
  return { wallMs, cpuMs: (used.user + used.system) / 1000 };
}

const cpuFile = path.join(work, 'cpu.txt');
const cpuPreload = ['--import', pathToFileURL(path.join(root, 'bench/lib/cpu-report.mjs')).href];

/** Runs `node args` (exit 0 or 1 expected: 1 is a run with failing cases); its wall and CPU time. */
function timeProcess(args: readonly string[], env: NodeJS.ProcessEnv = process.env): Sample {
  rmSync(cpuFile, { force: true });
  const started = performance.now();
  const ran = spawnSync(process.execPath, [...cpuPreload, ...args], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'pipe'],
    env: { ...env, DSK_BENCH_CPU_FILE: cpuFile },
  });
  const wallMs = performance.now() - started;
  if (ran.status !== 0 && ran.status !== 1) throw new Error(`node ${args.join(' ')} exited with ${ran.status}: ${ran.stderr.toString().slice(0, 400)}`);
  return { wallMs, cpuMs: Number(readFileSync(cpuFile, 'utf8')) };
}

const report = createBenchReport('runner', {
  title: 'runner vs bare undici replay and Newman, against a target answering from memory',
  sizes: { rounds, processRuns, newmanRuns, concurrency },
});
const { memory, summary } = await recordCatalogue(publicKit, { root, token, outDir: path.join(work, 'recording') });
try {
  const recorded = await memory.replay();
  const options = await prepareRun(memory.url);
  const requests: AnsweredRequest[] = [];
  const first = await runPhase(options, requests);
  const same = JSON.stringify(first.summary) === JSON.stringify(summary);
  report.note(
    `${options.variants.length} variants, ${requests.length} requests at concurrency ${concurrency}; ${recorded.entries} answers recorded${recorded.collisions > 0 ? `, ${recorded.collisions} requests answered differently twice` : ''}`,
  );
  if (!same) report.note(`the replayed run's counts differ from the recorded run's: ${JSON.stringify(first.summary)} vs ${JSON.stringify(summary)}`);
  await measureInProcess(options, requests);
  const whole = measureProcesses(memory.url, requests);
  measureNewman(memory.url, requests, whole);
  const { misses } = await memory.stats();
  if (misses > 0) report.note(`${misses} requests were not among those recorded (answered 404)`);
} finally {
  await memory.close();
  rmSync(work, { recursive: true, force: true });
}
await report.finish();

/** (a) and (b), interleaved round by round so a burst of load on the shared machine hits both alike. */
async function measureInProcess(options: Runner.RunOptions, requests: readonly RecordedRequest[]): Promise<void> {
  const origin = new URL(options.targetUrl).origin;
  const bare: Sample[] = [];
  const phase: Sample[] = [];
  for (let i = 0; i < 3; i++) await runPhase(options); // why: JIT warm-up of both paths before measuring
  for (let i = 0; i < 3; i++) await replayBare(origin, requests, concurrency);
  for (let i = 0; i < rounds; i++) {
    bare.push(await sample(() => replayBare(origin, requests, concurrency)));
    phase.push(await sample(() => runPhase(options)));
  }
  const n = requests.length;
  const bareWall = report.figure('(a) bare undici replay', median(bare.map((s) => s.wallMs)), 'ms', `median of ${rounds}`);
  const phaseWall = report.figure('(b) runner request phase, run() from dist/', median(phase.map((s) => s.wallMs)), 'ms', `median of ${rounds}`);
  const bareCpu = median(bare.map((s) => s.cpuMs));
  const phaseCpu = median(phase.map((s) => s.cpuMs));
  const bareCpuFigure = report.figure('(a) CPU, process (client + memory server thread)', bareCpu, 'ms');
  const phaseCpuFigure = report.figure('(b) CPU, process (client + memory server thread)', phaseCpu, 'ms');
  report.figure('(b) extra CPU per variant over (a)', (phaseCpu - bareCpu) / n, 'ms');
  report.goal({ name: 'request phase / bare undici replay', subject: phaseWall, baseline: bareWall, op: '<=', limit: 1.1 });
  report.goal({ name: 'request phase / bare undici replay, CPU time', subject: phaseCpuFigure, baseline: bareCpuFigure, op: '<=', limit: 1.1 });
}

/** (c): whole processes, interleaved; wall time for the goal, CPU time beside it. */
function measureProcesses(url: string, requests: readonly RecordedRequest[]): Figure {
  const file = path.join(work, 'requests.json');
  writeFileSync(file, JSON.stringify(requests));
  const env = { ...process.env, BENCH_TOKEN: token, NO_COLOR: '1', CI: '1' };
  const cli = [
    'bin/datastore-kit.js',
    'run',
    '--target',
    url,
    '--profile',
    'profiles/reference.yaml',
    '--token-env',
    'BENCH_TOKEN',
    '--out',
    path.join(work, 'cli'),
  ];
  const samples = { empty: [] as Sample[], bare: [] as Sample[], cli: [] as Sample[] };
  timeProcess(cli, env); // why: warm the OS file cache and the catalogue cache for the measured starts
  for (let i = 0; i < processRuns; i++) {
    samples.empty.push(timeProcess(['-e', '0']));
    samples.bare.push(timeProcess(['bench/lib/bare-replay.mjs', file, url, String(concurrency)]));
    samples.cli.push(timeProcess(cli, env));
  }
  const wall = (list: Sample[]): number => median(list.map((s) => s.wallMs));
  const cpu = (list: Sample[]): number => median(list.map((s) => s.cpuMs));
  report.figure('node -e 0', wall(samples.empty), 'ms', `median of ${processRuns}; CPU ${cpu(samples.empty).toFixed(0)} ms`);
  const bare = report.figure('(c) bare replay process', wall(samples.bare), 'ms', `median of ${processRuns}`);
  const whole = report.figure('(c) datastore-kit run process (all report formats)', wall(samples.cli), 'ms', `median of ${processRuns}`);
  const bareCpu = report.figure('(c) bare replay process, CPU', cpu(samples.bare), 'ms');
  const wholeCpu = report.figure('(c) datastore-kit run process, CPU', cpu(samples.cli), 'ms');
  report.goal({ name: 'whole CLI process / bare replay process', subject: whole, baseline: bare, op: '<=', limit: 1.5 });
  report.goal({ name: 'whole CLI process / bare replay process, CPU time', subject: wholeCpu, baseline: bareCpu, op: '<=', limit: 1.5 });
  return whole;
}

/** (d): Newman over the same requests, one status test each; compared with the whole CLI process. */
function measureNewman(url: string, requests: readonly AnsweredRequest[], kitProcess: Figure): void {
  const file = path.join(work, 'collection.json');
  writeFileSync(file, JSON.stringify(buildPostmanCollection(requests, url)));
  const newmanBin = path.join(root, 'node_modules/newman/bin/newman.js');
  const times: Sample[] = [];
  for (let i = 0; i < newmanRuns; i++) times.push(timeProcess([newmanBin, 'run', file, '--reporters', 'cli', '--silent']));
  const cpu = median(times.map((s) => s.cpuMs));
  const newman = report.figure(
    '(d) Newman process (sequential, one status test a request)',
    median(times.map((s) => s.wallMs)),
    'ms',
    `median of ${newmanRuns}; CPU ${cpu.toFixed(0)} ms`,
  );
  report.goal({ name: 'Newman / kit (whole process)', subject: kitProcess, baseline: newman, op: '>=', limit: 10, ratio: newman.value / kitProcess.value });
}
