// The reports a twin run writes (twin.json, twin.md, twin.html), each atomically, and the Markdown to GitHub's job summary.
import { join } from 'node:path';
import type { TwinReport } from '../schema/twin-report.ts';
import { writeFileAtomic } from '../util/atomic-write.ts';
import { makeDir } from '../util/make-dir.ts';
import { appendStepSummary } from './step-summary.ts';
import { renderTwinHtml } from './twin-html.ts';
import { renderTwinMarkdown } from './twin-text.ts';

/** Format -> file name and renderer. */
export const TWIN_REPORTERS = Object.freeze({
  json: { fileName: 'twin.json', render: (report: TwinReport) => `${JSON.stringify(report, null, 2)}\n` },
  md: { fileName: 'twin.md', render: renderTwinMarkdown },
  html: { fileName: 'twin.html', render: renderTwinHtml },
});
export type TwinReportFormat = keyof typeof TWIN_REPORTERS;
export const TWIN_REPORT_FORMATS: readonly TwinReportFormat[] = Object.freeze(['json', 'md', 'html'] as const);

/** Writes the twin report in each format to `outDir`; returns the paths written. */
export async function writeTwinReports(
  report: TwinReport,
  options: { formats: readonly TwinReportFormat[]; outDir: string; stepSummaryPath?: string | undefined },
): Promise<string[]> {
  await makeDir(options.outDir);
  const paths: string[] = [];
  for (const format of TWIN_REPORT_FORMATS.filter((name) => options.formats.includes(name))) {
    const path = join(options.outDir, TWIN_REPORTERS[format].fileName);
    await writeFileAtomic(path, TWIN_REPORTERS[format].render(report));
    paths.push(path);
  }
  if (options.stepSummaryPath !== undefined && options.stepSummaryPath !== '') await appendStepSummary(options.stepSummaryPath, renderTwinMarkdown(report));
  return paths;
}
