// The shared way every bench reports: figures (what was measured, with units) and goals (a measured figure
// against a baseline measured in the same run, or against a fixed limit), printed as a table and written to
// `reports/bench/<bench>.json` atomically. `npm run bench` (bench/run-all.ts) collects these files into one table.
// Use: `const report = createBenchReport('runner', { title, sizes })`, `report.figure(...)`, `report.goal(...)`,
// then `await report.finish()` (prints and writes; sets a non-zero exit code only when asked to by --strict).
import { mkdirSync } from 'node:fs';
import { cpus } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { writeFileAtomic } from '../../src/util/atomic-write.ts';

/** Where bench results go unless DSK_BENCH_OUT_DIR names another folder. */
export const BENCH_OUT_DIR = fileURLToPath(new URL('../../reports/bench/', import.meta.url));
/** Version of the result file's shape. */
export const BENCH_RESULT_VERSION = 1;

/** One measured value. */
export interface Figure {
  label: string;
  value: number;
  /** e.g. 'ms', 'MB', 'req/s', 'rows/s', 'x'. */
  unit: string;
  note?: string;
}

/** How a goal compares: the ratio subject/baseline (or the subject itself when there is no baseline) to a limit. */
export interface GoalInput {
  /** Short name, e.g. 'request phase vs bare undici replay'. */
  name: string;
  subject: Figure;
  /** The in-run baseline; without one the subject's value itself is compared with `limit` (same unit). */
  baseline?: Figure;
  op: '<=' | '>=';
  limit: number;
  /** Override of the ratio (default subject.value / baseline.value), e.g. for a speed given as times. */
  ratio?: number;
}

/** A goal as written: its ratio (or value) and whether it was met. */
export interface Goal extends GoalInput {
  /** subject/baseline, or the subject's value when there is no baseline. */
  compared: number;
  met: boolean;
}

/** What a bench writes to `<out>/<bench>.json`. */
export interface BenchResult {
  version: typeof BENCH_RESULT_VERSION;
  bench: string;
  title: string;
  /** The command that produced it, e.g. `npm run bench:runner -- 200`. */
  command: string;
  /** The sizes the figures came from (cases, rows, runs, seconds ...). */
  sizes: Record<string, number | string>;
  node: string;
  cpus: number;
  startedAt: string;
  durationMs: number;
  figures: Figure[];
  goals: Goal[];
  notes: string[];
}

export interface BenchReport {
  figure(label: string, value: number, unit: string, note?: string): Figure;
  goal(input: GoalInput): Goal;
  note(text: string): void;
  /** Prints the table and writes the result file; returns its path. */
  finish(): Promise<string>;
}

/** Starts a bench's report; `sizes` says which sizes the figures come from. */
export function createBenchReport(bench: string, meta: { title: string; sizes: Record<string, number | string> }): BenchReport {
  // why: a bench often builds its report at the end; the process's start is when its measuring began
  const startedAt = Date.now() - process.uptime() * 1000;
  const figures: Figure[] = [];
  const goals: Goal[] = [];
  const notes: string[] = [];
  return {
    figure(label, value, unit, note) {
      const figure: Figure = { label, value, unit, ...(note === undefined ? {} : { note }) };
      figures.push(figure);
      return figure;
    },
    goal(input) {
      const compared = input.ratio ?? (input.baseline === undefined ? input.subject.value : input.subject.value / input.baseline.value);
      const met = input.op === '<=' ? compared <= input.limit : compared >= input.limit;
      const goal: Goal = { ...input, compared, met };
      goals.push(goal);
      return goal;
    },
    note(text) {
      notes.push(text);
    },
    async finish() {
      const result: BenchResult = {
        version: BENCH_RESULT_VERSION,
        bench,
        title: meta.title,
        command: commandLine(bench),
        sizes: meta.sizes,
        node: process.version,
        cpus: cpus().length,
        startedAt: new Date(Math.round(startedAt)).toISOString(),
        durationMs: Math.round(Date.now() - startedAt),
        figures,
        goals,
        notes,
      };
      process.stdout.write(`${renderBenchText(result)}\n`);
      return await writeBenchResult(result);
    },
  };
}

/** The folder results are written to (DSK_BENCH_OUT_DIR or reports/bench/), created if missing. */
export function benchOutDir(): string {
  const dir = path.resolve(process.env['DSK_BENCH_OUT_DIR'] ?? BENCH_OUT_DIR);
  mkdirSync(dir, { recursive: true });
  return dir;
}

async function writeBenchResult(result: BenchResult): Promise<string> {
  const file = path.join(benchOutDir(), `${result.bench}.json`);
  await writeFileAtomic(file, `${JSON.stringify(result, null, 2)}\n`);
  return file;
}

function commandLine(bench: string): string {
  const args = process.argv.slice(2);
  return `npm run bench:${bench}${args.length === 0 ? '' : ` -- ${args.join(' ')}`}`;
}

/** A number for a table: integers plain, small values with 2 significant decimals. */
export function formatNumber(value: number): string {
  if (!Number.isFinite(value)) return String(value);
  const abs = Math.abs(value);
  if (abs >= 100) return value.toFixed(0);
  if (abs >= 10) return value.toFixed(1);
  return value.toFixed(2);
}

/** `12.3 ms` */
export function formatFigure(figure: Figure): string {
  return `${formatNumber(figure.value)} ${figure.unit}`;
}

/** One line per goal: name, subject, baseline, ratio vs limit, met. */
export function formatGoal(goal: Goal): string {
  const vs = goal.baseline === undefined ? '' : ` vs ${goal.baseline.label} ${formatFigure(goal.baseline)}`;
  const compared =
    goal.baseline === undefined && goal.ratio === undefined ? `${formatNumber(goal.compared)} ${goal.subject.unit}` : `${formatNumber(goal.compared)}x`;
  const limit = goal.baseline === undefined && goal.ratio === undefined ? `${formatNumber(goal.limit)} ${goal.subject.unit}` : `${formatNumber(goal.limit)}x`;
  return `${goal.name}: ${compared} (goal ${goal.op} ${limit}) ${goal.met ? 'met' : 'NOT met'} | ${goal.subject.label} ${formatFigure(goal.subject)}${vs}`;
}

/** The plain-text block a bench prints at its end. */
export function renderBenchText(result: BenchResult): string {
  const sizes = Object.entries(result.sizes)
    .map(([k, v]) => `${k}=${v}`)
    .join(' ');
  const lines = [`== ${result.bench}: ${result.title} (${sizes}; node ${result.node}, ${result.cpus} cpus)`];
  const width = Math.max(0, ...result.figures.map((f) => f.label.length));
  for (const f of result.figures) lines.push(`  ${f.label.padEnd(width)}  ${formatFigure(f).padStart(12)}${f.note === undefined ? '' : `  ${f.note}`}`);
  for (const g of result.goals) lines.push(`  goal ${formatGoal(g)}`);
  for (const n of result.notes) lines.push(`  note: ${n}`);
  return lines.join('\n');
}

/** The median of `values` (NaN when empty). */
export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  if (sorted.length === 0) return Number.NaN;
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[mid] ?? Number.NaN) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
}

/** The smallest of `values` (the machine's cost with the least interference from other load). */
export function best(values: readonly number[]): number {
  return values.length === 0 ? Number.NaN : Math.min(...values);
}
