// Reporters: pure renderers of a RunResult (json, junit, html, ctrf, md), the registry that maps format names
// to files, the one atomic writer, the console listener, and reading/merging saved JSON reports; the reports of
// diff and upgrade-check, and the compatibility matrix of many saved runs.
export { summarize, countApplied, createCounts, hasFailures } from './summarize.ts';
export { renderJson } from './json.ts';
export { renderJunit } from './junit.ts';
export { renderHtml } from './html.ts';
export { renderCtrf } from './ctrf.ts';
export { CtrfReportSchema, type CtrfReport } from './ctrf-schema.ts';
export { renderMarkdown } from './markdown.ts';
export { appendStepSummary, capMarkdown, STEP_SUMMARY_MAX_BYTES } from './step-summary.ts';
export { reporters, REPORT_FORMATS, parseReportFormats, type ReportFormat } from './registry.ts';
export { openReportStream, type ReportStream } from './stream.ts';
export { writeReports, writeDiffReports, DIFF_REPORTERS, DIFF_REPORT_FORMATS, type WriteReportsOptions, type DiffReportFormat } from './writer.ts';
export { formatDiffSummary } from './diff-text.ts';
export { UPGRADE_REPORTERS, UPGRADE_REPORT_FORMATS, writeUpgradeReports, type UpgradeReportFormat } from './upgrade-reports.ts';
export { formatUpgradeSummary } from './upgrade-text.ts';
export { buildMatrix, type MatrixRun, type MatrixView } from './matrix.ts';
export { MATRIX_REPORT_FORMATS, writeMatrixReports, type MatrixReportFormat } from './matrix-reports.ts';
export { describeMatrix } from './matrix-render.ts';
export { prepareReportDir } from './out-dir.ts';
export { createConsoleListener, type ConsoleListenerOptions } from './console.ts';
export { readReport } from './read.ts';
export { mergeShardReports } from './merge.ts';
export { formatTwinSummary } from './twin-text.ts';
export { writeTwinReports, TWIN_REPORTERS, TWIN_REPORT_FORMATS, type TwinReportFormat } from './twin-writer.ts';
export { parseFormatList } from './format-list.ts';
