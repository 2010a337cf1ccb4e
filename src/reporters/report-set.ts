// The report files of a command with its own report format (diff, twin): each chosen format rendered and written
// atomically, and the Markdown appended to GitHub's job summary.
import { join } from 'node:path';
import { writeFileAtomic } from '../util/atomic-write.ts';
import { makeDir } from '../util/make-dir.ts';
import { appendStepSummary } from './step-summary.ts';

/** Format -> file name and renderer of one report. */
export type ReportSet<R, F extends string> = Readonly<Record<F, { fileName: string; render: (report: R) => string }>>;

/** Writes `report` in each of `formats` (in the order of `order`) to `outDir`; returns the paths written. */
export async function writeReportSet<R, F extends string>(
  report: R,
  set: { reporters: ReportSet<R, F>; order: readonly F[]; summary: (report: R) => string },
  options: { formats: readonly F[]; outDir: string; stepSummaryPath?: string | undefined },
): Promise<string[]> {
  await makeDir(options.outDir);
  const paths: string[] = [];
  for (const format of set.order.filter((name) => options.formats.includes(name))) {
    const path = join(options.outDir, set.reporters[format].fileName);
    await writeFileAtomic(path, set.reporters[format].render(report));
    paths.push(path);
  }
  if (options.stepSummaryPath !== undefined && options.stepSummaryPath !== '') await appendStepSummary(options.stepSummaryPath, set.summary(report));
  return paths;
}
