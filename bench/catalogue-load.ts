// Bench: catalogue load (prepareCatalogue: discover, parse, validate, expand under the reference profile) for a
// generated catalogue of copies of cases/ (bench/lib/generate-catalogue.ts), cold (empty cache) and warm (the
// parsed and validated files cached by content hash), each in a fresh process so no in-process state helps.
// The baselines: reading the same files (fs only) and parsing them with `yaml` with no positions and no validation.
// Run: `npm run bench:catalogue-load -- [cases] [runs]` (defaults 10000 and 2).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { generateCatalogue } from './lib/generate-catalogue.ts';
import { best, createBenchReport } from './lib/result.ts';

const minCases = Number(process.argv[2] ?? 10_000);
const runs = Number(process.argv[3] ?? 2);
const root = fileURLToPath(new URL('../', import.meta.url));
const work = mkdtempSync(path.join(tmpdir(), 'dsk-bench-catalogue-'));
const casesDir = path.join(work, 'cases');
const cacheDir = path.join(work, 'cache');

// why: one child per measurement, so the module cache, Ajv's compiled validators and the JIT start cold each time
const CHILD = `
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
const [mode, casesDir, cacheDir, root] = process.argv.slice(1);
// why: the runner's own entry (the public API of src/index.ts does not export prepareCatalogue)
const { prepareCatalogue } = await import(path.join(root, 'src/runner/index.ts'));
const started = performance.now();
const cpu = process.cpuUsage();
let count = 0;
if (mode === 'read' || mode === 'yaml') {
  const { parse } = await import('yaml');
  for (const f of readdirSync(casesDir, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.yaml'))) {
    const text = readFileSync(path.join(casesDir, f), 'utf8');
    if (mode === 'read') count += text.length > 0 ? 1 : 0;
    else count += parse(text).cases.length;
  }
} else {
  const prepared = await prepareCatalogue({ cwd: root, casesDir, profileFile: 'profiles/reference.yaml', cacheDir }, {});
  count = prepared.variants.length;
}
const used = process.cpuUsage(cpu);
process.stdout.write(JSON.stringify({ ms: performance.now() - started, cpuMs: (used.user + used.system) / 1000, count }));
`;

function measure(mode: 'read' | 'yaml' | 'cold' | 'warm'): { ms: number; cpuMs: number; count: number } {
  if (mode === 'cold') rmSync(cacheDir, { recursive: true, force: true });
  const out = execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', CHILD, mode, casesDir, cacheDir, root], {
    cwd: root,
    encoding: 'utf8',
  });
  const parsed: unknown = JSON.parse(out);
  if (typeof parsed !== 'object' || parsed === null || !('ms' in parsed) || !('cpuMs' in parsed) || !('count' in parsed))
    throw new Error(`unexpected child output: ${out}`);
  return { ms: Number(parsed.ms), cpuMs: Number(parsed.cpuMs), count: Number(parsed.count) };
}

try {
  const generated = generateCatalogue(casesDir, minCases);
  const report = createBenchReport('catalogue-load', {
    title: 'prepareCatalogue of a generated catalogue, cold and warm cache, against reading and plain YAML parsing',
    sizes: { cases: generated.cases, files: generated.files, runs },
  });
  const samples = { read: [] as number[], yaml: [] as number[], cold: [] as number[], warm: [] as number[] };
  const cpu = { cold: [] as number[], warm: [] as number[] };
  let variants = 0;
  for (let i = 0; i < runs; i++) {
    for (const mode of ['read', 'yaml', 'cold', 'warm'] as const) {
      const { ms, cpuMs, count } = measure(mode);
      samples[mode].push(ms);
      if (mode === 'cold' || mode === 'warm') cpu[mode].push(cpuMs);
      if (mode === 'warm') variants = count;
    }
  }
  report.figure('read the files (fs only)', best(samples.read), 'ms', `best of ${runs}`);
  const yaml = report.figure('plain YAML parse (no positions, no validation)', best(samples.yaml), 'ms', `best of ${runs}`);
  const cold = report.figure('prepareCatalogue, empty cache (parses every file, fills the cache)', best(samples.cold), 'ms', `best of ${runs}`);
  const warm = report.figure('prepareCatalogue, warm cache', best(samples.warm), 'ms', `best of ${runs}`);
  report.figure('prepareCatalogue, empty cache, CPU', best(cpu.cold), 'ms', `best of ${runs}`);
  const warmCpu = report.figure('prepareCatalogue, warm cache, CPU', best(cpu.warm), 'ms', `best of ${runs}`);
  report.note(
    `${generated.cases} cases in ${generated.files} files, ${variants} variants under profiles/reference.yaml; each measurement in a fresh process (source through tsx)`,
  );
  report.goal({ name: 'catalogue load, warm cache (goal for 10k cases: 2 s)', subject: warm, op: '<=', limit: 2000 });
  report.goal({ name: 'catalogue load, warm cache, CPU time (goal for 10k cases: 2 s)', subject: warmCpu, op: '<=', limit: 2000 });
  report.goal({ name: 'catalogue load, empty cache (goal for 10k cases: 2 s)', subject: cold, op: '<=', limit: 2000 });
  report.goal({ name: 'warm load vs plain YAML parse', subject: warm, baseline: yaml, op: '<=', limit: 1 });
  await report.finish();
} finally {
  rmSync(work, { recursive: true, force: true });
}
