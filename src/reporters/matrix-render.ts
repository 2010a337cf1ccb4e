// The compatibility matrix as Markdown (for a pull request or a wiki page) and as one self-contained HTML page:
// the rows that differ between the runs, the known deviations of CKAN with their links and fixing releases, and
// (HTML) the rows every run agrees on, folded.
import type { CaseStatus } from '../model/index.ts';
import { escapeHtml } from './html-escape.ts';
import { HTML_STYLE } from './html-style.ts';
import { escapeMarkdown } from './markdown.ts';
import { linkReference, type MatrixCell, type MatrixDeviation, type MatrixRow, type MatrixView } from './matrix.ts';
import { cutText } from './text.ts';

/** How a cell reads. */
const STATUS_TEXT: Readonly<Record<CaseStatus, string>> = {
  pass: 'pass',
  fail: 'FAIL',
  error: 'ERROR',
  flaky: 'flaky',
  skipped: 'skipped',
  'not-applicable': 'n/a',
  known: 'known',
};

const cellText = (cell: MatrixCell | undefined): string => (cell === undefined ? '—' : STATUS_TEXT[cell.status]);

function sameSummary(view: MatrixView): string {
  const same = view.rows.filter((row) => !row.differs);
  const byStatus = new Map<string, number>();
  for (const row of same) byStatus.set(cellText(row.cells[0]), (byStatus.get(cellText(row.cells[0])) ?? 0) + 1);
  const parts = [...byStatus].map(([status, n]) => `${n} ${status}`);
  return `${same.length} case variants the same on every run${parts.length === 0 ? '' : ` (${parts.join(', ')})`}`;
}

/** `2 of 11 case variants differ between the 3 runs; 1 known deviation of CKAN`. */
export function describeMatrix(view: MatrixView): string {
  const differ = view.rows.filter((row) => row.differs).length;
  const deviations = view.deviations.length;
  return `${differ} of ${view.rows.length} case variants differ between the ${view.columns.length} runs; ${deviations} known deviation${deviations === 1 ? '' : 's'} of CKAN`;
}

function markdownDeviation(d: MatrixDeviation): string {
  const ref = d.url === undefined ? escapeMarkdown(d.ref) : `[${escapeMarkdown(d.ref)}](${d.url})`;
  return `| \`${d.caseId}\` | ${escapeMarkdown(d.note)} | ${ref} | ${escapeMarkdown(d.fixed ?? '—')} | ${escapeMarkdown(d.columns.join(', '))} |`;
}

/** The matrix as Markdown: the rows that differ, then the known deviations. */
export function renderMatrixMarkdown(view: MatrixView): string {
  const lines = ['# Compatibility matrix', '', `**${escapeMarkdown(describeMatrix(view))}.**`, ''];
  lines.push(...view.columns.map((c) => `- **${escapeMarkdown(c.label)}**: \`${c.target.replace(/`/g, "'")}\` (${escapeMarkdown(c.source)})`), '');
  const differing = view.rows.filter((row) => row.differs);
  if (differing.length > 0) {
    lines.push(
      '## Case variants that differ',
      '',
      `| case variant | ${view.columns.map((c) => escapeMarkdown(c.label)).join(' | ')} |`,
      `|---|${view.columns.map(() => '---').join('|')}|`,
    );
    for (const row of differing) lines.push(`| \`${row.id.replace(/`/g, "'")}\` | ${row.cells.map(cellText).join(' | ')} |`);
    lines.push('');
  }
  if (view.deviations.length > 0) {
    lines.push('## Known deviations of CKAN', '', '| case | what | CKAN reference | fixed in | runs |', '|---|---|---|---|---|');
    lines.push(...view.deviations.map(markdownDeviation), '');
  }
  lines.push(`${escapeMarkdown(sameSummary(view))}.`, '');
  return `${lines.join('\n')}\n`;
}

function htmlCell(cell: MatrixCell | undefined): string {
  if (cell === undefined) return '<td class="zero">—</td>';
  const known = cell.known;
  const link = known === undefined ? '' : linkHtml(known.ref, known.fixed);
  const title = cell.detail === undefined ? '' : ` title="${escapeHtml(cutText(cell.detail, 300))}"`;
  return `<td class="s-${cell.status}"${title}>${escapeHtml(STATUS_TEXT[cell.status])}${link}</td>`;
}

/** A known deviation in its cell: CKAN's reference, linked where it names an issue, and the fixing release. */
function linkHtml(ref: string, fixed: string | undefined): string {
  const url = linkReference(ref);
  const text = escapeHtml(cutText(ref, 60));
  const fixedText = fixed === undefined ? '' : `, fixed in ${escapeHtml(fixed)}`;
  return `<br><span class="meta">${url === undefined ? text : `<a href="${escapeHtml(url)}">${text}</a>`}${fixedText}</span>`;
}

function htmlRows(rows: readonly MatrixRow[]): string {
  return rows
    .map(
      (row) => `<tr><td><code>${escapeHtml(row.id)}</code><br><span class="meta">${escapeHtml(row.title)}</span></td>${row.cells.map(htmlCell).join('')}</tr>`,
    )
    .join('\n');
}

const MATRIX_STYLE = `
td.s-pass { color: var(--pass); } td.s-fail { color: var(--fail); font-weight: 600; } td.s-error { color: var(--error); font-weight: 600; }
td.s-known { color: var(--flaky); } td.s-not-applicable, td.s-skipped { color: var(--skip); }
`;

/** The matrix as one HTML page. */
export function renderMatrixHtml(view: MatrixView): string {
  const head = `<tr><th>case variant</th>${view.columns.map((c) => `<th title="${escapeHtml(`${c.target} (${c.source})`)}">${escapeHtml(c.label)}</th>`).join('')}</tr>`;
  const differing = view.rows.filter((row) => row.differs);
  const same = view.rows.filter((row) => !row.differs);
  const deviations = view.deviations
    .map((d) => {
      const ref = d.url === undefined ? escapeHtml(d.ref) : `<a href="${escapeHtml(d.url)}">${escapeHtml(d.ref)}</a>`;
      return `<tr><td><code>${escapeHtml(d.caseId)}</code></td><td>${escapeHtml(d.note)}</td><td>${ref}</td><td>${escapeHtml(d.fixed ?? '—')}</td><td>${escapeHtml(d.columns.join(', '))}</td></tr>`;
    })
    .join('\n');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>datastore-kit compatibility matrix</title><style>${HTML_STYLE}${MATRIX_STYLE}</style></head><body>
<h1>Compatibility matrix</h1>
<p class="verdict ${differing.length === 0 ? 'ok' : 'warn'}">${escapeHtml(describeMatrix(view))}</p>
${differing.length === 0 ? '' : `<h2>Case variants that differ (${differing.length})</h2><table>${head}\n${htmlRows(differing)}</table>`}
${view.deviations.length === 0 ? '' : `<h2>Known deviations of CKAN (${view.deviations.length})</h2><table><tr><th>case</th><th>what</th><th>CKAN reference</th><th>fixed in</th><th>runs</th></tr>\n${deviations}</table>`}
<details><summary>${escapeHtml(sameSummary(view))}</summary><table>${head}\n${htmlRows(same)}</table></details>
</body></html>
`;
}
