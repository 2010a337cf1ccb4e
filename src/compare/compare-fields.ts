// Compares `result.fields`: fields matched by id, each added, removed or changed (type, info), and their order.
import { isDeepEqual, isPlainObject, showJson } from '../util/json.ts';
import { getChild } from '../util/json-pointer.ts';
import type { DifferenceSink } from './sink.ts';

/** Adds the differences between two `fields` arrays; false when they are not comparable by id (caller diffs them whole). */
export function compareFields(expected: unknown, actual: unknown, sink: DifferenceSink): boolean {
  const before = indexFields(expected);
  const after = indexFields(actual);
  if (before === undefined || after === undefined) return false;
  for (const [id, field] of before) {
    if (sink.full()) return true;
    const other = after.get(id);
    if (other === undefined) {
      sink.add({ kind: 'field-removed', path: `/result/fields/${field.index}`, message: `field ${describe(id, field.value)} removed`, expected: field.value });
    } else if (!isDeepEqual(field.value, other.value)) {
      sink.add({
        kind: 'field-changed',
        path: `/result/fields/${other.index}`,
        message: `field ${JSON.stringify(id)} changed: ${describeChange(field.value, other.value)}`,
        expected: field.value,
        actual: other.value,
      });
    }
  }
  for (const [id, field] of after) {
    if (!before.has(id))
      sink.add({ kind: 'field-added', path: `/result/fields/${field.index}`, message: `field ${describe(id, field.value)} added`, actual: field.value });
  }
  const common = [...before.keys()].filter((id) => after.has(id));
  const commonAfter = [...after.keys()].filter((id) => before.has(id));
  if (!isDeepEqual(common, commonAfter)) {
    sink.add({
      kind: 'field-changed',
      path: '/result/fields',
      message: `fields in another order: ${showJson(common)} -> ${showJson(commonAfter)}`,
      expected: common,
      actual: commonAfter,
    });
  }
  return true;
}

function indexFields(fields: unknown): Map<string, { index: number; value: unknown }> | undefined {
  if (!Array.isArray(fields)) return undefined;
  const byId = new Map<string, { index: number; value: unknown }>();
  for (const [index, value] of fields.entries()) {
    const id = getChild(value, 'id');
    if (typeof id !== 'string' || byId.has(id)) return undefined;
    byId.set(id, { index, value });
  }
  return byId;
}

function describe(id: string, field: unknown): string {
  const type = getChild(field, 'type');
  return typeof type === 'string' ? `${JSON.stringify(id)} (${type})` : JSON.stringify(id);
}

function describeChange(before: unknown, after: unknown): string {
  if (!isPlainObject(before) || !isPlainObject(after)) return `${showJson(before)} -> ${showJson(after)}`;
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])].filter((key) => !isDeepEqual(getChild(before, key), getChild(after, key)));
  return keys.map((key) => `${key} ${showJson(getChild(before, key), 60)} -> ${showJson(getChild(after, key), 60)}`).join(', ');
}
