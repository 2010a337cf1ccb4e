// The HTML view of a variant's baseline differences: a record-level diff table (rows added, removed and
// changed, changed cells highlighted with the old and the new value) and a list of the other differences.
import type { CaseResult } from '../model/index.ts';
import type { DifferenceRecord as Difference } from '../schema/baseline.ts';
import { isPlainObject } from '../util/json.ts';
import { escapeHtml, escapeWrappable } from './html-escape.ts';
import { formatValue } from './text.ts';

type CaseBaseline = NonNullable<CaseResult['baseline']>;

/** The size caps of the HTML report this block uses (a part of html-case's HtmlLimits). */
interface DiffLimits {
  /** Differences shown per case. */
  maxDiffEntries: number;
  /** Characters per value in a cell. */
  maxValueChars: number;
}

/** Columns shown in a record diff table at most (the rest of a wide record is left out, with a note). */
const MAX_COLUMNS = 24;

const OUTCOME_TEXT = {
  match: 'matches',
  differs: 'differs',
  missing: 'missing',
  recorded: 'recorded',
  updated: 'updated (differences accepted)',
} as const satisfies Record<CaseBaseline['outcome'], string>;

/** The baseline block of a case: file, outcome, rules applied, then the differences. */
export function renderBaselineBlock(baseline: CaseBaseline, limits: DiffLimits): string {
  const rules = baseline.rules.length === 0 ? 'none' : baseline.rules.join(', ');
  const parts = [
    `<h3>Baseline <code>${escapeHtml(baseline.file)}</code>: ${OUTCOME_TEXT[baseline.outcome]}</h3>`,
    `<p class="note">normalisation applied: ${escapeHtml(rules)}</p>`,
  ];
  parts.push(renderDifferences(baseline.differences, baseline.truncated === true, limits));
  return parts.join('\n');
}

/** Differences of two answers: the other differences as a list, then the records as one diff table (also used by the diff report). */
export function renderDifferences(all: readonly Difference[], truncated: boolean, limits: DiffLimits): string {
  const parts: string[] = [];
  const differences = all.slice(0, limits.maxDiffEntries);
  const records = differences.filter((d) => d.kind === 'record-added' || d.kind === 'record-removed' || d.kind === 'record-changed');
  const others = differences.filter((d) => !records.includes(d));
  if (others.length > 0) parts.push(`<ul class="findings">${others.map((d) => `<li>${renderOther(d)}</li>`).join('')}</ul>`);
  if (records.length > 0) parts.push(renderRecordTable(records, limits));
  if (truncated || all.length > differences.length) parts.push('<p class="note">more differences than shown</p>');
  return parts.join('\n');
}

function renderOther(difference: Difference): string {
  const path = difference.path === '' ? '(whole response)' : difference.path;
  return `<code>${escapeHtml(difference.kind)}</code> at <code>${escapeHtml(path)}</code>: ${escapeHtml(difference.message)}`;
}

function renderRecordTable(differences: readonly Difference[], limits: DiffLimits): string {
  const columns = collectColumns(differences);
  const shown = columns.slice(0, MAX_COLUMNS);
  const value = (v: unknown): string => escapeWrappable(formatValue(v, limits.maxValueChars));
  const head = ['change', 'record', ...(shown.length === 0 ? ['value'] : shown)].map((name) => `<th>${escapeHtml(name)}</th>`).join('');
  const rows = differences.map((difference) => {
    const change = difference.kind.replace('record-', '');
    const record = difference.kind === 'record-removed' ? difference.expected : difference.actual;
    const changed = new Map((difference.changes ?? []).map((c) => [c.field, c]));
    const cells =
      shown.length === 0 || !isPlainObject(record)
        ? [renderWhole(difference, value, Math.max(1, shown.length))]
        : shown.map((column) => {
            const c = changed.get(column);
            if (c !== undefined)
              return `<td class="changed"><del>${'expected' in c ? value(c.expected) : '(absent)'}</del> <ins>${'actual' in c ? value(c.actual) : '(absent)'}</ins></td>`;
            return Object.hasOwn(record, column) ? `<td>${value(record[column])}</td>` : '<td class="note">(absent)</td>';
          });
    return `<tr class="${change}"><td class="kind">${change}</td><td><code>${escapeHtml(difference.key ?? '')}</code></td>${cells.join('')}</tr>`;
  });
  const wide = columns.length > shown.length ? `<p class="note">${columns.length - shown.length} more fields not shown</p>` : '';
  return `<table class="diff records"><thead><tr>${head}</tr></thead><tbody>${rows.join('')}</tbody></table>${wide}`;
}

/** Field names of the object records: `_id`, the changed fields, then the rest in this run's order (the baseline's is sorted). */
function collectColumns(differences: readonly Difference[]): string[] {
  const changed = differences.flatMap((d) => (d.changes ?? []).map((c) => c.field));
  const all = [...differences.map((d) => d.actual), ...differences.map((d) => d.expected)].flatMap((record) =>
    isPlainObject(record) ? Object.keys(record) : [],
  );
  const key = all.includes('_id') ? ['_id'] : [];
  return [...new Set([...key, ...changed, ...all])];
}

function renderWhole(difference: Difference, value: (v: unknown) => string, columns: number): string {
  const span = `colspan="${columns}"`;
  if (difference.kind === 'record-changed')
    return `<td ${span} class="changed"><del>${value(difference.expected)}</del> <ins>${value(difference.actual)}</ins></td>`;
  return `<td ${span}>${value(difference.kind === 'record-removed' ? difference.expected : difference.actual)}</td>`;
}
