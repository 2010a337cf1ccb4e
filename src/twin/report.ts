// The twin report from a run: verdicts first, then the mirror as read and loaded, the faults reading it found, and
// each difference with its request (curl on both), both answers cut short, the clauses and what is wrong.
import type { DiffRunOutcome } from '../diff/index.ts';
import type { PairResult } from '../schema/diff-report.ts';
import { TWIN_REPORT_SCHEMA_VERSION, type MirrorTableReport, type TwinDifference, type TwinReport } from '../schema/twin-report.ts';
import { isDeepEqual, isPlainObject } from '../util/json.ts';
import { PACKAGE_INFO } from '../util/package-info.ts';
import type { TwinJudgement } from './judge.ts';
import type { PackageTable } from './package-writer.ts';
import type { TableRead } from './types.ts';
import { buildVerdicts } from './verdicts.ts';

/** Differences listed per pair in the report (each comparison keeps up to 100). */
const LISTED_DIFFERENCES = 10;
/** Pairs that differ from CKAN only, listed (the rest are counted). */
const LISTED_CKAN = 100;

/** What buildTwinReport needs. */
export interface TwinReportInput {
  target: TwinReport['target'];
  ckanVersion: string;
  outcome: DiffRunOutcome;
  judgementOf: (result: PairResult) => TwinJudgement | undefined;
  reads: readonly TableRead[];
  tables: readonly PackageTable[];
  /** Field ids per table id that are not compared. */
  notCompared: ReadonlyMap<string, readonly string[]>;
  skipped: number;
  startedAt: number;
  durationMs: number;
  loadMs: number;
  hostname: string;
  replay: string | undefined;
}

/** Whether a difference is the mirror's own: the type of a column it holds as text (the target renders it its own way). */
type Artefact = (difference: PairResult['differences'][number]) => boolean;

function artefactsOf(tables: readonly PackageTable[]): Artefact {
  const asText = new Set(tables.flatMap((table) => [...table.asText]));
  return (difference) => {
    if (difference.kind !== 'field-changed' || !isPlainObject(difference.expected) || !isPlainObject(difference.actual)) return false;
    const { type: _a, ...expected } = difference.expected;
    const { type: _b, ...actual } = difference.actual;
    return typeof expected['id'] === 'string' && asText.has(expected['id']) && isDeepEqual(expected, actual);
  };
}

function toDifference(result: PairResult, judgement: TwinJudgement, artefact: Artefact, shrunk?: { from: string; steps: number }): TwinDifference {
  const api = judgement.api;
  const { excerpts } = judgement;
  const differences = result.differences.filter((difference) => !artefact(difference));
  return {
    id: result.id,
    request: result.request,
    class: api === undefined ? 'ckan' : 'api',
    ...(api === undefined ? {} : { category: api.category }),
    clauses: api?.clauses ?? [],
    reason: api?.reason ?? differences[0]?.message ?? result.differences[0]?.message ?? 'no answer from the target',
    mirror: result.a,
    target: result.b,
    ...(excerpts === undefined ? {} : { excerpts: { mirror: excerpts.a, target: excerpts.b } }),
    differences: differences.slice(0, LISTED_DIFFERENCES),
    ...(shrunk === undefined ? {} : { shrunk }),
  };
}

function describeTable(read: TableRead, tables: readonly PackageTable[], notCompared: ReadonlyMap<string, readonly string[]>): MirrorTableReport {
  const table = tables.find((t) => t.id === read.resourceId);
  return {
    name: read.table.name,
    id: read.resourceId,
    aliases: table?.aliases ?? [],
    private: table?.private ?? false,
    rows: read.rows,
    ...(read.total === undefined ? {} : { total: read.total }),
    paths: read.paths,
    asText: [...(table?.asText ?? [])],
    notCompared: [...(notCompared.get(read.resourceId) ?? [])],
    notes: read.notes,
    ...(read.refused === undefined ? {} : { refused: read.refused }),
  };
}

/** The report (not yet redacted: the caller redacts tokens). */
export function buildTwinReport(input: TwinReportInput): TwinReport {
  const { results, generated } = input.outcome;
  const judged = results.map((result) => ({ result, judgement: input.judgementOf(result) ?? { covered: false, differs: result.outcome !== 'agree' } }));
  const findings = input.reads.flatMap((read) => read.findings);
  const artefact = artefactsOf(input.tables);
  const generatedFailures = (generated?.disagreements ?? []).flatMap((found) => {
    const judgement = input.judgementOf(found.pair);
    return judgement?.api === undefined && !input.target.claimsCkan
      ? []
      : [toDifference(found.pair, judgement ?? { covered: false, differs: true }, artefact, { from: found.original, steps: found.shrinks })];
  });
  const catalogue = judged.filter(({ result }) => !result.id.startsWith('generated #'));
  const failing = (j: TwinJudgement): boolean => j.api !== undefined || (input.target.claimsCkan && j.differs && j.mirrorError === undefined);
  const count = (outcome: string): number => results.filter((r) => r.outcome === outcome).length;
  return {
    schemaVersion: TWIN_REPORT_SCHEMA_VERSION,
    kit: { name: PACKAGE_INFO.name, version: PACKAGE_INFO.version },
    startedAt: new Date(input.startedAt).toISOString(),
    durationMs: input.durationMs,
    hostname: input.hostname,
    target: input.target,
    verdicts: buildVerdicts({
      judgements: judged.map((j) => j.judgement),
      findings: findings.length,
      ckanVersion: input.ckanVersion,
      claimsCkan: input.target.claimsCkan,
    }),
    summary: {
      total: results.length,
      agree: count('agree'),
      differ: count('differ'),
      error: count('error'),
      skipped: input.skipped,
      uncovered: judged.filter((j) => !j.judgement.covered).length,
    },
    mirror: { tables: input.reads.map((read) => describeTable(read, input.tables, input.notCompared)), loadMs: input.loadMs },
    findings,
    failures: [...catalogue.filter((j) => failing(j.judgement)).map((j) => toDifference(j.result, j.judgement, artefact)), ...generatedFailures],
    ckanDifferences: judged
      .filter((j) => j.judgement.differs && !failing(j.judgement))
      .slice(0, LISTED_CKAN)
      .map((j) => toDifference(j.result, j.judgement, artefact)),
    ...(generated === undefined
      ? {}
      : {
          generated: {
            seed: generated.seed,
            count: generated.count,
            replay: input.replay ?? `datastore-kit twin ... --generate ${generated.count} --seed ${generated.seed}`,
          },
        }),
  };
}
