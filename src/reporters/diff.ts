// A path-level diff of two JSON values: for each JSON pointer where they differ, expected vs actual.

/** One difference. `missing`: only in expected; `extra`: only in actual; `changed`: both, not equal. */
export interface DiffEntry {
  /** JSON pointer relative to the compared values ("" = the whole value). */
  path: string;
  kind: 'changed' | 'missing' | 'extra';
  expected?: unknown;
  actual?: unknown;
}

/** Options of `diffValues`. */
export interface DiffOptions {
  /** Stop after this many entries (default 50). */
  maxEntries?: number;
}

/** Differences between `expected` and `actual`, depth first, capped; `truncated` says more were left out. */
export function diffValues(expected: unknown, actual: unknown, options: DiffOptions = {}): { entries: DiffEntry[]; truncated: boolean } {
  const state = { entries: [] as DiffEntry[], max: options.maxEntries ?? 50, truncated: false };
  walk(expected, actual, '', state);
  return { entries: state.entries, truncated: state.truncated };
}

interface DiffState {
  entries: DiffEntry[];
  max: number;
  truncated: boolean;
}

function walk(expected: unknown, actual: unknown, path: string, state: DiffState): void {
  if (state.truncated) return;
  if (Array.isArray(expected) && Array.isArray(actual)) {
    const length = Math.max(expected.length, actual.length);
    for (let index = 0; index < length; index += 1) {
      walkChild(expected, actual, index, `${path}/${index}`, state);
    }
    return;
  }
  if (isPlainObject(expected) && isPlainObject(actual)) {
    const keys = [...Object.keys(expected), ...Object.keys(actual).filter((key) => !Object.hasOwn(expected, key))];
    for (const key of keys) walkChild(expected, actual, key, `${path}/${escapePointer(key)}`, state);
    return;
  }
  if (!isDeepEqual(expected, actual)) push(state, { path, kind: 'changed', expected, actual });
}

function walkChild(expected: object, actual: object, key: string | number, path: string, state: DiffState): void {
  const inExpected = Object.hasOwn(expected, key);
  const inActual = Object.hasOwn(actual, key);
  const expectedValue: unknown = Reflect.get(expected, key);
  const actualValue: unknown = Reflect.get(actual, key);
  if (inExpected && !inActual) push(state, { path, kind: 'missing', expected: expectedValue });
  else if (!inExpected && inActual) push(state, { path, kind: 'extra', actual: actualValue });
  else walk(expectedValue, actualValue, path, state);
}

function push(state: DiffState, entry: DiffEntry): void {
  if (state.entries.length >= state.max) state.truncated = true;
  else state.entries.push(entry);
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Structural equality of JSON values (key order ignored). */
export function isDeepEqual(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((item, index) => isDeepEqual(item, b[index]));
  if (isPlainObject(a) && isPlainObject(b)) {
    const keys = Object.keys(a);
    return keys.length === Object.keys(b).length && keys.every((key) => Object.hasOwn(b, key) && isDeepEqual(a[key], b[key]));
  }
  return false;
}

function escapePointer(key: string): string {
  return key.replace(/~/g, '~0').replace(/\//g, '~1');
}
