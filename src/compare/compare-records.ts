// Compares the records of two results: matched by `_id` when every record has a unique one, else by position;
// each record added, removed or changed (field by field), and a change of order among the matched records. Only
// the order the result promises is compared (record-order.ts): tied records may come in any order.
import { isDeepEqual, showJson } from '../util/json.ts';
import { promisedOrder, readPageEdges, settleTies, type PageEdges, type PromisedOrder } from './record-order.ts';
import { readRecordTable, toFieldEntries } from './record-table.ts';
import type { DifferenceSink } from './sink.ts';
import type { RecordChange } from './types.ts';

interface Row {
  key: string;
  /** What the row is matched by when that is not its key: its content, in a list compared as a multiset. */
  matchKey?: string;
  index: number;
  value: unknown;
  /** field -> value, when the record is an object or a list. */
  fields: Map<string, unknown> | undefined;
}

/** Adds the differences between two results' records; false when their formats differ (caller diffs them whole). */
export function compareRecords(expectedResult: unknown, actualResult: unknown, sink: DifferenceSink, distinctUnordered = false): boolean {
  const before = readRecordTable(expectedResult);
  const after = readRecordTable(actualResult);
  if (before.format === 'none' && after.format === 'none') return true;
  if (before.format !== after.format) return false;
  const order = promisedOrder(expectedResult, distinctUnordered);
  const [expectedRows, actualRows] =
    before.format === 'rows' && after.format === 'rows'
      ? toRows(before.records, before.columns, after.records, after.columns, order, readPageEdges(expectedResult, before.records.length))
      : [toTextRows(before.format === 'text' ? before.lines : []), toTextRows(after.format === 'text' ? after.lines : [])];
  matchRows(expectedRows, actualRows, sink);
  return true;
}

function toRows(
  before: readonly unknown[],
  beforeColumns: readonly string[] | undefined,
  after: readonly unknown[],
  afterColumns: readonly string[] | undefined,
  order: PromisedOrder,
  edges: PageEdges,
): [Row[], Row[]] {
  const [expected, actual] = settleTies(
    before.map((value, index) => toRow(value, index, beforeColumns)),
    after.map((value, index) => toRow(value, index, afterColumns)),
    order,
    edges,
  );
  // why: `_id` identifies a record across runs only when every record has one and no two share it
  const byId = [expected, actual].every((rows) => hasUniqueIds(rows));
  for (const rows of [expected, actual]) {
    const seen = new Map<string, number>();
    rows.forEach((row, position) => {
      row.key = byId ? `_id=${String(row.fields?.get('_id'))}` : `#${position}`;
      // why: rows in no promised order are a multiset: a lost row is one removal, not a change of every row after it
      if (!byId && order.kind === 'none') {
        const content = JSON.stringify(row.value);
        const occurrence = seen.get(content) ?? 0;
        seen.set(content, occurrence + 1);
        row.matchKey = `${occurrence}:${content}`;
      }
    });
  }
  return [expected, actual];
}

function toRow(value: unknown, index: number, columns: readonly string[] | undefined): Row {
  const entries = toFieldEntries(value, columns);
  return { key: '', index, value, fields: entries === undefined ? undefined : new Map(entries) };
}

function hasUniqueIds(rows: readonly Row[]): boolean {
  const seen = new Set<string>();
  for (const row of rows) {
    const id = row.fields?.get('_id');
    if (typeof id !== 'number' && typeof id !== 'string') return false;
    if (seen.has(String(id))) return false;
    seen.add(String(id));
  }
  return true;
}

function toTextRows(lines: readonly string[]): Row[] {
  return lines.map((line, index) => ({ key: `#${index}`, index, value: line, fields: undefined }));
}

const matchOf = (row: Row): string => row.matchKey ?? row.key;

function matchRows(expected: readonly Row[], actual: readonly Row[], sink: DifferenceSink): void {
  const actualByKey = new Map(actual.map((row) => [matchOf(row), row]));
  const expectedKeys = new Set(expected.map(matchOf));
  for (const row of expected) {
    if (sink.full()) return;
    const other = actualByKey.get(matchOf(row));
    if (other === undefined) {
      sink.add({
        kind: 'record-removed',
        path: `/result/records/${row.index}`,
        key: row.key,
        message: `record ${row.key} removed: ${showJson(row.value, 120)}`,
        expected: row.value,
      });
    } else compareRow(row, other, sink);
  }
  for (const row of actual) {
    if (sink.full()) return;
    if (!expectedKeys.has(matchOf(row))) {
      sink.add({
        kind: 'record-added',
        path: `/result/records/${row.index}`,
        key: row.key,
        message: `record ${row.key} added: ${showJson(row.value, 120)}`,
        actual: row.value,
      });
    }
  }
  checkOrder(expected, actual, actualByKey, sink);
}

function compareRow(expected: Row, actual: Row, sink: DifferenceSink): void {
  if (isDeepEqual(expected.value, actual.value)) return;
  const path = `/result/records/${actual.index}`;
  const base = { kind: 'record-changed' as const, path, key: actual.key, expected: expected.value, actual: actual.value };
  if (expected.fields === undefined || actual.fields === undefined) {
    sink.add({ ...base, message: `record ${actual.key} changed: ${showJson(expected.value, 60)} -> ${showJson(actual.value, 60)}` });
    return;
  }
  const changes = diffFields(expected.fields, actual.fields);
  sink.add({ ...base, message: `record ${actual.key} changed: ${describeChanges(changes)}`, changes });
}

function diffFields(expected: Map<string, unknown>, actual: Map<string, unknown>): RecordChange[] {
  const changes: RecordChange[] = [];
  for (const field of new Set([...expected.keys(), ...actual.keys()])) {
    const before = expected.get(field);
    const after = actual.get(field);
    if (expected.has(field) && actual.has(field) && isDeepEqual(before, after)) continue;
    const change: RecordChange = { field };
    if (expected.has(field)) change.expected = before;
    if (actual.has(field)) change.actual = after;
    changes.push(change);
  }
  return changes;
}

/** `"city" "Paris" -> "Lyon"; "n" removed (was 1)`, the first three changes and a count of the rest. */
function describeChanges(changes: readonly RecordChange[]): string {
  const parts = changes.slice(0, 3).map((change) => {
    const name = JSON.stringify(change.field);
    if (!('actual' in change)) return `${name} removed (was ${showJson(change.expected, 60)})`;
    if (!('expected' in change)) return `${name} added: ${showJson(change.actual, 60)}`;
    return `${name} ${showJson(change.expected, 60)} -> ${showJson(change.actual, 60)}`;
  });
  return changes.length > 3 ? `${parts.join('; ')} (+${changes.length - 3} more)` : parts.join('; ');
}

function checkOrder(expected: readonly Row[], actual: readonly Row[], actualByKey: Map<string, Row>, sink: DifferenceSink): void {
  const before = expected.filter((row) => actualByKey.has(matchOf(row))).map(matchOf);
  const common = new Set(before);
  const after = actual.filter((row) => common.has(matchOf(row))).map(matchOf);
  const at = before.findIndex((key, index) => key !== after[index]);
  if (at < 0) return;
  const key = after[at] ?? '';
  const message = `records in another order: ${key} comes where ${before[at] ?? ''} was (matched record ${at + 1} of ${before.length})`;
  sink.add({ kind: 'record-order', path: '/result/records', key, message });
}
