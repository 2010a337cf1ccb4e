// Reporters: pure renderers of a RunResult (json, junit, html, ctrf, md), the registry that maps format names
// to files, the one atomic writer, the console listener, and reading/merging saved JSON reports.
export { summarize, createCounts, hasFailures } from './summarize.ts';
export { renderJson } from './json.ts';
export { renderJunit, type JunitOptions } from './junit.ts';
export {
  reporters,
  REPORT_FORMATS,
  isReportFormat,
  parseReportFormats,
  type Reporter,
  type ReportFormat,
  type RenderOptions,
} from './registry.ts';
export { writeReports, type WriteReportsOptions } from './writer.ts';
