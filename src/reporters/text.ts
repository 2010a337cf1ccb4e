// Shared text helpers for the renderers: finding lines, value previews, durations, header redaction.
import type { CaseResult, Counts, Finding, RunResult } from '../model/index.ts';
import { isFailingStatus } from '../schema/index.ts';
import { countApplied } from './summarize.ts';

import { redactCurl } from '../util/redact.ts';

// why: the renderers mask with the kit's one list of secret headers
export { redactCurl, redactHeaders } from '../util/redact.ts';

/** `records.every /result/records/0/name: expected "a", got "b"`: the one-line form of a finding. */
export function formatFinding(finding: Finding): string {
  const path = finding.path === '' ? '' : ` ${finding.path}`;
  return `${finding.rule}${path}: ${finding.message}`;
}

/** A finding with its expected/actual values on indented lines (values cut to `maxValueChars`). */
export function formatFindingDetail(finding: Finding, maxValueChars = 500): string {
  const lines = [formatFinding(finding)];
  if ('expected' in finding) lines.push(`  expected: ${formatValue(finding.expected, maxValueChars)}`);
  if ('actual' in finding) lines.push(`  actual:   ${formatValue(finding.actual, maxValueChars)}`);
  return lines.join('\n');
}

/**
 * The root cause of a failing result, as the text that groups it with others: its first finding (rule, pointer,
 * message: `baseline /result/records: record _id=2 changed: "subject" "German" -> "French"`), or its error.
 */
export function describeCause(result: CaseResult): string {
  const first = result.findings[0];
  if (result.status === 'fail' && first !== undefined) return formatFinding(first).replace(/\s+/g, ' ');
  return describeOutcome(result).replace(/\s+/g, ' ');
}

/** Failing results grouped by root cause (describeCause), in the order each cause was first seen. */
export function groupByCause(results: readonly CaseResult[]): { cause: string; results: CaseResult[] }[] {
  const groups = new Map<string, CaseResult[]>();
  for (const result of results) {
    const cause = describeCause(result);
    groups.set(cause, [...(groups.get(cause) ?? []), result]);
  }
  return [...groups].map(([cause, grouped]) => ({ cause, results: grouped }));
}

/** The headline of a case result: first finding, error, or skip reason; '' for a plain pass. */
export function describeOutcome(result: CaseResult): string {
  const first = result.findings[0];
  if (result.status === 'fail' && first !== undefined) {
    const more = result.findings.length > 1 ? ` (+${result.findings.length - 1} more)` : '';
    return `${formatFinding(first)}${more}`;
  }
  if (result.status === 'error') {
    return result.error === undefined ? (result.reason ?? 'error') : `${result.error.message} (${result.error.code})`;
  }
  if (result.status === 'known' && result.known !== undefined) return describeKnown(result.known, first);
  if (result.status === 'flaky') {
    const attempts = result.exchange?.attempts;
    return attempts === undefined ? 'passed on retry' : `passed on retry (${attempts} attempts)`;
  }
  return result.reason ?? '';
}

/** `known deviation of CKAN 2.11.5: DISTINCT applied after LIMIT (ckan/ckan#8709; fixed in 2.12.0)`, then the first finding. */
export function describeKnown(known: NonNullable<CaseResult['known']>, first?: Finding): string {
  const where = [known.ref, known.fixed === undefined ? 'not fixed yet' : `fixed in ${known.fixed}`].join('; ');
  const finding = first === undefined ? '' : `: ${formatFinding(first)}`;
  return `known deviation of CKAN ${known.release}: ${known.note} (${where})${finding}`;
}

/** `, 2 known deviations of the target's CKAN release` for the verdict line; '' when there are none. */
export function describeKnownCount(known: number | undefined): string {
  if (known === undefined || known === 0) return '';
  return `, ${known} known deviation${known === 1 ? '' : 's'} of the target's CKAN release`;
}

/**
 * `interrupted: 12 of 40 case variants ran, 28 not run (reported skipped)` for a run stopped by SIGINT/SIGTERM;
 * '' for a run that went to its end. Every report format shows this line, so none reads as a complete pass.
 */
export function describeInterruption(result: RunResult): string {
  const stop = result.interrupted;
  if (stop === undefined) return '';
  return `interrupted: ${stop.ran} of ${stop.ran + stop.notRun} case variants ran, ${stop.notRun} not run (reported skipped)`;
}

/**
 * `only 38 of 237 case variants applied (16%); the others were not applicable to this target or skipped` when fewer
 * than half applied; '' otherwise. Every report format shows it in its headline, so a thin run never reads as a
 * full pass (`run --min-applicable PCT` also fails it).
 */
export function describeApplicability(summary: Counts): string {
  const applied = countApplied(summary);
  if (summary.total === 0 || applied * 2 >= summary.total) return '';
  const pct = Math.floor((applied / summary.total) * 100);
  return `only ${applied} of ${summary.total} case variants applied (${pct}%); the others were not applicable to this target or skipped`;
}

/**
 * `CKAN 2.10 (from status_show: 2.10.4); contract ckan (--contract ckan)`: which version and contract the run
 * assumed, and why; '' for a report that does not say (older reports).
 */
export function describeVersionAndContract(result: RunResult): string {
  const ckan = result.target.ckan;
  const parts = [
    ckan === undefined
      ? ''
      : ckan.version === undefined
        ? `CKAN release unknown (${ckan.reason.replace(/^unknown: /, '')})`
        : `CKAN ${ckan.version} (${ckan.reason})`,
    result.contract === undefined ? '' : `contract ${result.contract.profile} (${result.contract.reason})`,
  ];
  return parts.filter((part) => part !== '').join('; ');
}

/**
 * The related requests of a relation variant that failed, each as curl with its status:
 * `related request 1: curl ... -> HTTP 200`; none for other variants.
 */
export function formatRelated(result: CaseResult): string[] {
  if (!isFailingStatus(result.status) || result.related === undefined) return [];
  return result.related.map((r, i) => `related request ${i + 1}: ${redactCurl(r.curl)} -> ${r.status === undefined ? 'no answer' : `HTTP ${r.status}`}`);
}

/** JSON text of a value (compact), cut to `maxChars` with an ellipsis; `undefined` renders as `undefined`. */
export function formatValue(value: unknown, maxChars = 500): string {
  let text: string;
  try {
    text = JSON.stringify(value) ?? String(value);
  } catch {
    text = String(value);
  }
  return cutText(text, maxChars);
}

/** Cuts `text` to at most `maxChars` characters, marking the cut with `…`. */
export function cutText(text: string, maxChars: number): string {
  return text.length <= maxChars ? text : `${text.slice(0, Math.max(0, maxChars - 1))}…`;
}

/** `12 ms`, `1.50 s`, `2 min 5 s`. */
export function formatDuration(durationMs: number): string {
  if (durationMs < 1000) return `${Math.round(durationMs)} ms`;
  if (durationMs < 60_000) return `${(durationMs / 1000).toFixed(2)} s`;
  const seconds = Math.round(durationMs / 1000);
  return `${Math.floor(seconds / 60)} min ${seconds % 60} s`;
}

/** Case results with failures and errors first, each group in its original order. */
export function sortFailuresFirst(cases: readonly CaseResult[]): CaseResult[] {
  const rank = (result: CaseResult): number => (isFailingStatus(result.status) ? 0 : 1);
  return [...cases]
    .map((result, index) => ({ result, index }))
    .sort((a, b) => rank(a.result) - rank(b.result) || a.index - b.index)
    .map((entry) => entry.result);
}

/**
 * `baseline baselines (update missing): 180 match, 2 differ, 1 missing, 3 recorded, 0 updated`; '' for a run
 * without --baseline.
 */
export function describeBaseline(result: RunResult): string {
  const b = result.baseline;
  if (b === undefined) return '';
  const unchecked =
    (b.unchecked ?? 0) > 0
      ? `; ${b.unchecked} file${b.unchecked === 1 ? '' : 's'} not checked (${(b.uncheckedFiles ?? []).slice(0, 3).join(', ')}${(b.unchecked ?? 0) > 3 ? ', …' : ''})`
      : '';
  return `baseline ${b.dir} (update ${b.update}): ${b.match} match, ${b.differs} differ, ${b.missing} missing, ${b.recorded} recorded, ${b.updated} updated${unchecked}`;
}

/**
 * `baseline updated search/q/get-api.json: 2 differences accepted (record _id=7 changed: ...)` for a variant whose
 * baseline file was recorded or updated; '' otherwise.
 */
export function describeBaselineChange(result: CaseResult): string {
  const b = result.baseline;
  if (b === undefined || (b.outcome !== 'recorded' && b.outcome !== 'updated')) return '';
  const count = b.differences.length;
  const first = b.differences[0];
  const accepted =
    count === 0
      ? ''
      : `: ${count}${b.truncated === true ? '+' : ''} difference${count === 1 ? '' : 's'} accepted (${first?.message ?? ''}${count > 1 ? ', …' : ''})`;
  return `baseline ${b.outcome} ${b.file}${accepted}`;
}
