// Plain-JSON helpers shared by the whole code base: the object test, deep equality, subset matching, canonical
// text and short display text. Own keys only (Object.hasOwn), so keys such as `constructor` or `__proto__` in
// parsed JSON compare like any other key.

/** True for a parsed JSON object (not an array, not null). */
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
    return keys.length === Object.keys(b).length && keys.every((k) => Object.hasOwn(b, k) && isDeepEqual(a[k], b[k]));
  }
  return false;
}

/** Whether `actual` contains `expected`: objects by key (recursively), arrays and scalars exactly. */
export function isSubset(expected: unknown, actual: unknown): boolean {
  if (isPlainObject(expected) && isPlainObject(actual)) {
    return Object.entries(expected).every(([k, v]) => Object.hasOwn(actual, k) && isSubset(v, actual[k]));
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

/** Short one-line JSON text for messages, cut at `maxChars` (default 80). */
export function showJson(value: unknown, maxChars = 80): string {
  const text = value === undefined ? 'nothing' : JSON.stringify(value);
  return text.length > maxChars ? `${text.slice(0, maxChars - 1)}…` : text;
}
