// `upgrade-check` as a use case: the two-target run it amounts to (two reference servers answering as --from and
// --to over one data source, or two live targets) opened and compared, its disagreements made the change list
// (src/upgrade), explained by the CKAN changes between the releases, and the upgrade reports written.
import { HttpError, type HttpClient } from '../http/index.ts';
import type { DiffSide } from '../diff/index.ts';
import { UPGRADE_REPORTERS, writeUpgradeReports } from '../reporters/index.ts';
import type { DiffReport } from '../schema/diff-report.ts';
import { UPGRADE_REPORT_SCHEMA_VERSION, type UpgradeReport } from '../schema/upgrade-report.ts';
import { createChangeList, listTraitChanges, toExplanation } from '../upgrade/index.ts';
import { isPlainObject } from '../util/json.ts';
import { PACKAGE_INFO } from '../util/package-info.ts';
import { createRedactor, maskUrlCredentials, urlSecrets } from '../util/redact.ts';
import { openDiffRun, type DiffContext } from './diff-run.ts';
import type { UpgradeOptions } from './upgrade-options.ts';

/** What checkUpgrade gives back: the report and the files written. */
export interface UpgradeOutcome {
  report: UpgradeReport;
  reportPaths: string[];
}

/** The release a live target runs, by its status_show (`ckan_version`); undefined when it does not say. */
async function askRelease(client: HttpClient, side: DiffSide): Promise<string | undefined> {
  const headers: Record<string, string> = side.token === undefined ? {} : { authorization: side.token };
  try {
    const response = await client.send({ method: 'GET', url: `${side.url.replace(/\/+$/, '')}/api/3/action/status_show`, headers });
    const body: unknown = JSON.parse(response.body);
    const result = isPlainObject(body) ? body['result'] : undefined;
    const version = isPlainObject(result) ? result['ckan_version'] : undefined;
    return typeof version === 'string' && version !== '' ? version : undefined;
  } catch (error) {
    if (error instanceof HttpError || error instanceof SyntaxError) return undefined;
    throw error;
  }
}

interface Releases {
  from: string | undefined;
  to: string | undefined;
}

/** The releases the two sides are: the reference servers' own, else --from/--to, else what each target says. */
async function findReleases(options: UpgradeOptions, client: HttpClient, sides: readonly [DiffSide, DiffSide]): Promise<Releases> {
  if (options.mode === 'reference') return { from: sides[0].ckanRelease, to: sides[1].ckanRelease };
  return { from: options.from ?? (await askRelease(client, sides[0])), to: options.to ?? (await askRelease(client, sides[1])) };
}

interface ReportInput {
  options: UpgradeOptions;
  sides: readonly [DiffSide, DiffSide];
  releases: Releases;
  diff: DiffReport;
  changes: UpgradeReport['changes'];
  traits: UpgradeReport['traits'];
}

function buildUpgradeReport(input: ReportInput): UpgradeReport {
  const { diff, sides, releases } = input;
  const side = (s: DiffSide, release: string | undefined): UpgradeReport['from'] => ({
    label: s.label,
    ...(release === undefined ? {} : { release }),
    url: maskUrlCredentials(s.url),
    reference: s.reference,
  });
  const catalogue = diff.summary.total - (diff.generated?.count ?? 0) - (diff.requests?.sent ?? 0);
  return {
    schemaVersion: UPGRADE_REPORT_SCHEMA_VERSION,
    kit: { name: PACKAGE_INFO.name, version: PACKAGE_INFO.version },
    startedAt: diff.startedAt,
    durationMs: diff.durationMs,
    hostname: diff.hostname,
    mode: input.options.mode,
    data: input.options.data,
    from: side(sides[0], releases.from),
    to: side(sides[1], releases.to),
    summary: { total: diff.summary.total, agree: diff.summary.agree, changed: diff.summary.differ, error: diff.summary.error, changes: input.changes.length },
    sources: {
      catalogue,
      ...(diff.generated === undefined ? {} : { generated: { count: diff.generated.count, seed: diff.generated.seed, replay: diff.generated.replay } }),
      ...(diff.requests === undefined ? {} : { requests: diff.requests }),
    },
    changes: input.changes,
    traits: input.traits,
    pairs: diff.pairs,
  };
}

/**
 * Checks what clients see change between two CKAN releases (or two targets) and writes the upgrade reports.
 * Throws InputError/KitError (exit 2) for bad options, profiles, catalogue or traffic file, and KitError (exit 3)
 * when a target is unreachable, a reference server cannot start or the report folder cannot be written.
 */
export async function checkUpgrade(options: UpgradeOptions, context: DiffContext = {}): Promise<UpgradeOutcome> {
  const env = context.env ?? {};
  const run = await openDiffRun(
    options.diff,
    env,
    Object.values(UPGRADE_REPORTERS).map((r) => r.fileName),
  );
  try {
    const releases = await findReleases(options, run.client, run.sides);
    const between = listTraitChanges(releases.from, releases.to);
    const traitChanges = 'changes' in between ? between.changes : [];
    const list = createChangeList(traitChanges);
    const { report: diff, outcome } = await run.compare({ ...context, onAnswers: list.onAnswers, releases: [releases.from, releases.to] });
    const changes = list.build(outcome.results, run.occurrences);
    const seen = new Set(changes.flatMap((c) => c.explanation.map((e) => e.id)));
    const traits: UpgradeReport['traits'] =
      'note' in between
        ? { between: [], unseen: [], note: between.note }
        : { between: traitChanges.map(toExplanation), unseen: traitChanges.map((t) => t.trait.id).filter((id) => !seen.has(id)) };
    const redact = createRedactor(run.sides.flatMap((s) => [s.token, ...urlSecrets(s.url)]));
    const report = redact(buildUpgradeReport({ options, sides: run.sides, releases, diff, changes, traits }));
    const reportPaths = await writeUpgradeReports(report, { formats: options.reportFormats, outDir: run.outDir, stepSummaryPath: env['GITHUB_STEP_SUMMARY'] });
    return { report, reportPaths };
  } finally {
    await run.close();
  }
}
