// JSON pointers (RFC 6901): escaping tokens, joining and splitting pointers, reading the value one points at.

/** One pointer token: `~` -> `~0`, `/` -> `~1`. */
export function escapePointerToken(key: string | number): string {
  return String(key).replaceAll('~', '~0').replaceAll('/', '~1');
}

/** Joins keys into a pointer, e.g. ['result', 'records', 0] -> `/result/records/0`. */
export function toPointer(keys: readonly (string | number)[]): string {
  return keys.map((key) => `/${escapePointerToken(key)}`).join('');
}

/** Splits a pointer (`/a/b~1c`) into unescaped tokens (`['a', 'b/c']`); `""` is the whole document. */
export function splitPointer(pointer: string): string[] {
  if (pointer === '') return [];
  return pointer
    .slice(1)
    .split('/')
    .map((token) => token.replaceAll('~1', '/').replaceAll('~0', '~'));
}

/** An own property of a parsed JSON object or array, else undefined (never an inherited one). */
export function getChild(value: unknown, key: string): unknown {
  if (typeof value !== 'object' || value === null || !Object.hasOwn(value, key)) return undefined;
  const child: unknown = Reflect.get(value, key);
  return child;
}

/** The value at `pointer` (`""` = the whole document), or undefined when the path does not exist. */
export function getAtPointer(document: unknown, pointer: string): unknown {
  let value: unknown = document;
  for (const token of splitPointer(pointer)) {
    value = getChild(value, token);
    if (value === undefined) return undefined;
  }
  return value;
}
