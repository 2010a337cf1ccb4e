// The HTML report: one self-contained file (inline CSS, no scripts, no external assets), failures first.
import type { CaseResult, Counts, RunResult } from '../model/index.ts';
import { anchorOf, renderBadge, renderCaseDetail, type HtmlLimits } from './html-case.ts';
import { escapeHtml } from './html-escape.ts';
import { HTML_STYLE } from './html-style.ts';
import { hasFailures } from './summarize.ts';
import {
  cutText,
  describeApplicability,
  describeBaseline,
  describeInterruption,
  describeOutcome,
  describeVersionAndContract,
  formatDuration,
  groupByCause,
  sortFailuresFirst,
} from './text.ts';

/** Options of `renderHtml`. */
export interface HtmlOptions extends Partial<HtmlLimits> {
  /** Page title (default `<kit> report: <target url>`). */
  title?: string;
}

/** Renders the run as a standalone HTML page. Pure: every value comes from `result` and `options`. */
export function renderHtml(result: RunResult, options: HtmlOptions = {}): string {
  return [...renderHtmlChunks(result, options)].join('');
}

/** The same page as `renderHtml`, a case at a time: the report writer streams it, never holding it whole. */
export function* renderHtmlChunks(result: RunResult, options: HtmlOptions = {}): Generator<string> {
  const limits: HtmlLimits = {
    maxBodyChars: options.maxBodyChars ?? 4000,
    maxDiffEntries: options.maxDiffEntries ?? 50,
    maxValueChars: options.maxValueChars ?? 300,
  };
  const title = options.title ?? `${result.kit.name} report: ${result.target.url}`;
  const head = [
    '<!doctype html>',
    '<html lang="en">',
    '<head>',
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
  ];
  head.push(`<title>${escapeHtml(title)}</title>`, `<style>${HTML_STYLE}</style>`, '</head>', '<body>');
  yield `${head.join('\n')}\n${renderHeader(result)}\n${renderClassTable(result)}\n`;
  const failing = result.cases.filter((c) => c.status === 'fail' || c.status === 'error');
  if (failing.length === 0) yield '<h2>Failures</h2><p>No case failed or errored.</p>\n';
  else yield `<h2>Failures (${failing.length})</h2>\n${renderRootCauses(failing)}`;
  for (const c of failing) yield `${renderCaseDetail(c, limits)}\n`;
  const known = result.cases.filter((c) => c.status === 'known');
  if (known.length > 0) {
    yield `<h2>Known deviations of the target's CKAN release (${known.length})</h2>\n<p>These variants fail as a known bug of that release says they do; they do not fail the run (run --strict-known to count them as failures).</p>\n`;
    for (const c of known) yield `${renderCaseDetail(c, limits)}\n`;
  }
  yield `${renderBaselineChanges(result, limits)}\n`;
  yield* renderAllCases(result.cases);
  const footer = escapeHtml(`${result.kit.name} ${result.kit.version} · report schema v${result.schemaVersion} · ${result.hostname}`);
  yield `<footer>${footer}</footer>\n</body>\n</html>\n`;
}

/** The causes that failed several variants, each once with how many (one changed cell may fail dozens). */
function renderRootCauses(failing: readonly CaseResult[]): string {
  const shared = groupByCause(failing).filter((g) => g.results.length > 1);
  if (shared.length === 0) return '';
  const rows = shared.map(
    (g) =>
      `<tr><td>${escapeHtml(cutText(g.cause, 300))}</td><td class="n">${g.results.length}</td><td><code>${escapeHtml(g.results[0]?.id ?? '')}</code></td></tr>`,
  );
  return `<table class="causes">\n<tr><th>root cause</th><th class="n">variants</th><th>first</th></tr>\n${rows.join('\n')}\n</table>\n`;
}

function renderHeader(result: RunResult): string {
  const { summary } = result;
  const target = result.target.reference ? `${result.target.url} (bundled reference server)` : result.target.url;
  const facts = [
    `target <code>${escapeHtml(target)}</code>`,
    result.target.profile === undefined ? '' : `profile <code>${escapeHtml(result.target.profile)}</code>`,
    result.shard === undefined ? '' : `shard ${result.shard.index}/${result.shard.count}`,
    escapeHtml(describeVersionAndContract(result)),
    escapeHtml(describeBaseline(result)),
    `started ${escapeHtml(result.startedAt)}`,
    `took ${escapeHtml(formatDuration(result.durationMs))}`,
  ].filter((fact) => fact !== '');
  const interruption = describeInterruption(result);
  const thin = describeApplicability(summary);
  const verdict = [
    interruption === '' ? '' : `<p class="verdict bad">${escapeHtml(interruption)}</p>`,
    thin === '' ? '' : `<p class="verdict warn">${escapeHtml(thin)}</p>`,
    hasFailures(summary)
      ? `<p class="verdict bad">${summary.fail} failed, ${summary.error} errored of ${summary.total}</p>`
      : interruption === ''
        ? `<p class="verdict ok">all ${summary.pass + summary.flaky} run cases passed (${summary.total} selected)</p>`
        : '',
  ]
    .filter((line) => line !== '')
    .join('\n');
  return `<header>\n<h1>${escapeHtml(result.kit.name)} conformance report</h1>\n<p class="meta">${facts.join(' · ')}</p>\n${verdict}\n</header>`;
}

const countColumns: ReadonlyArray<[keyof Counts, string]> = [
  ['total', 'total'],
  ['pass', 'pass'],
  ['fail', 'fail'],
  ['error', 'error'],
  ['flaky', 'flaky'],
  ['known', 'known'],
  ['skipped', 'skipped'],
  ['notApplicable', 'n/a'],
  ['vacuous', 'vacuous'],
];

function renderClassTable(result: RunResult): string {
  const head = countColumns.map(([, label]) => `<th class="n">${label}</th>`).join('');
  const row = (name: string, counts: Counts, strong: boolean): string => {
    const cells = countColumns.map(([key]) => `<td class="n${(counts[key] ?? 0) === 0 ? ' zero' : ''}">${counts[key] ?? 0}</td>`);
    const label = strong ? `<strong>${escapeHtml(name)}</strong>` : escapeHtml(name);
    return `<tr><td>${label}</td>${cells.join('')}</tr>`;
  };
  const rows = Object.entries(result.byClass).map(([name, counts]) => row(name, counts, false));
  rows.push(row('all classes', result.summary, true));
  return `<h2>Summary by conformance class</h2>\n<table><thead><tr><th>class</th>${head}</tr></thead><tbody>\n${rows.join('\n')}\n</tbody></table>`;
}

/** The variants whose baseline file was updated with differences: the changes a reviewer accepts with the files. */
function renderBaselineChanges(result: RunResult, limits: HtmlLimits): string {
  const updated = result.cases.filter((c) => c.baseline?.outcome === 'updated' && c.baseline.differences.length > 0);
  if (updated.length === 0) return '';
  return `<h2>Baseline changes accepted (${updated.length})</h2>\n${updated.map((c) => renderCaseDetail(c, limits)).join('\n')}`;
}

function* renderAllCases(cases: readonly CaseResult[]): Generator<string> {
  yield `<h2>All cases (${cases.length})</h2>\n<table><thead><tr><th>status</th><th>case</th><th>class</th><th class="n">time</th><th>note</th></tr></thead><tbody>\n`;
  for (const result of sortFailuresFirst(cases)) {
    const failed = result.status === 'fail' || result.status === 'error' || result.status === 'known';
    const id = failed ? `<a href="#${escapeHtml(anchorOf(result.id))}"><code>${escapeHtml(result.id)}</code></a>` : `<code>${escapeHtml(result.id)}</code>`;
    const note = escapeHtml(cutText(describeOutcome(result), 200));
    yield `<tr><td>${renderBadge(result.status)}</td><td>${id}</td><td>${escapeHtml(result.class)}</td><td class="n">${escapeHtml(formatDuration(result.durationMs))}</td><td>${note}</td></tr>\n`;
  }
  yield `${cases.length === 0 ? '\n' : ''}</tbody></table>\n`;
}
