// Copy-on-write edits of parsed JSON: the input is never mutated, and keys such as `__proto__` stay own data keys.
import { isPlainObject } from '../util/json.ts';

/** Deepest nesting normalisation and comparison walk into; a deeper body is not compared structurally. */
export const MAX_DEPTH = 256;

/** A shallow copy of `object` with `key` set to `value` (defined, never assigned: no prototype setter runs). */
export function withKey(object: Record<string, unknown>, key: string, value: unknown): Record<string, unknown> {
  const copy = copyObject(object);
  Object.defineProperty(copy, key, { value, enumerable: true, writable: true, configurable: true });
  return copy;
}

/** A shallow copy of `object` without `key`. */
export function withoutKey(object: Record<string, unknown>, key: string): Record<string, unknown> {
  const copy = copyObject(object);
  delete copy[key];
  return copy;
}

function copyObject(object: Record<string, unknown>): Record<string, unknown> {
  // Object.fromEntries defines properties, so an own `__proto__` key is copied as data
  return Object.fromEntries(Object.entries(object));
}

/** Whether `value` nests arrays/objects deeper than `maxDepth` (iterative, so a hostile body cannot overflow). */
export function isNestedDeeperThan(value: unknown, maxDepth: number): boolean {
  const stack: Array<{ value: unknown; depth: number }> = [{ value, depth: 0 }];
  while (stack.length > 0) {
    const top = stack.pop();
    if (top === undefined || typeof top.value !== 'object' || top.value === null) continue;
    if (top.depth >= maxDepth) return true;
    const children = Array.isArray(top.value) ? top.value : isPlainObject(top.value) ? Object.values(top.value) : [];
    for (const child of children) if (typeof child === 'object' && child !== null) stack.push({ value: child, depth: top.depth + 1 });
  }
  return false;
}
