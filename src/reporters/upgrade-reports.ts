// The reports an upgrade check writes: format -> file name and renderer, and the writer (atomic, as every report).
import type { UpgradeReport } from '../schema/upgrade-report.ts';
import { writeReportFiles } from './report-files.ts';
import { appendStepSummary } from './step-summary.ts';
import { renderUpgradeHtml } from './upgrade-html.ts';
import { renderUpgradeMarkdown } from './upgrade-text.ts';

export const UPGRADE_REPORTERS = Object.freeze({
  json: { fileName: 'upgrade.json', render: (report: UpgradeReport) => `${JSON.stringify(report, null, 2)}\n` },
  md: { fileName: 'upgrade.md', render: renderUpgradeMarkdown },
  html: { fileName: 'upgrade.html', render: renderUpgradeHtml },
});
export type UpgradeReportFormat = keyof typeof UPGRADE_REPORTERS;
export const UPGRADE_REPORT_FORMATS: readonly UpgradeReportFormat[] = Object.freeze(['json', 'md', 'html'] as const);

/** Writes the upgrade report in each format to `outDir` atomically (and the Markdown to GitHub's job summary); the paths written. */
export async function writeUpgradeReports(
  report: UpgradeReport,
  options: { formats: readonly UpgradeReportFormat[]; outDir: string; stepSummaryPath?: string | undefined },
): Promise<string[]> {
  const paths = await writeReportFiles(report, UPGRADE_REPORTERS, { order: UPGRADE_REPORT_FORMATS, formats: options.formats, outDir: options.outDir });
  if (options.stepSummaryPath !== undefined && options.stepSummaryPath !== '') await appendStepSummary(options.stepSummaryPath, renderUpgradeMarkdown(report));
  return paths;
}
