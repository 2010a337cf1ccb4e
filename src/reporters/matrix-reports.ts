// The files `report matrix` writes: format -> file name and renderer, written atomically.
import type { MatrixView } from './matrix.ts';
import { renderMatrixHtml, renderMatrixMarkdown } from './matrix-render.ts';
import { writeReportFiles } from './report-files.ts';

export const MATRIX_REPORTERS = Object.freeze({
  html: { fileName: 'matrix.html', render: renderMatrixHtml },
  md: { fileName: 'matrix.md', render: renderMatrixMarkdown },
  json: { fileName: 'matrix.json', render: (view: MatrixView) => `${JSON.stringify(view, null, 2)}\n` },
});
export type MatrixReportFormat = keyof typeof MATRIX_REPORTERS;
export const MATRIX_REPORT_FORMATS: readonly MatrixReportFormat[] = Object.freeze(['html', 'md', 'json'] as const);

/** Writes the matrix in each format to `outDir`; the paths written. */
export function writeMatrixReports(view: MatrixView, options: { formats: readonly MatrixReportFormat[]; outDir: string }): Promise<string[]> {
  return writeReportFiles(view, MATRIX_REPORTERS, { order: MATRIX_REPORT_FORMATS, ...options });
}
