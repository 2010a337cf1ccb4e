// The reports a twin run writes (twin.json, twin.md, twin.html), each atomically, and the Markdown to GitHub's job summary.
import type { TwinReport } from '../schema/twin-report.ts';
import { writeReportSet } from './report-set.ts';
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
export function writeTwinReports(
  report: TwinReport,
  options: { formats: readonly TwinReportFormat[]; outDir: string; stepSummaryPath?: string | undefined },
): Promise<string[]> {
  return writeReportSet(report, { reporters: TWIN_REPORTERS, order: TWIN_REPORT_FORMATS, summary: renderTwinMarkdown }, options);
}
