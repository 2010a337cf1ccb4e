// The one path-level diff of two JSON values, used by expectations (finding messages) and reporters (HTML diff).

import { isDeepEqual, isPlainObject, showJson } from './json.ts';
import { escapePointerToken } from './json-pointer.ts';

/** One difference. `missing`: only in expected; `extra`: only in actual; `changed`: both, not equal. */
export interface JsonDifference {
  /** JSON pointer relative to the compared values ("" = the whole value). */
  path: string;
  kind: 'changed' | 'missing' | 'extra';
  expected?: unknown;
  actual?: unknown;
}

/** Options of `diffJson`. */
export interface DiffJsonOptions {
  /** Stop after this many entries (default: no limit). */
  maxEntries?: number;
  /** Pointer prefixed to every entry's path (default ""). */
  path?: string;
  /** Extra keys of actual objects are no difference (expected is a subset, see isSubset); arrays compare whole. */
  subset?: boolean;
}

/** The differences found, depth first; `truncated` says more were left out by `maxEntries`. */
export interface JsonDiff {
  entries: JsonDifference[];
  truncated: boolean;
}

interface DiffState {
  entries: JsonDifference[];
  max: number;
  truncated: boolean;
}

/** Differences between `expected` and `actual`: objects by own key, arrays by index, anything else by value. */
export function diffJson(expected: unknown, actual: unknown, options: DiffJsonOptions = {}): JsonDiff {
  const state: DiffState = { entries: [], max: options.maxEntries ?? Number.POSITIVE_INFINITY, truncated: false };
  walk(expected, actual, options.path ?? '', options.subset ?? false, state);
  return { entries: state.entries, truncated: state.truncated };
}

function walk(expected: unknown, actual: unknown, path: string, subset: boolean, state: DiffState): void {
  if (state.truncated) return;
  if (Array.isArray(expected) && Array.isArray(actual)) {
    // Subset matching stops at arrays: below one, values compare whole.
    const length = Math.max(expected.length, actual.length);
    for (let index = 0; index < length; index += 1) walkChild(expected, actual, index, `${path}/${index}`, false, state);
    return;
  }
  if (isPlainObject(expected) && isPlainObject(actual)) {
    const extra = subset ? [] : Object.keys(actual).filter((key) => !Object.hasOwn(expected, key));
    for (const key of [...Object.keys(expected), ...extra]) walkChild(expected, actual, key, `${path}/${escapePointerToken(key)}`, subset, state);
    return;
  }
  if (!isDeepEqual(expected, actual)) push(state, { path, kind: 'changed', expected, actual });
}

function walkChild(expected: object, actual: object, key: string | number, path: string, subset: boolean, state: DiffState): void {
  const inExpected = Object.hasOwn(expected, key);
  const inActual = Object.hasOwn(actual, key);
  const expectedValue: unknown = Reflect.get(expected, key);
  const actualValue: unknown = Reflect.get(actual, key);
  if (inExpected && !inActual) push(state, { path, kind: 'missing', expected: expectedValue });
  else if (!inExpected && inActual) push(state, { path, kind: 'extra', actual: actualValue });
  else walk(expectedValue, actualValue, path, subset, state);
}

function push(state: DiffState, entry: JsonDifference): void {
  if (state.entries.length >= state.max) state.truncated = true;
  else state.entries.push(entry);
}

/** A short human summary of differences: the first few paths, e.g. `/1/title: expected "a", got "b"`. */
export function describeDiff(diffs: readonly JsonDifference[], maxItems = 3): string {
  const parts = diffs.slice(0, maxItems).map((d) => {
    const where = d.path === '' ? '(root)' : d.path;
    if (d.kind === 'missing') return `${where}: missing (expected ${showJson(d.expected, 60)})`;
    if (d.kind === 'extra') return `${where}: unexpected ${showJson(d.actual, 60)}`;
    return `${where}: expected ${showJson(d.expected, 60)}, got ${showJson(d.actual, 60)}`;
  });
  const more = diffs.length > maxItems ? ` (+${diffs.length - maxItems} more)` : '';
  return `${parts.join('; ')}${more}`;
}
