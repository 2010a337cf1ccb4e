// The one response comparison: status, success, error, total, fields, records, then every other body path.
import { isDeepEqual, isPlainObject, showJson } from '../util/json.ts';
import { diffJson, type JsonDifference } from '../util/json-diff.ts';
import { getChild } from '../util/json-pointer.ts';
import { compareFields } from './compare-fields.ts';
import { compareRecords } from './compare-records.ts';
import { withoutKey } from './json-edit.ts';
import { createSink, DEFAULT_MAX_DIFFERENCES, type DifferenceSink } from './sink.ts';
import type { CompareOptions, Comparison, DifferenceKind, ResponseSnapshot } from './types.ts';

/** Every difference between two (normalised) snapshots; records matched by `_id` where present, else by position. */
export function compareSnapshots(expected: ResponseSnapshot, actual: ResponseSnapshot, options: CompareOptions = {}): Comparison {
  const sink = createSink(options.maxDifferences ?? DEFAULT_MAX_DIFFERENCES);
  if (expected.status !== actual.status) {
    sink.add({ kind: 'status', path: '', message: `status ${expected.status} -> ${actual.status}`, expected: expected.status, actual: actual.status });
  }
  const before = expected.body;
  const after = actual.body;
  if (isPlainObject(before) && isPlainObject(after)) compareEnvelopes(before, after, sink, options.distinctUnordered === true);
  else addJsonDiff(before, after, '', 'body', sink);
  return { differences: sink.differences, truncated: sink.truncated };
}

function compareEnvelopes(before: Record<string, unknown>, after: Record<string, unknown>, sink: DifferenceSink, distinctUnordered: boolean): void {
  const success = ['success', getChild(before, 'success'), getChild(after, 'success')] as const;
  if (!isDeepEqual(success[1], success[2])) {
    sink.add({
      kind: 'success',
      path: '/success',
      message: `success ${showJson(success[1])} -> ${showJson(success[2])}`,
      expected: success[1],
      actual: success[2],
    });
  }
  addJsonDiff(getChild(before, 'error'), getChild(after, 'error'), '/error', 'error', sink);
  const beforeResult = getChild(before, 'result');
  const afterResult = getChild(after, 'result');
  if (isPlainObject(beforeResult) && isPlainObject(afterResult)) compareResults(beforeResult, afterResult, sink, distinctUnordered);
  else addJsonDiff(beforeResult, afterResult, '/result', 'body', sink);
  const rest = (body: Record<string, unknown>): Record<string, unknown> => withoutKey(withoutKey(withoutKey(body, 'success'), 'error'), 'result');
  addJsonDiff(rest(before), rest(after), '', 'body', sink);
}

function compareResults(before: Record<string, unknown>, after: Record<string, unknown>, sink: DifferenceSink, distinctUnordered: boolean): void {
  let restBefore = withoutKey(before, 'total');
  let restAfter = withoutKey(after, 'total');
  const total = [getChild(before, 'total'), getChild(after, 'total')] as const;
  if (!isDeepEqual(total[0], total[1])) {
    sink.add({ kind: 'total', path: '/result/total', message: `total ${showJson(total[0])} -> ${showJson(total[1])}`, expected: total[0], actual: total[1] });
  }
  if (compareFields(getChild(before, 'fields'), getChild(after, 'fields'), sink)) {
    restBefore = withoutKey(restBefore, 'fields');
    restAfter = withoutKey(restAfter, 'fields');
  }
  if (compareRecords(before, after, sink, distinctUnordered)) {
    restBefore = withoutKey(restBefore, 'records');
    restAfter = withoutKey(restAfter, 'records');
  }
  addJsonDiff(restBefore, restAfter, '/result', 'body', sink);
}

function addJsonDiff(before: unknown, after: unknown, path: string, kind: DifferenceKind, sink: DifferenceSink): void {
  if (sink.full() || isDeepEqual(before, after)) return;
  const { entries, truncated } = diffJson(before, after, { path, maxEntries: DEFAULT_MAX_DIFFERENCES });
  for (const entry of entries) sink.add({ kind, path: entry.path, message: describeEntry(entry), ...sides(entry) });
  if (truncated) sink.truncated = true;
}

function sides(entry: JsonDifference): { expected?: unknown; actual?: unknown } {
  const out: { expected?: unknown; actual?: unknown } = {};
  if (entry.kind !== 'extra') out.expected = entry.expected;
  if (entry.kind !== 'missing') out.actual = entry.actual;
  return out;
}

function describeEntry(entry: JsonDifference): string {
  const where = entry.path === '' ? 'body' : entry.path;
  if (entry.kind === 'missing') return `${where} removed (was ${showJson(entry.expected, 60)})`;
  if (entry.kind === 'extra') return `${where} added: ${showJson(entry.actual, 60)}`;
  return `${where} ${showJson(entry.expected, 60)} -> ${showJson(entry.actual, 60)}`;
}
