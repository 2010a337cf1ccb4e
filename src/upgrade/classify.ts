// The changes one request pair shows, each as what a client notices (`CHANGE_KINDS`) and where (`what`, the same
// for every request that shows it, so that requests group): a new status takes the whole answer with it; otherwise
// each difference counts on its own, the records of a page as one change.
import type { DifferenceRecord } from '../schema/baseline.ts';
import type { PairResult } from '../schema/diff-report.ts';
import type { ChangeKind } from '../schema/upgrade-report.ts';
import { getChild } from '../util/json-pointer.ts';
import { isDeepEqual, isPlainObject, showJson } from '../util/json.ts';

/** One change of a pair: its kind, where, and the differences that make it. */
export interface ChangeSignature {
  kind: ChangeKind;
  what: string;
  differences: DifferenceRecord[];
}

const starred = (pointer: string): string => pointer.replace(/\/\d+(?=\/|$)/g, '/*');

function fieldId(value: unknown): string {
  const id = getChild(value, 'id');
  return typeof id === 'string' ? JSON.stringify(id) : showJson(value, 40);
}

/** A changed field: its type (field-types) or another member (fields), or the order of the fields. */
function classifyField(difference: DifferenceRecord): Array<{ kind: ChangeKind; what: string }> {
  if (difference.path === '/result/fields') return [{ kind: 'fields', what: 'order of the fields' }];
  const { expected, actual } = difference;
  if (!isPlainObject(expected) || !isPlainObject(actual)) return [{ kind: 'fields', what: 'a field changed' }];
  const keys = [...new Set([...Object.keys(expected), ...Object.keys(actual)])].filter((key) => !isDeepEqual(expected[key], actual[key]));
  return keys.map((key) =>
    key === 'type'
      ? { kind: 'field-types' as const, what: `${showJson(expected['type'], 30)} -> ${showJson(actual['type'], 30)}` }
      : { kind: 'fields' as const, what: `field ${key} changed` },
  );
}

/** Where a body difference is: a key added, removed, or a value changed (positions in lists as `*`). */
function classifyBody(difference: DifferenceRecord): { kind: ChangeKind; what: string } {
  if (difference.path === '') return { kind: 'body', what: 'the whole body' };
  const before = Object.hasOwn(difference, 'expected');
  const after = Object.hasOwn(difference, 'actual');
  const where = starred(difference.path);
  if (before && !after) return { kind: 'key-removed', what: where };
  if (after && !before) return { kind: 'key-added', what: where };
  return { kind: 'value-changed', what: where };
}

/** The one records change of a pair: other records, the values of which fields, or another order. */
function describeRecords(differences: readonly DifferenceRecord[]): string {
  const parts: string[] = [];
  if (differences.some((d) => d.kind === 'record-added' || d.kind === 'record-removed')) parts.push('other records');
  const fields = [...new Set(differences.flatMap((d) => (d.kind === 'record-changed' ? (d.changes ?? [{ field: '*' }]).map((c) => c.field) : [])))].sort();
  if (fields.length > 0) parts.push(fields.includes('*') ? 'values' : `values of ${fields.join(', ')}`);
  if (differences.some((d) => d.kind === 'record-order')) parts.push('another order');
  return parts.join('; ');
}

/** The one error change of a pair: the members of the error object that changed (`/error/message`, `/error/info`). */
function describeError(differences: readonly DifferenceRecord[]): string {
  const members = differences.map((d) => starred(d.path).split('/').slice(0, 3).join('/') || '/error');
  return [...new Set(members)].sort().join(', ');
}

function classifyDifference(difference: DifferenceRecord): Array<{ kind: ChangeKind; what: string }> {
  switch (difference.kind) {
    case 'total':
      return [{ kind: 'total', what: 'total' }];
    case 'field-changed':
      return classifyField(difference);
    case 'field-added':
      return [{ kind: 'fields', what: `added ${fieldId(difference.actual)}` }];
    case 'field-removed':
      return [{ kind: 'fields', what: `removed ${fieldId(difference.expected)}` }];
    case 'body':
      return [classifyBody(difference)];
    default:
      return [];
  }
}

/** The changes a pair shows (none when it agreed). */
export function classifyPair(pair: Pick<PairResult, 'outcome' | 'a' | 'b' | 'differences'>): ChangeSignature[] {
  if (pair.outcome === 'agree') return [];
  if (pair.outcome === 'error') {
    // why: neither side answering (a timeout on both) is no change between them; the summary counts it
    if (pair.a.error !== undefined && pair.b.error !== undefined) return [];
    return [{ kind: 'no-answer', what: `no answer from ${pair.a.error === undefined ? 'B' : 'A'}`, differences: [] }];
  }
  // why: a new status (or success flag) changes the whole answer; its other differences are that one change
  const status = pair.differences.find((d) => d.kind === 'status') ?? pair.differences.find((d) => d.kind === 'success');
  if (status !== undefined) {
    const what =
      status.kind === 'status'
        ? `${showJson(status.expected)} -> ${showJson(status.actual)}`
        : `success ${showJson(status.expected)} -> ${showJson(status.actual)}`;
    return [{ kind: 'status', what, differences: pair.differences }];
  }
  const out = new Map<string, ChangeSignature>();
  const add = (kind: ChangeKind, what: string, difference: DifferenceRecord): void => {
    const key = `${kind}\n${what}`;
    const found = out.get(key) ?? { kind, what, differences: [] };
    found.differences.push(difference);
    out.set(key, found);
  };
  const records = pair.differences.filter((d) => d.kind.startsWith('record-'));
  for (const d of records) add('records', describeRecords(records), d);
  const errors = pair.differences.filter((d) => d.kind === 'error');
  for (const d of errors) add('error-message', describeError(errors), d);
  for (const difference of pair.differences) for (const { kind, what } of classifyDifference(difference)) add(kind, what, difference);
  return [...out.values()];
}
