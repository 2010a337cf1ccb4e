// The diff report as text: the console summary and the Markdown report (same content, two notations).
import type { DifferenceRecord as Difference } from '../schema/baseline.ts';
import { GENERATED_PREFIX, TRAFFIC_PREFIX, type DiffReport, type PairResult } from '../schema/diff-report.ts';
import { describeDiff } from './describe-diff.ts';
import { escapeMarkdown } from './markdown.ts';
import { cutText, formatValue } from './text.ts';
import { describeTrafficSummary } from './traffic-text.ts';

/** Differences shown per pair in the console and the Markdown report (every one is in the JSON report). */
export const SHOWN_DIFFERENCES = 5;
/** Disagreeing requests of a traffic file the console lists (the reports list all). */
const SHOWN_TRAFFIC_PAIRS = 20;

/** One line per difference: its message, and for a changed record each field's two values. */
export function formatDifference(difference: Difference): string {
  const changes = (difference.changes ?? []).map((c) => `${c.field}: ${formatValue(c.expected, 80)} -> ${formatValue(c.actual, 80)}`);
  return cutText(changes.length === 0 || difference.message.includes(' -> ') ? difference.message : `${difference.message} (${changes.join('; ')})`, 400);
}

function pairLines(pair: PairResult, indent: string): string[] {
  if (pair.outcome === 'error')
    return [`${indent}A: ${pair.a.error ?? `HTTP ${String(pair.a.status)}`}`, `${indent}B: ${pair.b.error ?? `HTTP ${String(pair.b.status)}`}`];
  const shown = pair.differences.slice(0, SHOWN_DIFFERENCES).map((d) => `${indent}${formatDifference(d)}`);
  const more = pair.differences.length - shown.length;
  return more > 0 || pair.truncated === true ? [...shown, `${indent}… and more (see the JSON report)`] : shown;
}

/** `A http://… (profile reference) vs B …`. */
function describeTargets(report: DiffReport): string {
  return report.targets.map((t) => `${t.label} ${t.url}${t.reference ? ' (reference)' : ''} [${t.profile}]`).join(' vs ');
}

/** The console summary: each disagreement with its first differences, the shrunk generated ones with curl, the verdict. */
export function formatDiffSummary(report: DiffReport): string {
  const lines = [`diff ${describeTargets(report)}`];
  for (const shared of report.sharedDifferences ?? []) {
    lines.push(
      `  every one of the ${shared.pairs} differing pairs shows ${shared.kind}: if the deployments may differ there, add ${shared.normalise} to a profile`,
    );
  }
  if (report.valuesDiffer !== undefined) lines.push(`  every pair asks both with A's values; B's profile gives other ${report.valuesDiffer.join(', ')}`);
  if (report.requests !== undefined) lines.push(...describeTrafficSummary(report.requests));
  // generated disagreements are shown shrunk below; the reports list each one as found
  const listed = report.pairs.filter((p) => !p.id.startsWith(GENERATED_PREFIX));
  const traffic = listed.filter((p) => p.id.startsWith(TRAFFIC_PREFIX));
  const hidden = traffic.slice(SHOWN_TRAFFIC_PAIRS);
  for (const pair of listed.filter((p) => !hidden.includes(p))) {
    lines.push(
      `✗ ${pair.id}: ${pair.outcome === 'error' ? 'no answer from a target' : `${pair.differences.length} difference(s)`}`,
      `    ${cutText(pair.request, 300)}`,
      ...pairLines(pair, '    '),
    );
  }
  if (hidden.length > 0) lines.push(`… and ${hidden.length} more disagreeing requests of ${report.requests?.file ?? 'the traffic file'} (see diff.md)`);
  const generated = report.generated;
  if (generated !== undefined) {
    const found = report.pairs.filter((p) => p.id.startsWith(GENERATED_PREFIX) && p.outcome === 'differ').length;
    lines.push(
      '',
      `Generated: ${generated.count} requests with --seed ${generated.seed}; ${found} disagreed, ${generated.disagreements.length} after shrinking:`,
    );
    generated.disagreements.forEach((found, index) => {
      lines.push(`  #${index + 1} shrunk in ${found.shrinks} step(s) to: ${found.pair.request}`, ...pairLines(found.pair, '      '));
      lines.push(`    replay on A: ${found.pair.a.curl}`, `    replay on B: ${found.pair.b.curl}`);
    });
    lines.push(`  Same requests again: ${generated.replay}`);
  }
  const view = describeDiff(report);
  lines.push('', `${view.verdict}: ${view.summaryLine}`);
  return `${lines.join('\n')}\n`;
}

const code = (text: string): string => `\`${text.replace(/`/g, "'").replace(/[\r\n]+/g, ' ')}\``;

/** The Markdown report (also suited to GitHub's job summary). */
export function renderDiffMarkdown(report: DiffReport): string {
  const view = describeDiff(report);
  const lines = [`# datastore-kit diff: ${view.verdict.toLowerCase()}`, ''];
  for (const t of report.targets) lines.push(`- **${t.label}** ${code(t.url)}${t.reference ? ' (reference server)' : ''}, profile ${code(t.profile)}`);
  lines.push('', escapeMarkdown(view.summaryLine), '');
  if (report.requests !== undefined) lines.push('```text', ...describeTrafficSummary(report.requests), '```', '');
  if (report.pairs.length > 0) lines.push('## Disagreements', '');
  for (const pair of report.pairs) {
    lines.push(`### ${escapeMarkdown(pair.id)}`, '', code(cutText(pair.request, 500)), '');
    lines.push(...pairLines(pair, '- ').map((line) => `- ${escapeMarkdown(line.slice(2))}`), '');
  }
  const generated = report.generated;
  if (generated !== undefined) {
    lines.push('## Generated requests', '', `${generated.count} requests with seed ${generated.seed}; replay: ${code(generated.replay)}`, '');
    generated.disagreements.forEach((found, index) => {
      lines.push(`### Shrunk disagreement ${index + 1} (${found.shrinks} shrink steps)`, '', code(found.pair.request), '');
      lines.push(...pairLines(found.pair, '- ').map((line) => `- ${escapeMarkdown(line.slice(2))}`), '');
      lines.push('```sh', `# A\n${found.pair.a.curl}`, `# B\n${found.pair.b.curl}`, '```', '');
    });
  }
  return `${lines.join('\n')}\n`;
}
