// The Markdown summary: counts, a table by conformance class, and the failing cases with their first finding.
// Written as summary.md and appended to $GITHUB_STEP_SUMMARY on GitHub Actions.
import type { CaseResult, Counts, RunResult } from '../model/index.ts';
import { COUNT_COLUMNS, describeRun, type HeadlineOutcome, type RunView } from './describe-run.ts';
import { cutText, describeOutcome, formatDuration } from './text.ts';

/** Options of `renderMarkdown`. */
export interface MarkdownOptions {
  /** Failing cases listed before "and N more" (default 50). */
  maxFailures?: number;
}

const HEADLINE = {
  pass: '✅ passed',
  fail: '❌ failed',
  inconclusive: '⚠️ inconclusive',
  interrupted: '⚠️ interrupted',
  thin: '⚠️ passed, but most cases did not apply',
} as const satisfies Record<HeadlineOutcome, string>;

const VERDICT_MARK = { pass: '✅', fail: '❌', inconclusive: '⚠️', 'not-tested': '➖' } as const;

/** Renders the run as GitHub-flavoured Markdown. Pure. */
export function renderMarkdown(result: RunResult, options: MarkdownOptions = {}): string {
  const view = describeRun(result);
  const { counts } = view;
  const max = options.maxFailures ?? 50;
  const lines = [
    `## ${escapeMarkdown(result.kit.name)} conformance: ${HEADLINE[view.headline.outcome]}`,
    '',
    ...view.verdicts.map((v) => `- ${VERDICT_MARK[v.outcome]} ${escapeMarkdown(v.line)}`),
    '',
    ...view.warnings.flatMap((w) => [`**${escapeMarkdown(w.text)}.**`, '']),
    `Target \`${escapeCode(result.target.url)}\`${result.target.reference ? ' (bundled reference server)' : ''}` +
      `${result.shard === undefined ? '' : `, shard ${result.shard.index}/${result.shard.count}`}` +
      `, ${counts.total} cases in ${formatDuration(result.durationMs)}, started ${result.startedAt}.`,
    ...(view.assumed === '' ? [] : ['', `${escapeMarkdown(view.assumed)}.`]),
    ...(view.baseline === '' ? [] : ['', `${escapeMarkdown(view.baseline)}.`]),
    '',
    `| class | ${COUNT_COLUMNS.map((c) => c.label).join(' | ')} |`,
    `|---|${COUNT_COLUMNS.map(() => '---:').join('|')}|`,
    ...view.classes.map(({ name, counts: c }) => countsRow(escapeMarkdown(name), c)),
    countsRow('**all**', counts),
  ];
  lines.push(...failingLines(view, max));
  const { known } = view.groups;
  if (known.length > 0) {
    lines.push('', `### Known deviations of the target's CKAN release (${known.length})`, '');
    lines.push(...known.slice(0, max).map((c) => failureLine(c, 1)));
  }
  lines.push(...undecidedLines(view, max), ...baselineChanges(result, max));
  return `${lines.join('\n')}\n`;
}

/** One line per root cause of the failing variants, with how many it failed (one changed cell fails every variant that shows it). */
function failingLines(view: RunView, max: number): string[] {
  const { failing, causes } = view.groups;
  if (failing.length === 0) return [];
  const root = causes.length < failing.length ? `, ${causes.length} root cause${causes.length === 1 ? '' : 's'}` : '';
  const lines = ['', `### Failing cases (${failing.length}${root})`, ''];
  lines.push(...causes.slice(0, max).map((g) => failureLine(g.results[0] ?? failing[0], g.results.length)));
  if (causes.length > max) lines.push(`- … and ${causes.length - max} more (see the HTML or JSON report)`);
  return lines;
}

/** The variants that decided nothing, by reason (the most common first). */
function undecidedLines(view: RunView, max: number): string[] {
  const groups = [...view.groups.vacuous, ...view.groups.notApplicable];
  if (groups.length === 0) return [];
  const total = groups.reduce((sum, g) => sum + g.results.length, 0);
  const lines = ['', `### Not applicable, by reason (${total})`, ''];
  lines.push(
    ...groups.slice(0, max).map((g) => `- ${g.results.length} × ${escapeMarkdown(cutText(g.reason, 300))} (e.g. \`${escapeCode(g.results[0]?.id ?? '')}\`)`),
  );
  if (groups.length > max) lines.push(`- … and ${groups.length - max} more reasons`);
  return lines;
}

/** The variants whose baseline differences were listed (failing ones) or accepted (updated), with each difference. */
function baselineChanges(result: RunResult, max: number): string[] {
  const changed = result.cases.filter((c) => (c.baseline?.outcome === 'differs' || c.baseline?.outcome === 'updated') && c.baseline.differences.length > 0);
  if (changed.length === 0) return [];
  const lines = ['', `### Baseline differences (${changed.length})`, ''];
  for (const c of changed.slice(0, max)) {
    const b = c.baseline;
    if (b === undefined) continue;
    lines.push(`- \`${escapeCode(c.id)}\` (\`${escapeCode(b.file)}\`, ${b.outcome === 'updated' ? 'accepted' : 'differs'}):`);
    lines.push(...b.differences.slice(0, 10).map((d) => `  - ${escapeMarkdown(cutText(d.message.replace(/\s+/g, ' '), 300))}`));
    if (b.differences.length > 10 || b.truncated === true) lines.push(`  - … more (see the HTML or JSON report)`);
  }
  if (changed.length > max) lines.push(`- … and ${changed.length - max} more`);
  return lines;
}

function countsRow(label: string, counts: Counts): string {
  const values = COUNT_COLUMNS.map(({ key }) => counts[key] ?? 0);
  return `| ${label} | ${values.join(' | ')} |`;
}

function failureLine(result: CaseResult | undefined, variants: number): string {
  if (result === undefined) return '';
  const outcome = cutText(describeOutcome(result).replace(/\s+/g, ' '), 300);
  const more = variants > 1 ? ` and ${variants - 1} more variant${variants > 2 ? 's' : ''}` : '';
  return `- **${result.status}** \`${escapeCode(result.id)}\`${more}: ${escapeMarkdown(outcome)}`;
}

/** Escapes characters that Markdown or GitHub's HTML pass-through would interpret. */
export function escapeMarkdown(text: string): string {
  return text.replace(/[\\`*_[\]|<>~]/g, (char) => (char === '<' ? '&lt;' : char === '>' ? '&gt;' : `\\${char}`));
}

// Inside a code span only a backtick can break out; the span shows everything else literally.
function escapeCode(text: string): string {
  return text.replace(/`/g, "'").replace(/[\r\n]+/g, ' ');
}
