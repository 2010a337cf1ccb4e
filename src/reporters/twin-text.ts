// The twin report as text: the console summary and the Markdown report, each opening with the verdict per
// conformance class, then the mirror, the faults reading it found, the failures (shrunk, with curl) and the
// differences from CKAN.
import type { ClassVerdict, TwinDifference, TwinReport } from '../schema/twin-report.ts';
import { formatDifference } from './diff-text.ts';
import { describeTrafficSummary } from './traffic-text.ts';
import { escapeMarkdown } from './markdown.ts';
import { cutText, formatDuration } from './text.ts';

/** Pairs shown per list in the console and the Markdown report (every one is in twin.json). */
const SHOWN = 10;

const n = (count: number, word: string): string => `${count.toLocaleString('en-US')} ${word}${count === 1 ? '' : 's'}`;

/** One line per verdict, e.g. `API description: conforms (1,000 requests, 0 differences)`. */
export function describeVerdict(verdict: ClassVerdict): string {
  const { requests, differences, findings } = verdict.counts;
  const found = findings === 0 ? '' : `, ${n(findings, 'fault')} found reading its tables`;
  if (verdict.class === 'api') {
    if (verdict.outcome === 'pass') return `${verdict.title}: conforms (${n(requests, 'request')}, 0 differences)`;
    if (verdict.outcome === 'inconclusive') return `${verdict.title}: inconclusive (no request it covers was compared)`;
    return `${verdict.title}: does not conform (${n(differences, 'failure')} in ${n(requests, 'request')}${found})`;
  }
  const release = verdict.title.replace(/ compatibility$/, '');
  if (verdict.outcome === 'pass') return `${verdict.title}: answers as ${release} (${n(requests, 'request')}, 0 differences)`;
  if (verdict.outcome === 'not-tested') return `${verdict.title}: not tested`;
  const note = verdict.claimed ? 'the target claims CKAN' : 'not failures: the target does not claim CKAN';
  return `${verdict.title}: ${n(differences + findings, 'difference')} from ${release} (${note})`;
}

function tableLines(report: TwinReport): string[] {
  return report.mirror.tables.flatMap((table) => {
    const head = `  resources.${table.name} ${table.id}${table.aliases.length === 0 ? '' : ` (aliases ${table.aliases.join(', ')})`}${table.private ? ', private' : ''}`;
    if (table.refused !== undefined) return [`${head}: not mirrored: ${table.refused}`];
    const lines = [`${head}: ${n(table.rows, 'row')}; ${table.paths.join('; ')}`];
    if (table.asText.length > 0) lines.push(`    mirrored as text (the target renders them otherwise than their type): ${table.asText.join(', ')}`);
    if (table.notCompared.length > 0) lines.push(`    not compared (the mirror cannot reproduce their values): ${table.notCompared.join(', ')}`);
    return [...lines, ...table.notes.map((note) => `    ${note}`)];
  });
}

function differenceLines(difference: TwinDifference, indent: string): string[] {
  const shrunk = difference.shrunk === undefined ? '' : ` shrunk in ${difference.shrunk.steps} step(s) to`;
  const lines = [`${difference.id}${shrunk}: ${cutText(difference.request, 300)}`];
  if (difference.clauses.length > 0) lines.push(`${indent}clauses: ${difference.clauses.join(', ')}`);
  lines.push(`${indent}${cutText(difference.reason, 300)}`);
  for (const found of difference.differences.slice(0, 3)) if (found.message !== difference.reason) lines.push(`${indent}${formatDifference(found)}`);
  if (difference.excerpts !== undefined) lines.push(`${indent}mirror: ${difference.excerpts.mirror}`, `${indent}target: ${difference.excerpts.target}`);
  lines.push(`${indent}replay on the target: ${difference.target.curl}`);
  return lines;
}

/** The console summary. */
export function formatTwinSummary(report: TwinReport): string {
  const { target } = report;
  const lines = [`twin ${target.url} [${target.profile}], mirrored as CKAN ${target.ckanRelease} (from ${target.releaseFrom})`];
  lines.push(...report.verdicts.map((verdict) => `${verdict.outcome === 'pass' ? '✓' : verdict.claimed ? '✗' : '~'} ${describeVerdict(verdict)}`));
  lines.push('', `Mirror (loaded in ${formatDuration(report.mirror.loadMs)}):`, ...tableLines(report));
  if (report.findings.length > 0) {
    lines.push('', 'Faults found reading the tables by two paths:', ...report.findings.map((f) => `  ✗ resources.${f.table}: ${f.message} (${f.clause})`));
  }
  if (report.failures.length > 0) {
    lines.push('', `Failures (${report.failures.length}):`);
    for (const failure of report.failures.slice(0, SHOWN)) lines.push(...differenceLines(failure, '      ').map((line, i) => (i === 0 ? `  ✗ ${line}` : line)));
  }
  if (report.ckanDifferences.length > 0) {
    lines.push(
      '',
      `Differences from CKAN ${target.ckanRelease} (${target.claimsCkan ? 'failures: the target claims CKAN' : 'not failures'}), the first ${Math.min(SHOWN, report.ckanDifferences.length)} of ${report.ckanDifferences.length} listed:`,
    );
    for (const difference of report.ckanDifferences.slice(0, SHOWN)) lines.push(`  ~ ${difference.id}: ${cutText(difference.reason, 200)}`);
  }
  const { total, agree, differ, error, uncovered } = report.summary;
  lines.push(
    '',
    `${n(total, 'request pair')}: ${agree} agree, ${differ} differ, ${error} without an answer; ${uncovered} outside the API description (${formatDuration(report.durationMs)})`,
  );
  if (report.requests !== undefined) lines.push(...describeTrafficSummary(report.requests));
  if (report.generated !== undefined) lines.push(`Same requests again: ${report.generated.replay}`);
  return `${lines.join('\n')}\n`;
}

const code = (text: string): string => `\`${text.replace(/`/g, "'").replace(/[\r\n]+/g, ' ')}\``;

/** The Markdown report (also suited to GitHub's job summary). */
export function renderTwinMarkdown(report: TwinReport): string {
  const lines = ['# datastore-kit twin', '', ...report.verdicts.map((verdict) => `- **${escapeMarkdown(describeVerdict(verdict))}**`), ''];
  lines.push(
    `Target ${code(report.target.url)}, profile ${code(report.target.profile)}; mirrored as CKAN ${report.target.ckanRelease} (from ${escapeMarkdown(report.target.releaseFrom)}).`,
    '',
  );
  lines.push('## Mirror', '', ...tableLines(report).map((line) => `- ${escapeMarkdown(line.trim())}`), '');
  if (report.findings.length > 0)
    lines.push(
      '## Faults found reading the tables',
      '',
      ...report.findings.map((f) => `- resources.${f.table}: ${escapeMarkdown(f.message)} (${f.clause})`),
      '',
    );
  const section = (title: string, list: readonly TwinDifference[]): void => {
    if (list.length === 0) return;
    lines.push(`## ${title}`, '');
    for (const difference of list.slice(0, SHOWN * 5)) {
      const [head = '', ...rest] = differenceLines(difference, '');
      lines.push(`### ${escapeMarkdown(difference.id)}`, '', code(head), '', ...rest.map((line) => `- ${escapeMarkdown(line)}`), '');
    }
  };
  section('Failures', report.failures);
  section(`Differences from CKAN ${report.target.ckanRelease}`, report.ckanDifferences);
  if (report.requests !== undefined) lines.push('```text', ...describeTrafficSummary(report.requests), '```', '');
  if (report.generated !== undefined)
    lines.push(`Generated: ${report.generated.count} requests with seed ${report.generated.seed}; replay: ${code(report.generated.replay)}`, '');
  return `${lines.join('\n')}\n`;
}
