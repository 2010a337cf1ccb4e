// The diff report as one self-contained HTML page: verdict, targets, each disagreement with its differences
// (changed records field by field) and, for generated ones, the shrunk request and curl for each target.
import type { DiffReport, PairResult } from '../schema/diff-report.ts';
import { describeDiff } from './describe-diff.ts';
import { renderDifferences } from './html-baseline.ts';
import { escapeHtml } from './html-escape.ts';
import { HTML_STYLE } from './html-style.ts';
import { formatDuration } from './text.ts';
import { describeTrafficSummary } from './traffic-text.ts';

/** Differences listed per pair, and characters per value, in the HTML report (all of them are in diff.json). */
const DIFF_LIMITS = { maxDiffEntries: 50, maxValueChars: 200 };

function pairSection(pair: PairResult, title: string): string {
  const sent = (label: string, s: PairResult['a']) => `<h3>${label}: ${escapeHtml(s.error ?? `HTTP ${String(s.status)}`)}</h3><pre>${escapeHtml(s.curl)}</pre>`;
  const differences = renderDifferences(pair.differences, pair.truncated === true, DIFF_LIMITS);
  const rules = pair.rules.length === 0 ? '' : `<p class="meta">Normalised: ${escapeHtml(pair.rules.join(', '))}</p>`;
  return (
    `<details class="case ${pair.outcome === 'error' ? 'error' : 'fail'}" open><summary>${escapeHtml(title)}</summary>` +
    `<p><code>${escapeHtml(pair.request)}</code></p>${rules}${differences}${sent('A', pair.a)}${sent('B', pair.b)}</details>`
  );
}

/** The HTML report of a diff run. */
export function renderDiffHtml(report: DiffReport): string {
  const view = describeDiff(report);
  const { total, agree, differ, error, skipped } = report.summary;
  const targets = report.targets
    .map(
      (t) =>
        `<li><b>${t.label}</b> <code>${escapeHtml(t.url)}</code>${t.reference ? ' (reference server)' : ''}, profile <code>${escapeHtml(t.profile)}</code></li>`,
    )
    .join('');
  const generated = report.generated;
  const generatedHtml =
    generated === undefined
      ? ''
      : `<h2>Generated requests</h2><p>${generated.count} requests with seed <code>${generated.seed}</code>; replay with <code>${escapeHtml(generated.replay)}</code></p>` +
        generated.disagreements
          .map((found, index) => pairSection(found.pair, `Shrunk disagreement ${index + 1} (${found.shrinks} shrink steps; found as ${found.original})`))
          .join('');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>datastore-kit diff</title><style>${HTML_STYLE}</style></head><body>
<h1>datastore-kit diff</h1>
<p class="meta">${escapeHtml(report.startedAt)} on ${escapeHtml(report.hostname)}, ${escapeHtml(formatDuration(report.durationMs))}</p>
<ul>${targets}</ul>
${report.requests === undefined ? '' : `<pre>${escapeHtml(describeTrafficSummary(report.requests).join('\n'))}</pre>`}
<p class="verdict ${view.agreeing ? 'ok' : 'bad'}">${view.verdict}</p>
<table><tr><th class="n">pairs</th><th class="n">agree</th><th class="n">differ</th><th class="n">errors</th><th class="n">not run on both</th></tr>
<tr><td class="n">${total}</td><td class="n">${agree}</td><td class="n">${differ}</td><td class="n">${error}</td><td class="n">${skipped}</td></tr></table>
${report.pairs.length === 0 ? '' : '<h2>Disagreements</h2>'}${report.pairs.map((pair) => pairSection(pair, pair.id)).join('')}
${generatedHtml}
</body></html>
`;
}
