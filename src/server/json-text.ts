// Serializes response data the way CKAN's simplejson.dumps does: ", " and ": " separators, non-ASCII
// escaped as \uXXXX, and RawJson (PostgreSQL's own JSON text for records) spliced in verbatim.
import { RawJson } from './types.ts';

/** JSON text of a value; RawJson parts are copied as they are. Undefined object members are left out. */
export function stringifyCkanJson(value: unknown): string {
  if (value instanceof RawJson) return value.text;
  if (value === null || value === undefined) return 'null';
  switch (typeof value) {
    case 'string':
      return escapeNonAscii(JSON.stringify(value));
    case 'number':
      return stringifyNumber(value);
    case 'boolean':
      return value ? 'true' : 'false';
    case 'bigint':
      return value.toString();
    case 'object':
      return Array.isArray(value) ? stringifyArray(value) : stringifyObject(value);
    default:
      return 'null';
  }
}

// why: simplejson writes NaN/Infinity literally (allow_nan=True), where JSON.stringify would write null
function stringifyNumber(value: number): string {
  if (Number.isNaN(value)) return 'NaN';
  if (!Number.isFinite(value)) return value > 0 ? 'Infinity' : '-Infinity';
  return JSON.stringify(value);
}

function stringifyArray(items: readonly unknown[]): string {
  return `[${items.map((item) => stringifyCkanJson(item)).join(', ')}]`;
}

function stringifyObject(value: object): string {
  if ('toJSON' in value && typeof value.toJSON === 'function') return stringifyCkanJson(value.toJSON());
  const parts: string[] = [];
  for (const [key, item] of Object.entries(value)) {
    if (item === undefined) continue;
    parts.push(`${escapeNonAscii(JSON.stringify(key))}: ${stringifyCkanJson(item)}`);
  }
  return `{${parts.join(', ')}}`;
}

// why: simplejson's ensure_ascii escapes everything outside space..~ as lower-case \uXXXX (UTF-16 units)
function escapeNonAscii(json: string): string {
  return json.replace(/[\u007f-\uffff]/g, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);
}
