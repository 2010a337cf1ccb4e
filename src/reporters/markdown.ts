// The Markdown summary: counts, a table by conformance class, and the failing cases with their first finding.
// Written as summary.md and appended to $GITHUB_STEP_SUMMARY on GitHub Actions.
import type { CaseResult, Counts, RunResult } from '../model/index.ts';
import { hasFailures } from './summarize.ts';
import {
  cutText,
  describeApplicability,
  describeBaseline,
  describeInterruption,
  groupByCause,
  describeOutcome,
  describeVersionAndContract,
  formatDuration,
} from './text.ts';

/** Options of `renderMarkdown`. */
export interface MarkdownOptions {
  /** Failing cases listed before "and N more" (default 50). */
  maxFailures?: number;
}

/** Renders the run as GitHub-flavoured Markdown. Pure. */
export function renderMarkdown(result: RunResult, options: MarkdownOptions = {}): string {
  const { summary } = result;
  const interruption = describeInterruption(result);
  const thin = describeApplicability(summary);
  const verdict = hasFailures(summary)
    ? '❌ failed'
    : interruption !== ''
      ? '⚠️ interrupted'
      : thin !== ''
        ? '⚠️ passed, but most cases did not apply'
        : '✅ passed';
  const lines = [
    `## ${escapeMarkdown(result.kit.name)} conformance: ${verdict}`,
    '',
    ...(interruption === '' ? [] : [`**${escapeMarkdown(interruption)}.**`, '']),
    ...(thin === '' ? [] : [`**${escapeMarkdown(thin)}.**`, '']),
    `Target \`${escapeCode(result.target.url)}\`${result.target.reference ? ' (bundled reference server)' : ''}` +
      `${result.shard === undefined ? '' : `, shard ${result.shard.index}/${result.shard.count}`}` +
      `, ${summary.total} cases in ${formatDuration(result.durationMs)}, started ${result.startedAt}.`,
    ...(describeVersionAndContract(result) === '' ? [] : ['', `${escapeMarkdown(describeVersionAndContract(result))}.`]),
    ...(describeBaseline(result) === '' ? [] : ['', `${escapeMarkdown(describeBaseline(result))}.`]),
    '',
    '| class | total | pass | fail | error | flaky | known | skipped | n/a | vacuous |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
    ...Object.entries(result.byClass).map(([name, counts]) => countsRow(escapeMarkdown(name), counts)),
    countsRow('**all**', summary),
  ];
  if ((summary.vacuous ?? 0) > 0) {
    lines.push(
      '',
      `${summary.vacuous} not applicable variant(s) checked nothing on this data: their checks held only because the answer had no record to check (see the README, "no vacuous passes").`,
    );
  }
  const failing = result.cases.filter((c) => c.status === 'fail' || c.status === 'error');
  if (failing.length > 0) {
    const max = options.maxFailures ?? 50;
    // why: one changed cell fails every variant that shows it; one line per root cause, with how many it failed
    const groups = groupByCause(failing);
    lines.push(
      '',
      `### Failing cases (${failing.length}${groups.length < failing.length ? `, ${groups.length} root cause${groups.length === 1 ? '' : 's'}` : ''})`,
      '',
    );
    lines.push(...groups.slice(0, max).map((g) => failureLine(g.results[0] ?? failing[0], g.results.length)));
    if (groups.length > max) lines.push(`- … and ${groups.length - max} more (see the HTML or JSON report)`);
  }
  const known = result.cases.filter((c) => c.status === 'known');
  if (known.length > 0) {
    lines.push('', `### Known deviations of the target's CKAN release (${known.length})`, '');
    lines.push(...known.slice(0, options.maxFailures ?? 50).map(failureLine));
  }
  lines.push(...baselineChanges(result, options.maxFailures ?? 50));
  return `${lines.join('\n')}\n`;
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
  const values = [
    counts.total,
    counts.pass,
    counts.fail,
    counts.error,
    counts.flaky,
    counts.known ?? 0,
    counts.skipped,
    counts.notApplicable,
    counts.vacuous ?? 0,
  ];
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
