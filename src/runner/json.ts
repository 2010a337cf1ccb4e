// Plain-JSON helpers for expectations: deep equality, subset matching, canonical text and a path-level diff.

/** A JSON object (not an array, not null). */
export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Deep equality of JSON values; object key order does not matter, array order does. */
export function isDeepEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a) && Array.isArray(b)) {
    return a.length === b.length && a.every((item, i) => isDeepEqual(item, b[i]));
  }
  if (isPlainObject(a) && isPlainObject(b)) {
    const keys = Object.keys(a);
    return keys.length === Object.keys(b).length && keys.every((k) => k in b && isDeepEqual(a[k], b[k]));
  }
  return false;
}

/** Whether `actual` contains `expected`: objects by key (recursively), arrays and scalars exactly. */
export function isSubset(expected: unknown, actual: unknown): boolean {
  if (isPlainObject(expected) && isPlainObject(actual)) {
    return Object.entries(expected).every(([k, v]) => k in actual && isSubset(v, actual[k]));
  }
  return isDeepEqual(expected, actual);
}

/** JSON text with object keys sorted, so that equal values have equal text. */
export function toCanonicalJson(value: unknown): string {
  return JSON.stringify(sortKeys(value));
}

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (isPlainObject(value)) {
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((k) => [k, sortKeys(value[k])]),
    );
  }
  return value;
}

/** One difference between two JSON values, at a JSON pointer relative to the compared roots. */
export interface JsonDifference {
  path: string;
  expected?: unknown;
  actual?: unknown;
}

/** Lists the paths where `actual` differs from `expected` (a missing side is left out of the entry). */
export function diffJson(expected: unknown, actual: unknown, path = ''): JsonDifference[] {
  if (isDeepEqual(expected, actual)) return [];
  if (Array.isArray(expected) && Array.isArray(actual)) {
    const out: JsonDifference[] = [];
    for (let i = 0; i < Math.max(expected.length, actual.length); i++) {
      const p = `${path}/${i}`;
      if (i >= actual.length) out.push({ path: p, expected: expected[i] });
      else if (i >= expected.length) out.push({ path: p, actual: actual[i] });
      else out.push(...diffJson(expected[i], actual[i], p));
    }
    return out;
  }
  if (isPlainObject(expected) && isPlainObject(actual)) {
    const out: JsonDifference[] = [];
    for (const key of new Set([...Object.keys(expected), ...Object.keys(actual)])) {
      const p = `${path}/${escapePointer(key)}`;
      if (!(key in actual)) out.push({ path: p, expected: expected[key] });
      else if (!(key in expected)) out.push({ path: p, actual: actual[key] });
      else out.push(...diffJson(expected[key], actual[key], p));
    }
    return out;
  }
  return [{ path, expected, actual }];
}

/** Where `actual` fails to contain `expected` (see isSubset): extra object keys are fine, arrays compare whole. */
export function diffSubset(expected: unknown, actual: unknown, path = ''): JsonDifference[] {
  if (isPlainObject(expected) && isPlainObject(actual)) {
    return Object.entries(expected).flatMap(([key, value]) => {
      const p = `${path}/${escapePointer(key)}`;
      return key in actual ? diffSubset(value, actual[key], p) : [{ path: p, expected: value }];
    });
  }
  return diffJson(expected, actual, path);
}

/** Escapes one JSON pointer segment (RFC 6901). */
export function escapePointer(segment: string): string {
  return segment.replaceAll('~', '~0').replaceAll('/', '~1');
}

/** Short one-line JSON text for messages, cut at `maxChars` (default 80). */
export function showJson(value: unknown, maxChars = 80): string {
  const text = value === undefined ? 'nothing' : JSON.stringify(value);
  return text.length > maxChars ? `${text.slice(0, maxChars - 1)}…` : text;
}

/** A short human summary of a diff: the first few paths, e.g. `/1/title: expected "a", got "b"`. */
export function describeDiff(diffs: readonly JsonDifference[], maxItems = 3): string {
  const parts = diffs.slice(0, maxItems).map((d) => {
    const where = d.path === '' ? '(root)' : d.path;
    if (!('actual' in d)) return `${where}: missing (expected ${showJson(d.expected, 60)})`;
    if (!('expected' in d)) return `${where}: unexpected ${showJson(d.actual, 60)}`;
    return `${where}: expected ${showJson(d.expected, 60)}, got ${showJson(d.actual, 60)}`;
  });
  const more = diffs.length > maxItems ? ` (+${diffs.length - maxItems} more)` : '';
  return `${parts.join('; ')}${more}`;
}
