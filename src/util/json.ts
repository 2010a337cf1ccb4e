// Plain-JSON helpers shared by the whole code base: the object test, deep equality, subset matching, canonical
// text and short display text. Own keys only (Object.hasOwn), so keys such as `constructor` or `__proto__` in
// parsed JSON compare like any other key.

/**
 * Sets `key` on `record` as an own data member, as JSON.parse and Object.fromEntries do: a `__proto__` key stays
 * data instead of replacing the prototype (the others by plain assignment, the fast way).
 */
export function setOwnMember(record: Record<string, unknown>, key: string, value: unknown): void {
  if (key === '__proto__') Object.defineProperty(record, key, { value, enumerable: true, writable: true, configurable: true });
  else record[key] = value;
}

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

/**
 * JSON text with object keys sorted, so that equal values have equal text. Written directly (no sorted copy of the
 * value is built), with JSON.stringify's rules: keys holding undefined are left out, and integer-like keys come
 * first in numeric order, as an object built with the sorted keys would list them.
 */
export function toCanonicalJson(value: unknown): string {
  return canonical(value) ?? 'null';
}

function canonical(value: unknown): string | undefined {
  if (Array.isArray(value)) return `[${value.map((item) => canonical(item) ?? 'null').join(',')}]`;
  if (isPlainObject(value)) {
    const parts: string[] = [];
    for (const key of orderedKeys(Object.keys(value))) {
      const text = canonical(value[key]);
      if (text !== undefined) parts.push(`${JSON.stringify(key)}:${text}`);
    }
    return `{${parts.join(',')}}`;
  }
  // why: undefined (and functions) have no JSON text; the caller leaves the key out or writes null
  const text: string | undefined = JSON.stringify(value);
  return text;
}

const ARRAY_INDEX = /^(?:0|[1-9]\d{0,9})$/;

function orderedKeys(keys: string[]): string[] {
  const indexes = keys.filter((key) => ARRAY_INDEX.test(key) && Number(key) < 2 ** 32 - 1).sort((a, b) => Number(a) - Number(b));
  if (indexes.length === 0) return keys.sort();
  const named = keys.filter((key) => !indexes.includes(key)).sort();
  return [...indexes, ...named];
}

/** Short one-line JSON text for messages, cut at `maxChars` (default 80). */
export function showJson(value: unknown, maxChars = 80): string {
  const text = value === undefined ? 'nothing' : JSON.stringify(value);
  return text.length > maxChars ? `${text.slice(0, maxChars - 1)}…` : text;
}
