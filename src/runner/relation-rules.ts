// The relations a case may state between its answer and related answers (metamorphic checks), as pure functions
// over decoded answers: they hold on any data, so they find bugs on an implementation's own tables.
import type { ResolvedRelation } from '../catalogue/index.ts';
import type { Finding } from '../model/index.ts';
import type { RelationRule } from '../schema/index.ts';
import { isPlainObject, showJson, toCanonicalJson } from '../util/json.ts';

/** One decoded answer of the relation: its records (objects) and whether they are all the matching ones. */
export interface RelationAnswer {
  /** What distinguishes the request from the case's own, for messages (e.g. `{"offset":5}`); "" for the case's. */
  label: string;
  records: readonly unknown[];
  /** result.total when the answer gives one. */
  total?: number;
  /** Whether `records` holds every matching record (a page shorter than its limit, or all of `total`). */
  complete: boolean;
  /** The `fields` the request projects onto, when it names some. */
  fields?: readonly string[];
}

/** What a relation found: findings, whether it compared anything, and why it could not decide (if it could not). */
export interface RelationOutcome {
  findings: Finding[];
  checked: boolean;
  undecided?: string;
}

/** What each rule claims, for messages. */
const CLAIM: Readonly<Record<RelationRule, string>> = {
  union: 'the records must be those of the related requests together',
  subset: 'every record must also be in the answer to each related request',
  equal: 'the records must be the same set as those of the related request',
  tiles: 'the related pages, one after the other, must be the records in order',
  reversed: 'the values in the reverse order must be those of the opposite sort',
  projects: "the records must be the related request's, cut to the requested fields",
  counts: 'the count must be the number of records of the related request',
};

/** Columns a text query may add (rank) or CKAN's index column: not part of a record's identity. */
const NOT_IDENTITY = /^(rank( .*)?|_full_text)$/;

/** A record as comparable text: canonical JSON without rank columns. */
export function recordKey(record: unknown): string {
  if (!isPlainObject(record)) return toCanonicalJson(record);
  return toCanonicalJson(Object.fromEntries(Object.entries(record).filter(([key]) => !NOT_IDENTITY.test(key))));
}

/** Checks `relation` between the case's answer `main` and the related answers (in the relation's order). */
export function checkRelation(relation: ResolvedRelation, main: RelationAnswer, related: readonly RelationAnswer[]): RelationOutcome {
  const fail = (message: string, extra: Partial<Finding> = {}): RelationOutcome => ({
    findings: [{ rule: `relation.${relation.rule}`, path: '/result/records', message: `${CLAIM[relation.rule]} (${relation.clause}): ${message}`, ...extra }],
    checked: true,
  });
  const context: RuleContext = { main, related, field: relation.field, fail };
  return RULES[relation.rule](context);
}

interface RuleContext {
  main: RelationAnswer;
  related: readonly RelationAnswer[];
  field: string | undefined;
  fail: (message: string, extra?: Partial<Finding>) => RelationOutcome;
}

const PASS: RelationOutcome = { findings: [], checked: true };

const RULES: Readonly<Record<RelationRule, (context: RuleContext) => RelationOutcome>> = {
  union: ({ main, related, fail }) => {
    const partial = incomplete([main, ...related]);
    if (partial !== undefined) return partial;
    const together = new Set(related.flatMap((r) => r.records.map(recordKey)));
    return compareSets(main, together, related.map((r) => r.label).join(' and '), fail) ?? checkedIf(together.size > 0);
  },
  subset: ({ main, related, fail }) => {
    const partial = incomplete(related);
    if (partial !== undefined) return partial;
    for (const other of related) {
      const keys = new Set(other.records.map(recordKey));
      const outside = main.records.filter((r) => !keys.has(recordKey(r)));
      if (outside.length > 0)
        return fail(`${count(outside.length)} not returned by ${other.label}, e.g. ${showJson(outside[0], 200)}`, { actual: outside.slice(0, 5) });
    }
    return checkedIf(main.records.length > 0);
  },
  equal: ({ main, related, fail }) => {
    const partial = incomplete([main, ...related]);
    if (partial !== undefined) return partial;
    const other = related[0];
    if (other === undefined) return { findings: [], checked: false };
    return compareSets(main, new Set(other.records.map(recordKey)), other.label, fail) ?? checkedIf(main.records.length > 0);
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
    return checkedIf(pages.length > 1);
  },
  reversed: ({ main, related, field, fail }) => {
    const other = related[0];
    const partial = incomplete([main, ...related]);
    if (partial !== undefined || other === undefined || field === undefined) return partial ?? { findings: [], checked: false };
    const forward = main.records.map((r) => toCanonicalJson(isPlainObject(r) ? r[field] : undefined));
    const backward = other.records.map((r) => toCanonicalJson(isPlainObject(r) ? r[field] : undefined)).reverse();
    const at = forward.findIndex((value, i) => value !== backward[i]);
    if (at >= 0 || forward.length !== backward.length) {
      const i = at >= 0 ? at : Math.min(forward.length, backward.length);
      return fail(`${field} of record ${i + 1} is ${forward[i] ?? 'missing'}, but ${backward[i] ?? 'missing'} counting from the end of ${other.label}`);
    }
    return checkedIf(new Set(forward).size > 1);
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
    return checkedIf(main.records.length > 0);
  },
  counts: ({ main, related, fail }) => {
    const other = related[0];
    const value = readCount(main.records);
    if (other === undefined || value === undefined) return fail(`the answer is not one record with one number: ${showJson(main.records, 200)}`);
    const size = other.total ?? (other.complete ? other.records.length : undefined);
    if (size === undefined) return { findings: [], checked: false, undecided: `${other.label} gives no total and more records than one page` };
    return value === size ? PASS : fail(`the count is ${value}; ${other.label} has ${size}`, { expected: size, actual: value });
  },
};

function compareSets(main: RelationAnswer, expected: ReadonlySet<string>, label: string, fail: RuleContext['fail']): RelationOutcome | undefined {
  const keys = new Set(main.records.map(recordKey));
  const missing = [...expected].filter((k) => !keys.has(k));
  const extra = main.records.filter((r) => !expected.has(recordKey(r)));
  if (missing.length === 0 && extra.length === 0) return undefined;
  const parts = [
    ...(missing.length > 0 ? [`${count(missing.length)} of ${label} missing, e.g. ${missing[0] ?? ''}`] : []),
    ...(extra.length > 0 ? [`${count(extra.length)} not in ${label}, e.g. ${showJson(extra[0], 200)}`] : []),
  ];
  return fail(parts.join('; '), { expected: expected.size, actual: keys.size });
}

/** Not decided when an answer may hold only part of its records (a full page). */
function incomplete(answers: readonly RelationAnswer[]): RelationOutcome | undefined {
  const partial = answers.find((a) => !a.complete);
  if (partial === undefined) return undefined;
  const what = partial.label === '' ? "the case's answer" : partial.label;
  return { findings: [], checked: false, undecided: `${what} fills its page: more records may match than it returns` };
}

function checkedIf(condition: boolean): RelationOutcome {
  return { findings: [], checked: condition };
}

function count(n: number): string {
  return n === 1 ? '1 record' : `${n} records`;
}

/** The one number of a one-record, one-column answer (SQL count(*)), also as text ("260"). */
function readCount(records: readonly unknown[]): number | undefined {
  const only = records.length === 1 && isPlainObject(records[0]) ? Object.values(records[0]) : [];
  const value = only.length === 1 ? only[0] : undefined;
  const n = typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value;
  return typeof n === 'number' && Number.isInteger(n) ? n : undefined;
}
