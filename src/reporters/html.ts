// The HTML report: one self-contained file (inline CSS, one inline script for the filters, no external assets),
// failures first. A Content-Security-Policy lets only that style and that script run, and nothing be fetched.
import { createHash } from 'node:crypto';
import type { CaseResult, Counts, RunResult } from '../model/index.ts';
import { isFailingStatus } from '../schema/index.ts';
import { COUNT_COLUMNS, describeRun, type RunView } from './describe-run.ts';
import { anchorOf, renderBadge, renderCaseDetail, renderRequestDetails, type HtmlLimits } from './html-case.ts';
import { escapeHtml } from './html-escape.ts';
import { renderFilterBar, variantAttributes } from './html-filter.ts';
import { FILTER_SCRIPT } from './html-script.ts';
import { HTML_STYLE } from './html-style.ts';
import { cutText, describeOutcome, formatDuration, sortFailuresFirst } from './text.ts';

/** Options of `renderHtml`. */
export interface HtmlOptions extends Partial<HtmlLimits> {
  /** Page title (default `<kit> report: <target url>`). */
  title?: string;
}

const sha256 = (text: string): string => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
// why: escaping keeps case data from becoming markup; the policy is the second line: were markup ever to slip
// through, no other script would run and nothing could be loaded or sent
const CSP = `default-src 'none'; style-src ${sha256(HTML_STYLE)}; script-src ${sha256(FILTER_SCRIPT)}; base-uri 'none'; form-action 'none'`;

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
    `<meta http-equiv="Content-Security-Policy" content="${CSP}">`,
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
  ];
  head.push(`<title>${escapeHtml(title)}</title>`, `<style>${HTML_STYLE}</style>`, '</head>', '<body>');
  const view = describeRun(result);
  yield `${head.join('\n')}\n${renderHeader(result, view)}\n${renderClassTable(view)}\n${renderFilterBar(result.cases)}\n`;
  // why: a variant's key is its place in the run, the same in its row and in its detail blocks
  const keys = new Map(result.cases.map((c, index) => [c, index]));
  yield* renderDetailSections(view, keys, limits);
  yield renderUndecided(view);
  yield* renderAllCases(result.cases, keys, limits);
  const footer = escapeHtml(`${result.kit.name} ${result.kit.version} · report schema v${result.schemaVersion} · ${result.hostname}`);
  yield `<footer>${footer}</footer>\n<script>${FILTER_SCRIPT}</script>\n</body>\n</html>\n`;
}

/** The detail blocks, each kind in a section the filters hide when none of its variants is shown. */
function* renderDetailSections(view: RunView, keys: ReadonlyMap<CaseResult, number>, limits: HtmlLimits): Generator<string> {
  const detail = (c: CaseResult): string => `${renderCaseDetail(c, keys.get(c) ?? -1, limits)}\n`;
  const { failing, causes, known, accepted } = view.groups;
  if (failing.length === 0) yield '<h2>Failures</h2><p>No case failed or errored.</p>\n';
  else {
    yield `<section class="group">\n<h2>Failures (${failing.length})</h2>\n${renderRootCauses(causes)}`;
    for (const c of failing) yield detail(c);
    yield '</section>\n';
  }
  if (known.length > 0) {
    yield `<section class="group">\n<h2>Known deviations of the target's CKAN release (${known.length})</h2>\n<p>These variants fail as a known bug of that release says they do; they do not fail the run (run --strict-known to count them as failures).</p>\n`;
    for (const c of known) yield detail(c);
    yield '</section>\n';
  }
  // why: the changes a reviewer accepts with the updated baseline files
  if (accepted.length > 0)
    yield `<section class="group">\n<h2>Baseline changes accepted (${accepted.length})</h2>\n${accepted.map(detail).join('')}</section>\n`;
}

/** The causes that failed several variants, each once with how many (one changed cell may fail dozens). */
function renderRootCauses(causes: RunView['groups']['causes']): string {
  const shared = causes.filter((g) => g.results.length > 1);
  if (shared.length === 0) return '';
  const rows = shared.map(
    (g) =>
      `<tr><td>${escapeHtml(cutText(g.cause, 300))}</td><td class="n">${g.results.length}</td><td><code>${escapeHtml(g.results[0]?.id ?? '')}</code></td></tr>`,
  );
  return `<table class="causes">\n<tr><th>root cause</th><th class="n">variants</th><th>first</th></tr>\n${rows.join('\n')}\n</table>\n`;
}

/** The variants that decided nothing, by reason: those that checked nothing on this data, then the not applicable. */
function renderUndecided(view: RunView): string {
  const groups = [...view.groups.vacuous, ...view.groups.notApplicable];
  if (groups.length === 0) return '';
  const total = groups.reduce((sum, g) => sum + g.results.length, 0);
  const rows = groups.map(
    (g) =>
      `<tr><td>${escapeHtml(cutText(g.reason, 300))}</td><td class="n">${g.results.length}</td><td><code>${escapeHtml(g.results[0]?.id ?? '')}</code></td></tr>`,
  );
  return `<h2>Not applicable, by reason (${total})</h2>\n<table class="causes">\n<tr><th>reason</th><th class="n">variants</th><th>first</th></tr>\n${rows.join('\n')}\n</table>\n`;
}

const VERDICT_CLASS = { pass: 'ok', fail: 'bad', inconclusive: 'warn', 'not-tested': 'none' } as const;
const HEADLINE_CLASS = { pass: 'ok', fail: 'bad', inconclusive: 'warn', interrupted: 'bad', thin: 'warn' } as const;

function renderHeader(result: RunResult, view: RunView): string {
  const target = result.target.reference ? `${result.target.url} (bundled reference server)` : result.target.url;
  const facts = [
    `target <code>${escapeHtml(target)}</code>`,
    result.target.profile === undefined ? '' : `profile <code>${escapeHtml(result.target.profile)}</code>`,
    result.shard === undefined ? '' : `shard ${result.shard.index}/${result.shard.count}`,
    escapeHtml(view.assumed),
    escapeHtml(view.baseline),
    `started ${escapeHtml(result.startedAt)}`,
    `took ${escapeHtml(formatDuration(result.durationMs))}`,
  ].filter((fact) => fact !== '');
  const verdicts = view.verdicts.map((v) => `<li class="verdict-line ${VERDICT_CLASS[v.outcome]}">${escapeHtml(v.line)}</li>`);
  const headline = view.warnings.some((w) => w.text === view.headline.text)
    ? ''
    : `<p class="verdict ${HEADLINE_CLASS[view.headline.outcome]}">${escapeHtml(view.headline.text)}</p>`;
  const lines = [...view.warnings.map((w) => `<p class="verdict ${w.level}">${escapeHtml(w.text)}</p>`), headline].filter((line) => line !== '');
  return `<header>\n<h1>${escapeHtml(result.kit.name)} conformance report</h1>\n<ul class="verdicts">${verdicts.join('')}</ul>\n<p class="meta">${facts.join(' · ')}</p>\n${lines.join('\n')}\n</header>`;
}

function renderClassTable(view: RunView): string {
  const head = COUNT_COLUMNS.map(({ label }) => `<th class="n">${label}</th>`).join('');
  const row = (name: string, counts: Counts, strong: boolean): string => {
    const cells = COUNT_COLUMNS.map(({ key }) => `<td class="n${(counts[key] ?? 0) === 0 ? ' zero' : ''}">${counts[key] ?? 0}</td>`);
    const label = strong ? `<strong>${escapeHtml(name)}</strong>` : escapeHtml(name);
    return `<tr><td>${label}</td>${cells.join('')}</tr>`;
  };
  const rows = view.classes.map(({ name, counts }) => row(name, counts, false));
  rows.push(row('all classes', view.counts, true));
  return `<h2>Summary by conformance class</h2>\n<table><thead><tr><th>class</th>${head}</tr></thead><tbody>\n${rows.join('\n')}\n</tbody></table>`;
}

/** Every variant, failures first: status, id and title with its request (collapsed, passing ones' too), class, time, note. */
function* renderAllCases(cases: readonly CaseResult[], keys: ReadonlyMap<CaseResult, number>, limits: HtmlLimits): Generator<string> {
  yield `<h2>All cases (${cases.length})</h2>\n<table class="variants"><thead><tr><th>status</th><th>case</th><th>class</th><th class="n">time</th><th>note</th></tr></thead><tbody>\n`;
  for (const result of sortFailuresFirst(cases)) {
    // the variants with a detail block above link to it
    const failed = isFailingStatus(result.status) || result.status === 'known';
    const code = `<code>${escapeHtml(result.id)}</code>`;
    const id = failed ? `<a href="#${escapeHtml(anchorOf(result.id))}">${code}</a>` : code;
    const request = result.exchange === undefined ? '' : renderRequestDetails(result.exchange, limits.maxBodyChars);
    const title = `<div class="title">${escapeHtml(result.title)}</div>`;
    const note = escapeHtml(cutText(describeOutcome(result), 200));
    yield `<tr ${variantAttributes(result, keys.get(result) ?? -1)}><td>${renderBadge(result.status)}</td><td>${id}${title}${request}</td><td>${escapeHtml(result.class)}</td><td class="n">${escapeHtml(formatDuration(result.durationMs))}</td><td>${note}</td></tr>\n`;
  }
  yield `${cases.length === 0 ? '\n' : ''}</tbody></table>\n`;
}
