// The HTML report's filter form (status, class, text) and the attributes that tie a variant's elements to it;
// the behaviour is html-script.ts. The form is `hidden` in the markup: only the script shows it.
import type { CaseResult, CaseStatus } from '../model/index.ts';
import { escapeHtml } from './html-escape.ts';

const STATUS_LABELS = {
  fail: 'failed',
  error: 'errored',
  known: 'known',
  flaky: 'flaky',
  pass: 'passed',
  'not-applicable': 'not applicable',
  skipped: 'skipped',
} as const satisfies Record<CaseStatus, string>;

/** The attributes of every element that shows variant number `key` (its table row, its detail blocks). */
export function variantAttributes(result: CaseResult, key: number): string {
  return `data-v="${key}" data-status="${result.status}" data-class="${escapeHtml(result.class)}"`;
}

/** The filter form: a box per status the run has (with its count), a class select, a text field, a reset. */
export function renderFilterBar(cases: readonly CaseResult[]): string {
  const statuses = countBy(cases, (c) => c.status);
  const classes = countBy(cases, (c) => c.class);
  const boxes = (Object.keys(STATUS_LABELS) as CaseStatus[])
    .filter((status) => statuses.has(status))
    .map(
      (status) =>
        `<label><input type="checkbox" name="status" value="${status}"> <span class="badge ${status}">${STATUS_LABELS[status]}</span> <span class="count" data-count="${status}">${statuses.get(status)}</span></label>`,
    );
  const options = [...classes]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([name, count]) => `<option value="${escapeHtml(name)}">${escapeHtml(name)} (${count})</option>`);
  return [
    '<form class="filters" id="filters" hidden>',
    `<fieldset><legend>status</legend>${boxes.join('')}</fieldset>`,
    `<label>class <select name="class"><option value="">all classes</option>${options.join('')}</select></label>`,
    '<label>text <input type="search" name="q" placeholder="id, title, request, finding" autocomplete="off"></label>',
    '<button type="button" class="clear">show all</button>',
    `<output class="showing" aria-live="polite">showing ${cases.length} of ${cases.length} variants</output>`,
    '</form>',
  ].join('\n');
}

function countBy<K>(cases: readonly CaseResult[], keyOf: (result: CaseResult) => K): Map<K, number> {
  const counts = new Map<K, number>();
  for (const result of cases) counts.set(keyOf(result), (counts.get(keyOf(result)) ?? 0) + 1);
  return counts;
}
