// The one report writer: renders the chosen formats and writes each file atomically.
import { join } from 'node:path';
import type { RunResult } from '../model/index.ts';
import type { DiffReport } from '../schema/diff-report.ts';
import { renderDiffHtml } from './diff-html.ts';
import { renderDiffMarkdown } from './diff-text.ts';
import { commitStagedFiles, stageFileAtomic, type StagedFile } from '../util/atomic-write.ts';
import { renderMarkdown } from './markdown.ts';
import { appendStepSummary } from './step-summary.ts';
import { REPORT_FORMATS, reporters, type RenderOptions, type Reporter, type ReportFormat } from './registry.ts';
import { makeDir } from '../util/make-dir.ts';
import { writeReportSet } from './report-set.ts';

/** Options of `writeReports`. */
export interface WriteReportsOptions {
  /** Formats to write, e.g. `['json', 'junit']` (see `parseReportFormats`). */
  formats: readonly ReportFormat[];
  /** Output directory, created if missing. */
  outDir: string;
  /** Per-format renderer options. */
  render?: RenderOptions;
  /**
   * GitHub Actions' `$GITHUB_STEP_SUMMARY` file: when set, the Markdown summary is appended to it (kept under
   * 1 MiB), whether or not `md` is among `formats`. The CLI passes the env value in.
   */
  stepSummaryPath?: string | undefined;
}

/**
 * Renders every requested format and writes it to `outDir/<fileName>` (temp file + fsync + rename, so a
 * crash never leaves a partial report), then appends the Markdown summary to `stepSummaryPath` if given.
 * Returns the report paths written, in registry order.
 */
export async function writeReports(result: RunResult, options: WriteReportsOptions): Promise<string[]> {
  await makeDir(options.outDir);
  const renderOptions = options.render ?? {};
  const paths: string[] = [];
  const wanted = new Set(options.formats);
  // why staged: each file is rendered and written in turn (one rendering in memory at a time), and all are then
  // synced and renamed together, so their fsyncs overlap
  const staged: StagedFile[] = [];
  try {
    for (const format of REPORT_FORMATS.filter((name) => wanted.has(name))) {
      const reporter: Reporter = reporters[format];
      const path = join(options.outDir, reporter.fileName);
      staged.push(await stageFileAtomic(path, reporter.render(result, renderOptions)));
      paths.push(path);
    }
  } catch (error) {
    await Promise.all(staged.map((file) => file.discard()));
    throw error;
  }
  await commitStagedFiles(staged);
  if (options.stepSummaryPath !== undefined && options.stepSummaryPath !== '') {
    await appendStepSummary(options.stepSummaryPath, renderMarkdown(result, renderOptions.md));
  }
  return paths;
}

/** The reports a diff run writes: format -> file name and renderer. */
export const DIFF_REPORTERS = Object.freeze({
  json: { fileName: 'diff.json', render: (report: DiffReport) => `${JSON.stringify(report, null, 2)}\n` },
  md: { fileName: 'diff.md', render: renderDiffMarkdown },
  html: { fileName: 'diff.html', render: renderDiffHtml },
});
export type DiffReportFormat = keyof typeof DIFF_REPORTERS;
export const DIFF_REPORT_FORMATS: readonly DiffReportFormat[] = Object.freeze(['json', 'md', 'html'] as const);

/** Writes the diff report in each format to `outDir` atomically; returns the paths written. */
export function writeDiffReports(
  report: DiffReport,
  options: { formats: readonly DiffReportFormat[]; outDir: string; stepSummaryPath?: string | undefined },
): Promise<string[]> {
  return writeReportSet(report, { reporters: DIFF_REPORTERS, order: DIFF_REPORT_FORMATS, summary: renderDiffMarkdown }, options);
}
