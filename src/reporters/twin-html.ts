// The twin report as one self-contained HTML page: the verdicts first, then the mirror, the faults reading it
// found, each failure (shrunk, its clauses, both answers, curl) and the differences from CKAN.
import type { TwinDifference, TwinReport } from '../schema/twin-report.ts';
import { renderDifferences } from './html-baseline.ts';
import { escapeHtml } from './html-escape.ts';
import { HTML_STYLE } from './html-style.ts';
import { formatDuration } from './text.ts';
import { describeVerdict } from './twin-text.ts';

const DIFF_LIMITS = { maxDiffEntries: 20, maxValueChars: 200 };

function differenceSection(difference: TwinDifference): string {
  const shrunk = difference.shrunk === undefined ? '' : ` (shrunk in ${difference.shrunk.steps} steps from ${escapeHtml(difference.shrunk.from)})`;
  const clauses = difference.clauses.length === 0 ? '' : `<p class="meta">Clauses: ${escapeHtml(difference.clauses.join(', '))}</p>`;
  const excerpts =
    difference.excerpts === undefined
      ? ''
      : `<h3>Mirror (CKAN on the target's data)</h3><pre>${escapeHtml(difference.excerpts.mirror)}</pre><h3>Target</h3><pre>${escapeHtml(difference.excerpts.target)}</pre>`;
  return (
    `<details class="case ${difference.class === 'api' ? 'fail' : 'error'}"${difference.class === 'api' ? ' open' : ''}><summary>${escapeHtml(difference.id)}${shrunk}</summary>` +
    `<p><code>${escapeHtml(difference.request)}</code></p>${clauses}<p>${escapeHtml(difference.reason)}</p>` +
    `${renderDifferences(difference.differences, false, DIFF_LIMITS)}${excerpts}<h3>Replay on the target</h3><pre>${escapeHtml(difference.target.curl)}</pre></details>`
  );
}

/** The HTML report of a twin run. */
export function renderTwinHtml(report: TwinReport): string {
  const verdicts = report.verdicts
    .map((v) => `<p class="verdict ${v.outcome === 'pass' ? 'ok' : v.claimed ? 'bad' : 'warn'}">${escapeHtml(describeVerdict(v))}</p>`)
    .join('\n');
  const tables = report.mirror.tables
    .map(
      (t) =>
        `<tr><td>resources.${escapeHtml(t.name)}</td><td><code>${escapeHtml(t.id)}</code></td><td class="n">${t.rows}</td><td>${escapeHtml(
          t.refused ?? [...t.paths, ...t.notes, ...(t.asText.length > 0 ? [`as text: ${t.asText.join(', ')}`] : [])].join('; '),
        )}</td></tr>`,
    )
    .join('');
  const findings = report.findings.map((f) => `<li>resources.${escapeHtml(f.table)}: ${escapeHtml(f.message)} (${escapeHtml(f.clause)})</li>`).join('');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>datastore-kit twin</title><style>${HTML_STYLE}</style></head><body>
<h1>datastore-kit twin</h1>
${verdicts}
<p class="meta">${escapeHtml(report.target.url)} [${escapeHtml(report.target.profile)}], mirrored as CKAN ${escapeHtml(report.target.ckanRelease)}; ${escapeHtml(report.startedAt)} on ${escapeHtml(report.hostname)}, ${escapeHtml(formatDuration(report.durationMs))}</p>
<h2>Mirror</h2><table><tr><th>table</th><th>id</th><th class="n">rows</th><th>read</th></tr>${tables}</table>
${findings === '' ? '' : `<h2>Faults found reading the tables</h2><ul>${findings}</ul>`}
${report.failures.length === 0 ? '' : `<h2>Failures</h2>${report.failures.map(differenceSection).join('')}`}
${report.ckanDifferences.length === 0 ? '' : `<h2>Differences from CKAN ${escapeHtml(report.target.ckanRelease)}</h2>${report.ckanDifferences.map(differenceSection).join('')}`}
</body></html>
`;
}
