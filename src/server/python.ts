// Python spellings CKAN's messages depend on: str() and repr() of decoded JSON values, json.dumps. Shared by
// the actions (search, sql) and the request decoding.
// Decoded JSON reaches us as plain JS values, so an integral float (2.0) reads as an int (2).

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
  if (Number.isNaN(value)) return 'nan';
  if (!Number.isFinite(value)) return value > 0 ? 'inf' : '-inf';
  if (Number.isInteger(value) && Math.abs(value) < 1e21) return BigInt(value).toString();
  const [mantissa = '', exponentText = '0'] = value.toExponential().split('e');
  const exponent = Number(exponentText);
  if (exponent < -4 || exponent >= 16) {
    return `${mantissa}e${exponent < 0 ? '-' : '+'}${String(Math.abs(exponent)).padStart(2, '0')}`;
  }
  return String(value);
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

/** Python's json.dumps(value, sort_keys=True, ensure_ascii=False): `", "` and `": "` separators. */
export function pyJsonDumps(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : pyJsonSpecial(value);
  if (typeof value !== 'object') return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(pyJsonDumps).join(', ')}]`;
  const keys = Object.keys(value).sort();
  const record: Record<string, unknown> = Object.fromEntries(Object.entries(value));
  return `{${keys.map((key) => `${JSON.stringify(key)}: ${pyJsonDumps(record[key])}`).join(', ')}}`;
}

function pyJsonSpecial(value: number): string {
  if (Number.isNaN(value)) return 'NaN';
  return value > 0 ? 'Infinity' : '-Infinity';
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
