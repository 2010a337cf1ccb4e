// The HTML detail block of one failing or erroring case: findings with a path-level diff, the request as
// curl, and the response status and cut body; and the collapsed request every variant's row shows.
import type { CaseResult, Exchange, Finding } from '../model/index.ts';
import { isFailingStatus } from '../schema/index.ts';
import { diffJson, type JsonDifference } from '../util/json-diff.ts';
import { renderBaselineBlock } from './html-baseline.ts';
import { escapeHtml, escapeWrappable } from './html-escape.ts';
import { variantAttributes } from './html-filter.ts';
import { indentJsonText } from './json-indent.ts';
import { cutText, formatDuration, formatValue, redactCurl, redactHeaders } from './text.ts';

/** Size caps of the HTML report. */
export interface HtmlLimits {
  /** Response body characters shown per case (default 4000). */
  maxBodyChars: number;
  /** Diff rows per finding (default 50). */
  maxDiffEntries: number;
  /** Characters per value in a diff cell (default 300). */
  maxValueChars: number;
}

/** `<details>` for one case (variant number `key` of the run); open when the case failed or errored. */
export function renderCaseDetail(result: CaseResult, key: number, limits: HtmlLimits): string {
  const open = isFailingStatus(result.status) ? ' open' : '';
  const parts = [
    `<details class="case ${result.status}"${open} id="${escapeHtml(anchorOf(result.id))}" ${variantAttributes(result, key)}>`,
    `<summary>${renderBadge(result.status)}<code>${escapeHtml(result.id)}</code> <span class="title">${escapeHtml(result.title)}</span></summary>`,
    renderFacts(result),
  ];
  if (result.error !== undefined) {
    parts.push(`<h3>Error</h3><pre class="error-message">${escapeHtml(`${result.error.message} (${result.error.code})`)}</pre>`);
  }
  // why: baseline differences are shown once, as the record-level table below, not again as findings
  const diffShown = result.baseline !== undefined && result.baseline.differences.length > 0;
  const findings = diffShown ? result.findings.filter((finding) => finding.rule !== 'baseline') : result.findings;
  if (findings.length > 0) {
    const items = findings.map((finding) => `<li>${renderFinding(finding, limits)}</li>`);
    parts.push(`<h3>Findings (${findings.length})</h3><ul class="findings">${items.join('')}</ul>`);
  }
  if (result.related !== undefined && result.related.length > 0) parts.push(renderRelated(result.related));
  if (result.baseline !== undefined && (diffShown || result.baseline.outcome !== 'match')) parts.push(renderBaselineBlock(result.baseline, limits));
  if (result.exchange !== undefined) parts.push(renderExchange(result.exchange, limits));
  parts.push('</details>');
  return parts.join('\n');
}

/** A relation's related requests, each as curl (token masked) with the status it got. */
function renderRelated(related: NonNullable<CaseResult['related']>): string {
  const items = related.map((r) => {
    const status = r.status === undefined ? 'no answer' : `HTTP ${r.status}`;
    return `<li>${escapeHtml(status)}<pre>${escapeHtml(redactCurl(r.curl))}</pre></li>`;
  });
  return `<h3>Related requests (${related.length})</h3><ol class="findings">${items.join('')}</ol>`;
}

/** A status badge, e.g. `<span class="badge fail">fail</span>`. */
export function renderBadge(status: CaseResult['status']): string {
  const label = status === 'not-applicable' ? 'n/a' : status;
  return `<span class="badge ${status}">${label}</span>`;
}

/** A stable fragment id for a case result id. */
export function anchorOf(id: string): string {
  return `case-${id.replace(/[^A-Za-z0-9_-]+/g, '-')}`;
}

function renderFacts(result: CaseResult): string {
  const { method, locale, apiPath } = result.variant;
  const facts: Array<[string, string]> = [
    ['class', result.class],
    ['file', result.file],
    ['variant', `${method} ${locale ?? '(no locale)'} ${apiPath}`],
    ['duration', formatDuration(result.durationMs)],
  ];
  if (result.spec.length > 0) facts.push(['spec', result.spec.join(', ')]);
  if (result.tags.length > 0) facts.push(['tags', result.tags.join(', ')]);
  if (result.reason !== undefined) facts.push(['reason', result.reason]);
  const rows = facts.map(([name, value]) => `<dt>${name}</dt><dd>${escapeHtml(value)}</dd>`);
  return `<dl class="facts">${rows.join('')}</dl>`;
}

function renderFinding(finding: Finding, limits: HtmlLimits): string {
  // why no place for "": a status, a duration or a content type is no place in the body, and the rule says what it is
  const at = finding.path === '' ? '' : ` at <code>${escapeHtml(finding.path)}</code>`;
  const head = `<code>${escapeHtml(finding.rule)}</code>${at}: ${escapeHtml(finding.message)}`;
  if (!('expected' in finding) && !('actual' in finding)) return head;
  const diff = diffJson(finding.expected, finding.actual, { maxEntries: limits.maxDiffEntries });
  // Diff paths are relative to the finding's path; show them as full pointers into the response body.
  const entries = diff.entries.map((entry) => ({ ...entry, path: `${finding.path}${entry.path}` }));
  return `${head}\n${renderDiff(entries, diff.truncated, limits)}`;
}

function renderDiff(entries: readonly JsonDifference[], truncated: boolean, limits: HtmlLimits): string {
  if (entries.length === 0) return '<p class="note">expected and actual values are equal</p>';
  const cell = (entry: JsonDifference, key: 'expected' | 'actual'): string =>
    key in entry ? escapeWrappable(formatValue(entry[key], limits.maxValueChars)) : '<span class="note">(absent)</span>';
  const rows = entries.map(
    (entry) =>
      `<tr><td><code>${escapeWrappable(entry.path === '' ? '/' : entry.path)}</code></td><td class="kind">${entry.kind}</td>` +
      `<td class="exp">${cell(entry, 'expected')}</td><td class="act">${cell(entry, 'actual')}</td></tr>`,
  );
  const more = truncated ? `<tr><td colspan="4" class="note">more differences not shown (first ${entries.length})</td></tr>` : '';
  return `<table class="diff"><thead><tr><th>path</th><th>difference</th><th>expected</th><th>actual</th></tr></thead><tbody>${rows.join('')}${more}</tbody></table>`;
}

/**
 * The request of a variant, collapsed: method and path as the summary, the curl command (token masked) inside.
 * Every variant of the "All cases" table shows it, the passing ones too.
 */
export function renderRequestDetails(exchange: Exchange, maxChars: number): string {
  const summary = `${exchange.request.method} ${pathOf(exchange.request.url)}`.trim();
  return `<details class="request"><summary>${escapeHtml(summary)}</summary><pre>${escapeHtml(cutText(redactCurl(exchange.curl), maxChars))}</pre></details>`;
}

/** The path of a request URL (no origin, no query), or '' when it cannot be parsed. */
function pathOf(url: string): string {
  return URL.canParse(url) ? new URL(url).pathname : '';
}

function renderExchange(exchange: Exchange, limits: HtmlLimits): string {
  const attempts = exchange.attempts > 1 ? ` <span class="note">(${exchange.attempts} attempts)</span>` : '';
  const parts = [`<h3>Request${attempts}</h3>`, `<pre>${escapeHtml(redactCurl(exchange.curl))}</pre>`];
  const response = exchange.response;
  if (response === undefined) {
    parts.push('<h3>Response</h3><p class="note">no response</p>');
    return parts.join('\n');
  }
  const headers = Object.entries(redactHeaders(response.headers)).map(([name, value]) => `${name}: ${value}`);
  const fullBody = response.bodyTruncated ? response.body : indentJsonText(response.body);
  const body = cutText(fullBody, limits.maxBodyChars);
  const cut = response.bodyTruncated || body.length < fullBody.length ? ' <span class="note">(body cut)</span>' : '';
  parts.push(
    `<h3>Response: HTTP ${response.status} in ${escapeHtml(formatDuration(response.durationMs))}${cut}</h3>`,
    headers.length > 0 ? `<pre>${escapeHtml(headers.join('\n'))}</pre>` : '',
    `<pre>${escapeHtml(body)}</pre>`,
  );
  return parts.filter((part) => part !== '').join('\n');
}
