// `diff` as a use case: both targets opened and compared (diff-run.ts), the diff reports written.
import { DIFF_REPORTERS, writeDiffReports } from '../reporters/index.ts';
import type { DiffReport } from '../schema/diff-report.ts';
import type { DiffOptions } from './diff-options.ts';
import { openDiffRun, type DiffContext } from './diff-run.ts';

export type { DiffContext } from './diff-run.ts';

/** What diffTargets gives back: the diff report and the report files written. */
export interface DiffOutcome {
  report: DiffReport;
  reportPaths: string[];
}

/**
 * Sends the same requests to two targets and compares their normalised answers; writes the diff reports.
 * Throws InputError/KitError (exit 2) for bad options, profiles or catalogue, and KitError (exit 3) when a
 * target is unreachable, the reference server cannot start or the report folder cannot be written.
 */
export async function diffTargets(options: DiffOptions, context: DiffContext = {}): Promise<DiffOutcome> {
  const env = context.env ?? {};
  const run = await openDiffRun(
    options,
    env,
    Object.values(DIFF_REPORTERS).map((r) => r.fileName),
  );
  try {
    const { report } = await run.compare(context);
    const reportPaths = await writeDiffReports(report, { formats: options.reportFormats, outDir: run.outDir, stepSummaryPath: env['GITHUB_STEP_SUMMARY'] });
    return { report, reportPaths };
  } finally {
    await run.close();
  }
}
