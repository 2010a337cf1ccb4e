// The diff report from a run's outcome: targets, counts, the pairs that did not agree, generated disagreements.
import { describeValueDifferences, findSharedDifferences, type DiffRunOutcome, type DiffSide } from '../diff/index.ts';
import type { DiffReport } from '../schema/diff-report.ts';
import type { TrafficSummary } from '../schema/traffic.ts';
import { DIFF_REPORT_SCHEMA_VERSION } from '../schema/diff-report.ts';
import { PACKAGE_INFO } from '../util/package-info.ts';
import { maskUrlCredentials } from '../util/redact.ts';

/** What buildDiffReport needs. */
export interface DiffReportInput {
  sides: readonly [DiffSide, DiffSide];
  outcome: DiffRunOutcome;
  /** Catalogue variants not run on both. */
  skipped: number;
  startedAt: number;
  durationMs: number;
  hostname: string;
  replay: string | undefined;
  /** What the traffic file held and what of it was sent (`--requests`). */
  requests?: TrafficSummary | undefined;
}

/** The report (not yet redacted: the caller redacts tokens). */
export function buildDiffReport(input: DiffReportInput): DiffReport {
  const { results, generated } = input.outcome;
  const count = (outcome: string): number => results.filter((r) => r.outcome === outcome).length;
  const valuesDiffer = describeValueDifferences(input.sides[0], input.sides[1]);
  const shared = findSharedDifferences(results);
  const target = (side: DiffSide) => ({ label: side.label, url: maskUrlCredentials(side.url), reference: side.reference, profile: side.profile.name });
  return {
    schemaVersion: DIFF_REPORT_SCHEMA_VERSION,
    kit: { name: PACKAGE_INFO.name, version: PACKAGE_INFO.version },
    startedAt: new Date(input.startedAt).toISOString(),
    durationMs: input.durationMs,
    hostname: input.hostname,
    targets: [target(input.sides[0]), target(input.sides[1])],
    summary: { total: results.length, agree: count('agree'), differ: count('differ'), error: count('error'), skipped: input.skipped },
    pairs: results.filter((r) => r.outcome !== 'agree'),
    ...(valuesDiffer.length === 0 ? {} : { valuesDiffer }),
    ...(shared.length === 0 ? {} : { sharedDifferences: shared }),
    ...(input.requests === undefined ? {} : { requests: input.requests }),
    ...(generated === undefined
      ? {}
      : { generated: { ...generated, replay: input.replay ?? `datastore-kit diff ... --generate ${generated.count} --seed ${generated.seed}` } }),
  };
}
