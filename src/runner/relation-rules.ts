// The relations a case may state between its answer and related answers (metamorphic checks), as pure functions
// over decoded answers: they hold on any data, so they find bugs on an implementation's own tables.
import type { ResolvedRelation } from '../catalogue/index.ts';
import type { Finding } from '../model/index.ts';
import type { RelationRule } from '../schema/index.ts';
import { isPlainObject, showJson, toCanonicalJson } from '../util/json.ts';
import { countKeys, countRecords, describeDifference, recordKey, type RelationAnswer, type RelationOutcome } from './relation-records.ts';
import { describe, findIncomplete, noRecords, pinAdvice, undecided } from './relation-undecided.ts';

export type { RelationAnswer, RelationOutcome };

/** What each rule claims, for messages. */
const CLAIM: Readonly<Record<RelationRule, string>> = {
  union: 'the records must be those of the related requests together',
  subset: 'every record must also be in the answer to each related request',
  equal: 'the records must be the same set as those of the related request',
  tiles: 'the related pages, one after the other, must be the records in order',
  reversed: 'the values in the reverse order must be those of the opposite sort',
  projects: "the records must be the related request's, cut to the requested fields",
  counts: 'the count must be the number of records of the related request',
  total: 'result.total must count every matching record, as the related request returns them',
};

/** Checks `relation` between the case's answer `main` and the related answers (in the relation's order). */
export function checkRelation(relation: ResolvedRelation, main: RelationAnswer, related: readonly RelationAnswer[]): RelationOutcome {
  const claim =
    relation.multiset === true && relation.rule === 'equal' ? 'the records must be those of the related request, each as often' : CLAIM[relation.rule];
  const fail = (message: string, extra: Partial<Finding> = {}): RelationOutcome => ({
    findings: [{ rule: `relation.${relation.rule}`, path: '/result/records', message: `${claim} (${relation.clause}): ${message}`, ...extra }],
    checked: true,
  });
  const context: RuleContext = { main, related, field: relation.field, multiset: relation.multiset === true, fail };
  return RULES[relation.rule](context);
}

interface RuleContext {
  main: RelationAnswer;
  related: readonly RelationAnswer[];
  field: string | undefined;
  /** Compare records as multisets (each occurrence counts), not as sets. */
  multiset: boolean;
  fail: (message: string, extra?: Partial<Finding>) => RelationOutcome;
}

const PASS: RelationOutcome = { findings: [], checked: true };

const RULES: Readonly<Record<RelationRule, (context: RuleContext) => RelationOutcome>> = {
  union: ({ main, related, fail }) => {
    const partial = findIncomplete([main, ...related]);
    if (partial !== undefined) return partial;
    const together = countKeys(related.flatMap((r) => r.records));
    const differs = describeDifference(main.records, together, { label: related.map((r) => r.label).join(' and '), multiset: false });
    if (differs !== undefined) return fail(differs.message, { expected: differs.expected, actual: differs.actual });
    return together.size > 0 ? PASS : undecided(`${related.map(describe).join(' and ')} hold no record${pinAdvice(related, 'a value found in records')}`);
  },
  subset: ({ main, related, multiset, fail }) => {
    const partial = findIncomplete(related);
    if (partial !== undefined) return partial;
    for (const other of related) {
      const theirs = countKeys(other.records);
      const outside = multiset ? beyondCounts(main.records, theirs) : main.records.filter((r) => !theirs.has(recordKey(r)));
      if (outside.length > 0)
        return fail(`${countRecords(outside.length)} not returned by ${other.label}${multiset ? ' (as often)' : ''}, e.g. ${showJson(outside[0], 200)}`, {
          actual: outside.slice(0, 5),
        });
    }
    return main.records.length > 0 ? PASS : noRecords(main);
  },
  equal: ({ main, related, multiset, fail }) => {
    const partial = findIncomplete([main, ...related]);
    if (partial !== undefined) return partial;
    const other = related[0];
    if (other === undefined) return { findings: [], checked: false };
    const differs = describeDifference(main.records, countKeys(other.records), { label: other.label, multiset });
    if (differs !== undefined) return fail(differs.message, { expected: differs.expected, actual: differs.actual });
    return main.records.length > 0 ? PASS : noRecords(main);
  },
  tiles: ({ main, related, fail }) => {
    const pages = related.flatMap((r) => r.records);
    const length = Math.min(pages.length, main.records.length);
    for (let i = 0; i < Math.max(pages.length, main.records.length); i++) {
      if (i >= length || recordKey(pages[i]) !== recordKey(main.records[i])) {
        return fail(`record ${i + 1} of ${related.map((r) => r.label).join(' then ')} is ${showJson(pages[i], 200)}, not ${showJson(main.records[i], 200)}`, {
          expected: main.records[i] ?? null,
          actual: pages[i] ?? null,
        });
      }
    }
    return pages.length > 1
      ? PASS
      : undecided(`the pages hold ${countRecords(pages.length)}: too few to show an order${pinAdvice(related, 'a value in more records')}`);
  },
  reversed: ({ main, related, field, fail }) => {
    const other = related[0];
    const partial = findIncomplete([main, ...related]);
    if (partial !== undefined || other === undefined || field === undefined) return partial ?? { findings: [], checked: false };
    const forward = main.records.map((r) => toCanonicalJson(isPlainObject(r) ? r[field] : undefined));
    const backward = other.records.map((r) => toCanonicalJson(isPlainObject(r) ? r[field] : undefined)).reverse();
    const at = forward.findIndex((value, i) => value !== backward[i]);
    if (at >= 0 || forward.length !== backward.length) {
      const i = at >= 0 ? at : Math.min(forward.length, backward.length);
      return fail(`${field} of record ${i + 1} is ${forward[i] ?? 'missing'}, but ${backward[i] ?? 'missing'} counting from the end of ${other.label}`);
    }
    return new Set(forward).size > 1
      ? PASS
      : undecided(`every record of ${describe(main)} has the same ${field} (${forward[0] ?? 'no record'}): no order to reverse`);
  },
  projects: ({ main, related, fail }) => {
    const other = related[0];
    const fields = main.fields;
    if (other === undefined || fields === undefined) return { findings: [], checked: false };
    const cut = other.records.map((r) => (isPlainObject(r) ? Object.fromEntries(fields.filter((f) => f in r).map((f) => [f, r[f]])) : r));
    for (let i = 0; i < Math.max(cut.length, main.records.length); i++) {
      if (toCanonicalJson(cut[i]) !== toCanonicalJson(main.records[i])) {
        return fail(`record ${i + 1} is ${showJson(main.records[i], 200)}, but ${other.label} cut to ${fields.join(', ')} is ${showJson(cut[i], 200)}`, {
          expected: cut[i] ?? null,
          actual: main.records[i] ?? null,
        });
      }
    }
    return main.records.length > 0 ? PASS : noRecords(main);
  },
  counts: ({ main, related, fail }) => {
    const other = related[0];
    const value = readCount(main.records);
    if (other === undefined || value === undefined) return fail(`the answer is not one record with one number: ${showJson(main.records, 200)}`);
    const size = other.total ?? (other.complete ? other.records.length : undefined);
    if (size === undefined) return undecided(`${other.label} gives no total and more records than one page`);
    return value === size ? PASS : fail(`the count is ${value}; ${other.label} has ${size}`, { expected: size, actual: value });
  },
  total: ({ main, related, fail }) => {
    const other = related[0];
    if (other === undefined) return { findings: [], checked: false };
    if (main.total === undefined) return fail('the answer has no result.total');
    const partial = findIncomplete([other]);
    if (partial !== undefined) return partial;
    if (main.total !== other.records.length) {
      return fail(`result.total is ${main.total}; ${other.label} returns ${countRecords(other.records.length)}`, {
        expected: other.records.length,
        actual: main.total,
      });
    }
    return other.records.length > 0 ? PASS : noRecords(other);
  },
};

/** The records beyond the times their key occurs in `counts` (the second of two where counts has one, ...). */
function beyondCounts(records: readonly unknown[], counts: ReadonlyMap<string, number>): unknown[] {
  const left = new Map(counts);
  return records.filter((record) => {
    const key = recordKey(record);
    const n = left.get(key) ?? 0;
    left.set(key, n - 1);
    return n <= 0;
  });
}

/** The one number of a one-record, one-column answer (SQL count(*)), also as text ("260"). */
function readCount(records: readonly unknown[]): number | undefined {
  const only = records.length === 1 && isPlainObject(records[0]) ? Object.values(records[0]) : [];
  const value = only.length === 1 ? only[0] : undefined;
  const n = typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value;
  return typeof n === 'number' && Number.isInteger(n) ? n : undefined;
}
