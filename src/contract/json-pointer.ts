// JSON pointers (RFC 6901) over parsed JSON: building them from keys and reading the value they point at.

/** One pointer token: `~` -> `~0`, `/` -> `~1`. */
export function escapePointerToken(key: string | number): string {
  return String(key).replaceAll('~', '~0').replaceAll('/', '~1');
}

/** Joins keys into a pointer, e.g. ['result', 'records', 0] -> `/result/records/0`. */
export function toPointer(keys: readonly (string | number)[]): string {
  return keys.map((key) => `/${escapePointerToken(key)}`).join('');
}

/** An own property of a parsed JSON object or array, else undefined. */
export function getChild(value: unknown, key: string): unknown {
  if (typeof value !== 'object' || value === null || !Object.hasOwn(value, key)) return undefined;
  const child: unknown = Reflect.get(value, key);
  return child;
}

/** The value at `pointer` (`""` = the whole document), or undefined when the path does not exist. */
export function getAtPointer(document: unknown, pointer: string): unknown {
  if (pointer === '') return document;
  let value: unknown = document;
  for (const token of pointer.split('/').slice(1)) {
    value = getChild(value, token.replaceAll('~1', '/').replaceAll('~0', '~'));
    if (value === undefined) return undefined;
  }
  return value;
}

/** True for a parsed JSON object (not an array, not null). */
export function isJsonObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
