// Python's str() and repr() as CKAN's messages show them (%s, %r), and int() of a str. Two inputs: plain JS
// values (decoded JSON reaches the actions as those, so an integral float 2.0 reads as an int 2) and PyValue
// (the request decoder keeps Python's int/float distinction for its messages).
import type { PyValue } from './json-parse.ts';

/** Python's str() of a decoded JSON value: `None`, `True`, `25`, `2.5`, `['a', 1]`, `{'k': None}`. */
export function pyStr(value: unknown): string {
  return typeof value === 'string' ? value : pyRepr(value);
}

/** Python's repr() of a decoded JSON value. */
export function pyRepr(value: unknown): string {
  if (value === null || value === undefined) return 'None';
  if (typeof value === 'boolean') return value ? 'True' : 'False';
  if (typeof value === 'number') return pyNumber(value);
  if (typeof value === 'string') return pyReprString(value);
  if (Array.isArray(value)) return `[${value.map(pyRepr).join(', ')}]`;
  if (typeof value === 'object') {
    const entries = Object.entries(value).map(([key, item]) => `${pyReprString(key)}: ${pyRepr(item)}`);
    return `{${entries.join(', ')}}`;
  }
  return String(value);
}

/** Python's repr() of a tuple of keys, e.g. `('foo',)` or `('fields', 0, 'a')`. */
export function pyReprTuple(items: readonly (string | number)[]): string {
  const inner = items.map((item) => (typeof item === 'number' ? String(item) : pyReprString(item)));
  return inner.length === 1 ? `(${inner[0]},)` : `(${inner.join(', ')})`;
}

/** A JSON number as Python prints it: integers as digits, fractions in repr form (`1e-05`, `1e+16`). */
function pyNumber(value: number): string {
  if (Number.isInteger(value) && Math.abs(value) < 1e21) return BigInt(value).toString();
  return reprFloat(value);
}

/** Python's repr() of a value decoded by parsePyJson: `{'a': [1, 2.0, None, True]}`. */
export function reprPy(value: PyValue): string {
  switch (value.type) {
    case 'dict':
      return `{${value.entries.map(([key, item]) => `${pyReprString(key)}: ${reprPy(item)}`).join(', ')}}`;
    case 'list':
      return `[${value.items.map(reprPy).join(', ')}]`;
    case 'str':
      return pyReprString(value.value);
    case 'int':
      return value.text === '-0' ? '0' : value.text;
    case 'float':
      return reprFloat(value.value);
    case 'bool':
      return value.value ? 'True' : 'False';
    case 'none':
      return 'None';
  }
}

/** Python's repr() of a float: shortest round-trip digits, scientific below 1e-4 and from 1e16. */
export function reprFloat(value: number): string {
  if (Number.isNaN(value)) return 'nan';
  if (!Number.isFinite(value)) return value > 0 ? 'inf' : '-inf';
  if (value === 0) return Object.is(value, -0) ? '-0.0' : '0.0';
  const [mantissa = '', exponentText = '0'] = value.toExponential().split('e');
  const exponent = Number(exponentText);
  if (exponent < -4 || exponent >= 16) {
    const sign = exponent < 0 ? '-' : '+';
    return `${mantissa}e${sign}${String(Math.abs(exponent)).padStart(2, '0')}`;
  }
  const negative = mantissa.startsWith('-');
  const digits = mantissa.replace('-', '').replace('.', '');
  const point = exponent + 1;
  let body: string;
  if (point <= 0) body = `0.${'0'.repeat(-point)}${digits}`;
  else if (point >= digits.length) body = `${digits}${'0'.repeat(point - digits.length)}.0`;
  else body = `${digits.slice(0, point)}.${digits.slice(point)}`;
  return `${negative ? '-' : ''}${body}`;
}

const namedEscapes: Readonly<Record<string, string>> = { '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' };
// why: str.isprintable() is false for the C* and Z* categories except the ASCII space
const nonPrintable = /^[\p{C}\p{Z}]$/u;

/** Python's repr() of a str: single quotes unless it holds ' and no ". */
export function pyReprString(text: string): string {
  const quote = text.includes("'") && !text.includes('"') ? '"' : "'";
  let out = quote;
  for (const char of text) out += escapeChar(char, quote);
  return out + quote;
}

function escapeChar(char: string, quote: string): string {
  if (char === quote) return `\\${quote}`;
  const named = namedEscapes[char];
  if (named !== undefined) return named;
  if (char === ' ' || !nonPrintable.test(char)) return char;
  const code = char.codePointAt(0) ?? 0;
  if (code <= 0xff) return `\\x${code.toString(16).padStart(2, '0')}`;
  if (code <= 0xffff) return `\\u${code.toString(16).padStart(4, '0')}`;
  return `\\U${code.toString(16).padStart(8, '0')}`;
}

/**
 * Python's int() of a str: optional sign, ASCII digits with single underscores between them,
 * surrounding whitespace allowed. Returns undefined when Python would raise ValueError.
 */
export function parsePyInt(text: string): number | undefined {
  const match = /^\s*([+-]?)(\d+(?:_\d+)*)\s*$/u.exec(text);
  if (match === null) return undefined;
  const value = Number(`${match[1] ?? ''}${(match[2] ?? '').replaceAll('_', '')}`);
  return Object.is(value, -0) ? 0 : value;
}
