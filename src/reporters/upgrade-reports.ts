// The reports an upgrade check writes: format -> file name and renderer, and the writer (atomic, as every report).
import { join } from 'node:path';
import type { UpgradeReport } from '../schema/upgrade-report.ts';
import { writeFileAtomic } from '../util/atomic-write.ts';
import { makeDir } from '../util/make-dir.ts';
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
  await makeDir(options.outDir);
  const paths: string[] = [];
  for (const format of UPGRADE_REPORT_FORMATS.filter((name) => options.formats.includes(name))) {
    const path = join(options.outDir, UPGRADE_REPORTERS[format].fileName);
    await writeFileAtomic(path, UPGRADE_REPORTERS[format].render(report));
    paths.push(path);
  }
  if (options.stepSummaryPath !== undefined && options.stepSummaryPath !== '') await appendStepSummary(options.stepSummaryPath, renderUpgradeMarkdown(report));
  return paths;
}
