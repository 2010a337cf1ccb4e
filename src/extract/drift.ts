// Drift and freshness: each run of an extract is compared with the previous run of the same extract (the same
// target, resource or SQL and query, whatever the file is called: a summary of each run is kept in the output
// folder): columns added, removed or retyped, and the change in rows. `--fail-on-drift` makes a column change, and
// `--max-shrink PCT` a loss of more than PCT percent of the rows, fail the run (exit 1), the new file kept.
import { readFile } from 'node:fs/promises';
import { KitError, KitErrorCode } from '../errors.ts';
import type { Manifest } from '../schema/extract-files.ts';
import { writeFileAtomic } from '../util/atomic-write.ts';
import { extractStatePath, manifestPath } from './checkpoint.ts';
import type { ExtractChecks, ExtractColumn, ExtractStateOwner } from './types.ts';

/** What is kept of a run for the next one to compare with. */
interface RunSummary {
  file: string;
  finishedAt: string;
  rows: number;
  columns: ExtractColumn[];
}

/** How this run differs from the previous one. */
export interface Drift {
  previous: { file: string; finishedAt: string; rows: number };
  columnsAdded: string[];
  columnsRemoved: string[];
  columnsRetyped: { id: string; from: string; to: string }[];
  /** Rows now minus rows then. */
  rowChange: number;
}

function summaryPath(spec: ExtractStateOwner): string {
  return extractStatePath(spec, 'last');
}

/** The previous run's summary, or undefined for a first run (or an unreadable summary: then there is nothing to compare). */
export async function readPreviousRun(spec: ExtractStateOwner): Promise<RunSummary | undefined> {
  try {
    const value: unknown = JSON.parse(await readFile(summaryPath(spec), 'utf8'));
    if (typeof value !== 'object' || value === null) return undefined;
    const { file, finishedAt, rows, columns } = value as Record<string, unknown>; // why: each field checked below
    if (typeof file !== 'string' || typeof finishedAt !== 'string' || typeof rows !== 'number' || !Array.isArray(columns)) return undefined;
    const typed = columns.filter((c): c is ExtractColumn => typeof c === 'object' && c !== null && typeof c.id === 'string' && typeof c.type === 'string');
    return { file, finishedAt, rows, columns: typed };
  } catch {
    return undefined;
  }
}

/** Keeps this run's summary for the next run. */
async function recordRun(spec: ExtractStateOwner, manifest: Manifest): Promise<void> {
  const summary: RunSummary = { file: manifest.output.file, finishedAt: manifest.finishedAt, rows: manifest.rows, columns: manifest.columns };
  await writeFileAtomic(summaryPath(spec), `${JSON.stringify(summary, null, 2)}\n`);
}

/** The drift from `previous` to this run's manifest. */
function compareRuns(previous: RunSummary, manifest: Manifest): Drift {
  const before = new Map(previous.columns.map((column) => [column.id, column.type]));
  const now = new Map(manifest.columns.map((column) => [column.id, column.type]));
  return {
    previous: { file: previous.file, finishedAt: previous.finishedAt, rows: previous.rows },
    columnsAdded: [...now.keys()].filter((id) => !before.has(id)),
    columnsRemoved: [...before.keys()].filter((id) => !now.has(id)),
    columnsRetyped: [...now].flatMap(([id, type]) => {
      const from = before.get(id);
      return from === undefined || from === type ? [] : [{ id, from, to: type }];
    }),
    rowChange: manifest.rows - previous.rows,
  };
}

/** Whether any column was added, removed or retyped. */
function hasColumnDrift(drift: Drift): boolean {
  return drift.columnsAdded.length + drift.columnsRemoved.length + drift.columnsRetyped.length > 0;
}

/** The percentage of the previous rows lost (0 when rows grew or stayed). */
function shrinkPct(drift: Drift): number {
  return drift.rowChange >= 0 || drift.previous.rows === 0 ? 0 : (-drift.rowChange * 100) / drift.previous.rows;
}

/** One line per change, e.g. `columns removed since the run of 2026-11-21T03:00:00.000Z (courses-2026-11-21.csv): fee`. */
function describeDrift(drift: Drift): string[] {
  const since = `since the run of ${drift.previous.finishedAt} (${drift.previous.file})`;
  const lines: string[] = [];
  if (drift.columnsAdded.length > 0) lines.push(`columns added ${since}: ${drift.columnsAdded.join(', ')}`);
  if (drift.columnsRemoved.length > 0) lines.push(`columns removed ${since}: ${drift.columnsRemoved.join(', ')}`);
  for (const change of drift.columnsRetyped) lines.push(`column ${change.id} retyped ${since}: ${change.from} -> ${change.to}`);
  const shrink = shrinkPct(drift);
  if (drift.rowChange !== 0) {
    const pct = shrink > 0 ? ` (-${shrink.toFixed(1)}%)` : '';
    lines.push(`rows ${drift.rowChange > 0 ? '+' : ''}${drift.rowChange}${pct} ${since}: ${drift.previous.rows} -> ${drift.previous.rows + drift.rowChange}`);
  }
  return lines;
}

/**
 * Adds this run's drift to its manifest (rewritten beside the output) and says it, keeps this run for the next,
 * and throws E_EXTRACT_FAILED when `--fail-on-drift` or `--max-shrink` turn the drift into a failure.
 */
export async function checkDrift(
  spec: ExtractStateOwner & ExtractChecks,
  previous: RunSummary | undefined,
  manifest: Manifest,
  onWarning?: (message: string) => void,
): Promise<Manifest> {
  await recordRun(spec, manifest);
  if (previous === undefined) return manifest;
  const drift = compareRuns(previous, manifest);
  // why: an incremental run writes only new rows, so its count says nothing about the table shrinking
  const counted = spec.incremental === undefined ? drift : { ...drift, rowChange: 0 };
  const lines = describeDrift(counted);
  if (lines.length === 0) return manifest;
  for (const line of lines) onWarning?.(`${spec.out}: ${line}`);
  const withDrift: Manifest = { ...manifest, drift: counted, warnings: [...manifest.warnings, ...lines] };
  await writeFileAtomic(manifestPath(spec.out), `${JSON.stringify(withDrift, null, 2)}\n`);
  const failures = [
    ...(spec.failOnDrift === true && hasColumnDrift(counted) ? ['the columns changed (--fail-on-drift)'] : []),
    ...(spec.maxShrinkPct !== undefined && shrinkPct(counted) > spec.maxShrinkPct
      ? [`it lost ${shrinkPct(counted).toFixed(1)}% of the rows, more than --max-shrink ${spec.maxShrinkPct}`]
      : []),
  ];
  if (failures.length > 0) {
    throw new KitError(
      KitErrorCode.extractFailed,
      `extract to ${spec.out} drifted: ${failures.join('; ')}: ${lines.join('; ')} (the file is written; its manifest records the drift)`,
    );
  }
  return withDrift;
}
