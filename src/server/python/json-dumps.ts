// JSON text the way CKAN's Python writes it (simplejson/json.dumps): ", " and ": " separators, NaN/Infinity
// literally, non-ASCII escaped as \uXXXX unless ensure_ascii is off, and RawJson (PostgreSQL's own JSON text
// for records) spliced in verbatim.
import { RawJson } from '../types.ts';
import type { PyValue } from './json-parse.ts';
import { reprFloat } from './repr.ts';

/** Python's json.dumps flags that CKAN's texts depend on. */
export interface PyJsonDumpsOptions {
  /** sort_keys (default false). */
  sortKeys?: boolean;
  /** ensure_ascii (default true, as in json.dumps and CKAN's responses). */
  ensureAscii?: boolean;
}

/** JSON text of a value; RawJson parts are copied as they are. Undefined object members are left out. */
export function pyJsonDumps(value: unknown, options: PyJsonDumpsOptions = {}): string {
  if (value instanceof RawJson) return value.text;
  if (value === null || value === undefined) return 'null';
  switch (typeof value) {
    case 'string':
      return stringifyString(value, options);
    case 'number':
      return stringifyNumber(value);
    case 'boolean':
      return value ? 'true' : 'false';
    case 'bigint':
      return value.toString();
    case 'object':
      return Array.isArray(value) ? stringifyArray(value, options) : stringifyObject(value, options);
    default:
      return 'null';
  }
}

/**
 * json.dumps of a value decoded by parsePyJson: ints keep their digits, floats take Python's repr (`1e+20`,
 * `100000.0`), a repeated key keeps its first place and its last value (a dict).
 */
export function pyJsonDumpsValue(value: PyValue, options: PyJsonDumpsOptions & { compact?: boolean } = {}): string {
  // why: CKAN's dump writes records with separators=(',', ':') and ensure_ascii=False (compact)
  const [comma, colon] = options.compact === true ? [',', ':'] : [', ', ': '];
  const write = (item: PyValue): string => pyJsonDumpsValue(item, options);
  switch (value.type) {
    case 'dict': {
      const members = new Map(value.entries);
      return `{${[...members].map(([key, item]) => `${stringifyString(key, options)}${colon}${write(item)}`).join(comma)}}`;
    }
    case 'list':
      return `[${value.items.map(write).join(comma)}]`;
    case 'str':
      return stringifyString(value.value, options);
    case 'int':
      return value.text === '-0' ? '0' : value.text;
    case 'float':
      return Number.isFinite(value.value) ? reprFloat(value.value) : stringifyNumber(value.value);
    case 'bool':
      return value.value ? 'true' : 'false';
    case 'none':
      return 'null';
  }
}

// why: Python writes NaN/Infinity literally (allow_nan=True), where JSON.stringify would write null
function stringifyNumber(value: number): string {
  if (Number.isNaN(value)) return 'NaN';
  if (!Number.isFinite(value)) return value > 0 ? 'Infinity' : '-Infinity';
  return JSON.stringify(value);
}

function stringifyObject(value: object, options: PyJsonDumpsOptions): string {
  if ('toJSON' in value && typeof value.toJSON === 'function') return pyJsonDumps(value.toJSON(), options);
  const entries = Object.entries(value);
  if (options.sortKeys === true) entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  // why: concatenated, not joined: a large member (a page of csv records) is then copied once, when the
  // response is written, not once more at each level of nesting
  let text = '';
  for (const [key, item] of entries) {
    if (item === undefined) continue;
    text += `${text === '' ? '' : ', '}${stringifyString(key, options)}: ${pyJsonDumps(item, options)}`;
  }
  return `{${text}}`;
}

function stringifyArray(items: readonly unknown[], options: PyJsonDumpsOptions): string {
  let text = '';
  for (let index = 0; index < items.length; index += 1) text += (index === 0 ? '' : ', ') + pyJsonDumps(items[index], options);
  return `[${text}]`;
}

function stringifyString(text: string, options: PyJsonDumpsOptions): string {
  const json = JSON.stringify(text);
  return options.ensureAscii === false ? json : escapeNonAscii(json);
}

// why: ensure_ascii escapes everything outside space..~ as lower-case \uXXXX (UTF-16 units)
function escapeNonAscii(json: string): string {
  return json.replace(/[\u007f-\uffff]/g, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);
}
