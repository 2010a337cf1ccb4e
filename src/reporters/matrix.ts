// The compatibility matrix: many runs' reports (targets, or CKAN releases) side by side, one row per case variant
// and one column per run, the rows that differ between the runs first (the delta is the deliverable), and every
// known deviation with the runs it appears in, its CKAN reference as a link and the release that fixed it.
import type { CaseResult, CaseStatus, RunResult } from '../model/index.ts';
import { parseCkanRelease } from '../schema/ckan-version.ts';
import { maskUrlCredentials } from '../util/redact.ts';

/** One run: its report and where it was read from. */
export interface MatrixRun {
  /** The folder or file it was read from, as given. */
  source: string;
  result: RunResult;
}

export interface MatrixColumn {
  /** `CKAN 2.11.5`, else the target's host; made unique with the source when two runs have the same. */
  label: string;
  release: string | undefined;
  target: string;
  source: string;
}

export interface MatrixCell {
  status: CaseStatus;
  /** The first finding or the error, one line. */
  detail: string | undefined;
  known: CaseResult['known'];
}

export interface MatrixRow {
  id: string;
  title: string;
  class: string;
  /** One per column; undefined where that run has no such variant. */
  cells: Array<MatrixCell | undefined>;
  /** The runs do not all give it the same status. */
  differs: boolean;
}

/** A known deviation of CKAN and the columns it appears in. */
export interface MatrixDeviation {
  caseId: string;
  note: string;
  ref: string;
  /** A link to CKAN's issue, pull request or advisory, when the reference names one. */
  url: string | undefined;
  fixed: string | undefined;
  /** Labels of the columns with a variant of the case reported as this deviation. */
  columns: string[];
}

export interface MatrixView {
  columns: MatrixColumn[];
  /** The rows that differ, then the others; each in the order of the first run that has them. */
  rows: MatrixRow[];
  deviations: MatrixDeviation[];
}

/** A link for a CKAN reference: `ckan/ckan#8709` (issue or pull request), a CVE or advisory id; undefined when it names none. */
export function linkReference(ref: string): string | undefined {
  const issue = /\b([\w.-]+\/[\w.-]+)#(\d+)/.exec(ref);
  if (issue !== null) return `https://github.com/${issue[1]}/issues/${issue[2]}`;
  const cve = /\bCVE-\d{4}-\d{4,}\b/.exec(ref);
  if (cve !== null) return `https://www.cve.org/CVERecord?id=${cve[0]}`;
  const advisory = /\bGHSA(?:-[0-9a-z]{4}){3}\b/.exec(ref);
  return advisory === null ? undefined : `https://github.com/advisories/${advisory[0]}`;
}

function releaseOf(result: RunResult): string | undefined {
  return result.target.ckan?.release ?? result.target.ckan?.version;
}

function toColumns(runs: readonly MatrixRun[]): MatrixColumn[] {
  const columns = runs.map((run) => {
    const release = releaseOf(run.result);
    const target = maskUrlCredentials(run.result.target.url);
    const host = URL.canParse(target) ? new URL(target).host : target;
    return { label: release === undefined ? host : `CKAN ${release}`, release, target, source: run.source };
  });
  const counts = new Map<string, number>();
  for (const column of columns) counts.set(column.label, (counts.get(column.label) ?? 0) + 1);
  return columns.map((column) => ((counts.get(column.label) ?? 0) > 1 ? { ...column, label: `${column.label} (${column.source})` } : column));
}

/** The runs in release order when every run names its release, else as given. */
function orderRuns(runs: readonly MatrixRun[]): MatrixRun[] {
  const keyed = runs.map((run) => ({ run, release: parseCkanRelease(releaseOf(run.result) ?? '') }));
  if (keyed.some((k) => k.release === undefined)) return [...runs];
  const rank = (k: (typeof keyed)[number]): number => Number(k.release?.minor.split('.')[1] ?? 0) * 10_000 + (k.release?.patch ?? 9_999);
  return [...keyed].sort((a, b) => rank(a) - rank(b)).map((k) => k.run);
}

function toCell(result: CaseResult): MatrixCell {
  const finding = result.findings[0];
  const detail = result.error?.message ?? (finding === undefined ? result.reason : `${finding.rule}: ${finding.message}`);
  return { status: result.status, detail, known: result.known };
}

/** Builds the matrix of the runs (pure). */
export function buildMatrix(given: readonly MatrixRun[]): MatrixView {
  const runs = orderRuns(given);
  const columns = toColumns(runs);
  const rows = new Map<string, MatrixRow>();
  runs.forEach((run, index) => {
    for (const result of run.result.cases) {
      const row = rows.get(result.id) ?? {
        id: result.id,
        title: result.title,
        class: result.class,
        cells: new Array<MatrixCell | undefined>(runs.length).fill(undefined),
        differs: false,
      };
      row.cells[index] = toCell(result);
      rows.set(result.id, row);
    }
  });
  const all = [...rows.values()].map((row) => ({ ...row, differs: new Set(row.cells.map((cell) => cell?.status ?? 'absent')).size > 1 }));
  return { columns, rows: [...all.filter((r) => r.differs), ...all.filter((r) => !r.differs)], deviations: listDeviations(runs, columns) };
}

function listDeviations(runs: readonly MatrixRun[], columns: readonly MatrixColumn[]): MatrixDeviation[] {
  const found = new Map<string, MatrixDeviation>();
  runs.forEach((run, index) => {
    for (const result of run.result.cases) {
      if (result.known === undefined) continue;
      const { note, ref, fixed } = result.known;
      const key = JSON.stringify([result.caseId, ref, note]);
      const deviation = found.get(key) ?? { caseId: result.caseId, note, ref, url: linkReference(ref), fixed, columns: [] };
      const label = columns[index]?.label ?? run.source;
      if (!deviation.columns.includes(label)) deviation.columns.push(label);
      found.set(key, deviation);
    }
  });
  return [...found.values()];
}
