// The upgrade report as text: the console summary and the Markdown report (for a pull request or an upgrade
// ticket): the change list by kind, each change with its CKAN explanation, an example and both answers.
import type { ChangeKind, ExampleAnswer, TraitExplanation, UpgradeChange, UpgradeReport } from '../schema/upgrade-report.ts';
import { escapeMarkdown } from './markdown.ts';
import { cutText, formatDuration } from './text.ts';
import { describeTrafficSummary } from './traffic-text.ts';

/** How each kind of change is headed. */
export const CHANGE_TITLES: Readonly<Record<ChangeKind, string>> = {
  'no-answer': 'No answer any more (or now)',
  status: 'Status changed',
  'error-message': 'Error message changed',
  records: 'Records changed',
  total: 'Total changed',
  'field-types': 'Field types changed',
  fields: 'Fields changed',
  'key-removed': 'Key removed',
  'key-added': 'Key added',
  'value-changed': 'Value changed',
  body: 'Body changed',
};

/** Example request ids listed per change (all are in the JSON report). */
const SHOWN_IDS = 5;
const count = (n: number): string => n.toLocaleString('en-US');

/** `A 2.10.7 (reference server)` or `A https://data.example.org (CKAN 2.10.7)`. */
export function describeSide(side: UpgradeReport['from']): string {
  if (side.reference) return `${side.label} CKAN ${side.release ?? '?'} (reference server, ${side.url})`;
  return `${side.label} ${side.url}${side.release === undefined ? '' : ` (CKAN ${side.release})`}`;
}

/** `2.10.7 -> 2.11.5`, or the two URLs when the releases are not known. */
export function describeUpgrade(report: UpgradeReport): string {
  return `${report.from.release ?? report.from.url} -> ${report.to.release ?? report.to.url}`;
}

/** One line: the trait, what it is, the releases that have it, CKAN's reference, the fixing release. */
export function describeExplanation(e: TraitExplanation): string {
  const fixed = e.fixed === undefined ? '' : `, fixed in ${e.fixed}`;
  return `${e.id} (${e.kind}, ${e.change === 'gained' ? 'new in B' : 'gone in B'}; releases ${e.releases}${fixed}): ${e.does} [${e.ref}]`;
}

/** `12 requests (37 sent by clients)`. */
export function describeCount(change: UpgradeChange): string {
  const clients = change.clientRequests === change.requests ? '' : ` (${count(change.clientRequests)} sent by clients)`;
  return `${count(change.requests)} request${change.requests === 1 ? '' : 's'}${clients}`;
}

export function describeAnswer(answer: ExampleAnswer): string {
  if (answer.error !== undefined) return `no answer: ${answer.error}`;
  return `HTTP ${String(answer.status)}${answer.contentType === undefined ? '' : ` ${answer.contentType}`}`;
}

/** The headline: how many changes, in how many of the pairs. */
export function describeVerdict(report: UpgradeReport): string {
  const { total, changed, changes, error } = report.summary;
  const what = changes === 0 ? 'no change a client sees' : `${count(changes)} change${changes === 1 ? '' : 's'} a client sees`;
  return `${describeUpgrade(report)}: ${what} (${count(changed)} of ${count(total)} request pairs answered differently, ${count(error)} got no answer from a side) (${formatDuration(report.durationMs)})`;
}

function changeLines(change: UpgradeChange): string[] {
  const lines = [`    ${change.what}: ${describeCount(change)}`];
  for (const e of change.explanation) lines.push(`      CKAN: ${cutText(describeExplanation(e), 400)}`);
  if (change.note !== undefined) lines.push(`      note: ${change.note}`);
  else if (change.explanation.length === 0) lines.push('      CKAN: no known change explains it');
  const { example } = change;
  lines.push(`      e.g. ${example.id}: ${cutText(example.request, 240)}`);
  for (const difference of example.differences.slice(0, 2)) lines.push(`        ${cutText(difference, 240)}`);
  lines.push(`        A: ${describeAnswer(example.a)}; B: ${describeAnswer(example.b)}`);
  lines.push(`        on A: ${cutText(example.a.curl, 400)}`, `        on B: ${cutText(example.b.curl, 400)}`);
  return lines;
}

/** The console summary. */
export function formatUpgradeSummary(report: UpgradeReport): string {
  const lines = [`upgrade-check ${describeSide(report.from)} -> ${describeSide(report.to)}`, `  data: ${report.data}`];
  if (report.sources.requests !== undefined) lines.push(...describeTrafficSummary(report.sources.requests).map((line) => `  ${line}`));
  let kind: ChangeKind | undefined;
  for (const change of report.changes) {
    if (change.kind !== kind) {
      kind = change.kind;
      lines.push('', `  ${CHANGE_TITLES[kind]} (${report.changes.filter((c) => c.kind === kind).length}):`);
    }
    lines.push(...changeLines(change));
  }
  if (report.traits.note !== undefined) lines.push('', `  ${report.traits.note}`);
  else if (report.traits.unseen.length > 0) lines.push('', `  CKAN changes in this range that no request here showed: ${report.traits.unseen.join(', ')}`);
  if (report.sources.generated !== undefined) lines.push(`  Same requests again: ${report.sources.generated.replay}`);
  lines.push('', describeVerdict(report));
  return `${lines.join('\n')}\n`;
}

const code = (text: string): string => `\`${text.replace(/`/g, "'").replace(/[\r\n]+/g, ' ')}\``;
const fence = (language: string, text: string): string[] => {
  const marks = text.includes('```') ? '~~~~' : '```';
  return [`${marks}${language}`, text, marks];
};

function answerBlock(label: string, answer: ExampleAnswer): string[] {
  const lines = [`**${label}** ${escapeMarkdown(describeAnswer(answer))}`, '', ...fence('sh', answer.curl)];
  if (answer.body !== undefined)
    lines.push('', ...fence(answer.body.trimStart().startsWith('{') ? 'json' : 'text', `${answer.body}${answer.bodyTruncated === true ? '\n…' : ''}`));
  return [...lines, ''];
}

function changeMarkdown(change: UpgradeChange, report: UpgradeReport): string[] {
  const lines = [`### ${escapeMarkdown(change.what)} (${escapeMarkdown(describeCount(change))})`, ''];
  for (const e of change.explanation)
    lines.push(`- **CKAN:** ${escapeMarkdown(describeExplanation(e))}${e.changelog === undefined ? '' : ` Changelog: ${escapeMarkdown(e.changelog)}`}`);
  if (change.note !== undefined) lines.push(`- **Note:** ${escapeMarkdown(change.note)}`);
  else if (change.explanation.length === 0) lines.push('- **CKAN:** no known change explains it');
  const ids = change.ids.slice(0, SHOWN_IDS).map(code).join(', ');
  lines.push(`- Requests: ${ids}${change.ids.length > SHOWN_IDS ? `, and ${count(change.ids.length - SHOWN_IDS)} more` : ''}`, '');
  const { example } = change;
  lines.push(`Example ${code(example.id)}: ${code(cutText(example.request, 500))}`, '');
  for (const difference of example.differences) lines.push(`- ${escapeMarkdown(difference)}`);
  lines.push('', '<details><summary>The request and both answers</summary>', '');
  lines.push(
    ...answerBlock(`A (${report.from.release ?? report.from.url})`, example.a),
    ...answerBlock(`B (${report.to.release ?? report.to.url})`, example.b),
  );
  return [...lines, '</details>', ''];
}

/** The Markdown report. */
export function renderUpgradeMarkdown(report: UpgradeReport): string {
  const lines = [`# Upgrade check: ${escapeMarkdown(describeUpgrade(report))}`, ''];
  lines.push(
    `- **From** ${escapeMarkdown(describeSide(report.from))}`,
    `- **To** ${escapeMarkdown(describeSide(report.to))}`,
    `- **Data** ${escapeMarkdown(report.data)}`,
    '',
  );
  lines.push(`**${escapeMarkdown(describeVerdict(report))}**`, '');
  if (report.sources.requests !== undefined) lines.push(...fence('text', describeTrafficSummary(report.sources.requests).join('\n')), '');
  if (report.changes.length > 0) {
    lines.push('| kind | what | requests | CKAN change |', '|---|---|---:|---|');
    for (const c of report.changes) {
      lines.push(
        `| ${CHANGE_TITLES[c.kind]} | ${escapeMarkdown(c.what)} | ${count(c.requests)} | ${escapeMarkdown(c.explanation.map((e) => `${e.id} (${e.ref})`).join('; ') || c.note || '—')} |`,
      );
    }
    lines.push('');
  }
  let kind: ChangeKind | undefined;
  for (const change of report.changes) {
    if (change.kind !== kind) {
      kind = change.kind;
      lines.push(`## ${CHANGE_TITLES[kind]}`, '');
    }
    lines.push(...changeMarkdown(change, report));
  }
  if (report.traits.note !== undefined) lines.push(escapeMarkdown(report.traits.note), '');
  else if (report.traits.unseen.length > 0)
    lines.push(`CKAN changes in this range that no request here showed: ${report.traits.unseen.map(code).join(', ')}`, '');
  return `${lines.join('\n')}\n`;
}
