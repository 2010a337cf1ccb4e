// The upgrade report as one self-contained HTML page: the verdict, the change list by kind as a table, then each
// change with its CKAN explanation, the example request as curl for both sides and both answers.
import type { ExampleAnswer, UpgradeChange, UpgradeReport } from '../schema/upgrade-report.ts';
import { escapeHtml } from './html-escape.ts';
import { HTML_STYLE } from './html-style.ts';
import { describeTrafficSummary } from './traffic-text.ts';
import { CHANGE_TITLES, describeAnswer, describeCount, describeExplanation, describeSide, describeUpgrade, describeVerdict } from './upgrade-text.ts';

const SHOWN_IDS = 20;

function answerHtml(label: string, answer: ExampleAnswer): string {
  const body = answer.body === undefined ? '' : `<pre>${escapeHtml(answer.body)}${answer.bodyTruncated === true ? '\n…' : ''}</pre>`;
  return `<h3>${escapeHtml(label)}: ${escapeHtml(describeAnswer(answer))}</h3><pre>${escapeHtml(answer.curl)}</pre>${body}`;
}

function changeHtml(change: UpgradeChange, index: number, report: UpgradeReport): string {
  const explanation =
    change.explanation.length === 0
      ? `<p class="meta">${escapeHtml(change.note ?? 'No known CKAN change explains it.')}</p>`
      : `<ul>${change.explanation.map((e) => `<li><b>CKAN</b> ${escapeHtml(describeExplanation(e))}${e.changelog === undefined ? '' : `<br><span class="meta">Changelog: ${escapeHtml(e.changelog)}</span>`}</li>`).join('')}</ul>`;
  const ids = change.ids
    .slice(0, SHOWN_IDS)
    .map((id) => `<code>${escapeHtml(id)}</code>`)
    .join(', ');
  const more = change.ids.length > SHOWN_IDS ? `, and ${change.ids.length - SHOWN_IDS} more (upgrade.json)` : '';
  const { example } = change;
  return (
    `<details class="case fail" id="change-${index + 1}" open><summary>${escapeHtml(CHANGE_TITLES[change.kind])}: ${escapeHtml(change.what)} (${escapeHtml(describeCount(change))})</summary>` +
    `${explanation}<p class="meta">Requests: ${ids}${more}</p>` +
    `<p>Example <code>${escapeHtml(example.id)}</code>: <code>${escapeHtml(example.request)}</code></p>` +
    `<ul>${example.differences.map((d) => `<li>${escapeHtml(d)}</li>`).join('')}</ul>` +
    answerHtml(`A (${report.from.release ?? report.from.url})`, example.a) +
    answerHtml(`B (${report.to.release ?? report.to.url})`, example.b) +
    '</details>'
  );
}

/** The HTML report of an upgrade check. */
export function renderUpgradeHtml(report: UpgradeReport): string {
  const rows = report.changes
    .map(
      (c, index) =>
        `<tr><td>${escapeHtml(CHANGE_TITLES[c.kind])}</td><td><a href="#change-${index + 1}">${escapeHtml(c.what)}</a></td><td class="n">${c.requests}</td><td>${escapeHtml(c.explanation.map((e) => `${e.id} (${e.ref})`).join('; ') || c.note || '—')}</td></tr>`,
    )
    .join('');
  const table = report.changes.length === 0 ? '' : `<table><tr><th>kind</th><th>what</th><th class="n">requests</th><th>CKAN change</th></tr>${rows}</table>`;
  const traffic = report.sources.requests === undefined ? '' : `<pre>${escapeHtml(describeTrafficSummary(report.sources.requests).join('\n'))}</pre>`;
  const unseen =
    report.traits.note !== undefined
      ? `<p class="meta">${escapeHtml(report.traits.note)}</p>`
      : report.traits.unseen.length === 0
        ? ''
        : `<p class="meta">CKAN changes in this range that no request here showed: ${report.traits.unseen.map((id) => `<code>${escapeHtml(id)}</code>`).join(', ')}</p>`;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>datastore-kit upgrade check ${escapeHtml(describeUpgrade(report))}</title><style>${HTML_STYLE}</style></head><body>
<h1>Upgrade check: ${escapeHtml(describeUpgrade(report))}</h1>
<p class="meta">${escapeHtml(report.startedAt)} on ${escapeHtml(report.hostname)}</p>
<ul><li>From ${escapeHtml(describeSide(report.from))}</li><li>To ${escapeHtml(describeSide(report.to))}</li><li>Data: ${escapeHtml(report.data)}</li></ul>
${traffic}
<p class="verdict ${report.changes.length === 0 && report.summary.error === 0 ? 'ok' : 'bad'}">${escapeHtml(describeVerdict(report))}</p>
${table}
${report.changes.map((change, index) => changeHtml(change, index, report)).join('\n')}
${unseen}
</body></html>
`;
}
