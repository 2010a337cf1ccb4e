// A JSON parser that behaves like Python's json.loads where CKAN's messages depend on it: it keeps the
// int/float distinction (for Python reprs) and reports the first error in Python's words and position
// ("Expecting value: line 1 column 1 (char 0)").

/** A decoded JSON value as Python sees it. */
export type PyValue =
  | { type: 'dict'; entries: [string, PyValue][] }
  | { type: 'list'; items: PyValue[] }
  | { type: 'str'; value: string }
  | { type: 'int'; text: string }
  | { type: 'float'; value: number }
  | { type: 'bool'; value: boolean }
  | { type: 'none' };

/** A decoded value, or Python's error message with its position. */
export type PyJsonOutcome = { ok: true; value: PyValue } | { ok: false; message: string };

class PyJsonError extends Error {
  constructor(
    readonly reason: string,
    readonly position: number,
  ) {
    super(reason);
  }
}

const whitespace = /[ \t\n\r]*/y;
// why: Python stops at its recursion limit (about 1000 levels); a bound also keeps our stack safe
const maxDepth = 1000;
const numberToken = /(-?(?:0|[1-9]\d*))(\.\d+)?([eE][-+]?\d+)?/y;

/** Parses JSON text; on failure gives Python's message, e.g. `Expecting ',' delimiter: line 1 column 5 (char 4)`. */
export function parsePyJson(text: string): PyJsonOutcome {
  try {
    let pos = skip(text, 0);
    const [value, end] = parseValue(text, pos, 0);
    pos = skip(text, end);
    if (pos !== text.length) throw new PyJsonError('Extra data', pos);
    return { ok: true, value };
  } catch (error) {
    if (!(error instanceof PyJsonError)) throw error;
    return { ok: false, message: locate(text, error.reason, error.position) };
  }
}

function locate(text: string, reason: string, position: number): string {
  const lineno = text.slice(0, position).split('\n').length;
  const lastNewline = text.lastIndexOf('\n', position - 1);
  const colno = lastNewline === -1 ? position + 1 : position - lastNewline;
  return `${reason}: line ${lineno} column ${colno} (char ${position})`;
}

function skip(text: string, pos: number): number {
  whitespace.lastIndex = pos;
  whitespace.exec(text);
  return whitespace.lastIndex;
}

function parseValue(text: string, pos: number, depth: number): [PyValue, number] {
  const char = text[pos];
  if (char === '"') return parseString(text, pos);
  if (depth >= maxDepth && (char === '{' || char === '[')) throw new PyJsonError('Too deeply nested', pos);
  if (char === '{') return parseObject(text, pos, depth + 1);
  if (char === '[') return parseArray(text, pos, depth + 1);
  for (const [word, value] of literals) {
    if (text.startsWith(word, pos)) return [value, pos + word.length];
  }
  numberToken.lastIndex = pos;
  const match = numberToken.exec(text);
  if (match !== null) {
    const isFloat = match[2] !== undefined || match[3] !== undefined;
    const value: PyValue = isFloat ? { type: 'float', value: Number(match[0]) } : { type: 'int', text: match[0] };
    return [value, pos + match[0].length];
  }
  throw new PyJsonError('Expecting value', pos);
}

const literals: [string, PyValue][] = [
  ['null', { type: 'none' }],
  ['true', { type: 'bool', value: true }],
  ['false', { type: 'bool', value: false }],
  // why: Python's json accepts these non-standard constants by default
  ['NaN', { type: 'float', value: Number.NaN }],
  ['Infinity', { type: 'float', value: Number.POSITIVE_INFINITY }],
  ['-Infinity', { type: 'float', value: Number.NEGATIVE_INFINITY }],
];

function parseObject(text: string, start: number, depth: number): [PyValue, number] {
  const entries: [string, PyValue][] = [];
  // why: a Python dict keeps a repeated key at its first position with its last value
  const byKey = new Map<string, [string, PyValue]>();
  let pos = skip(text, start + 1);
  if (text[pos] === '}') return [{ type: 'dict', entries }, pos + 1];
  for (;;) {
    if (text[pos] !== '"') throw new PyJsonError('Expecting property name enclosed in double quotes', pos);
    const [key, afterKey] = parseString(text, pos);
    pos = skip(text, afterKey);
    if (text[pos] !== ':') throw new PyJsonError("Expecting ':' delimiter", pos);
    pos = skip(text, pos + 1);
    const [value, afterValue] = parseValue(text, pos, depth);
    const name = key.type === 'str' ? key.value : '';
    const existing = byKey.get(name);
    if (existing === undefined) {
      const entry: [string, PyValue] = [name, value];
      byKey.set(name, entry);
      entries.push(entry);
    } else {
      existing[1] = value;
    }
    pos = skip(text, afterValue);
    if (text[pos] === '}') return [{ type: 'dict', entries }, pos + 1];
    if (text[pos] !== ',') throw new PyJsonError("Expecting ',' delimiter", pos);
    pos = skip(text, pos + 1);
  }
}

function parseArray(text: string, start: number, depth: number): [PyValue, number] {
  const items: PyValue[] = [];
  let pos = skip(text, start + 1);
  if (text[pos] === ']') return [{ type: 'list', items }, pos + 1];
  for (;;) {
    const [value, afterValue] = parseValue(text, pos, depth);
    items.push(value);
    pos = skip(text, afterValue);
    if (text[pos] === ']') return [{ type: 'list', items }, pos + 1];
    if (text[pos] !== ',') throw new PyJsonError("Expecting ',' delimiter", pos);
    pos = skip(text, pos + 1);
  }
}

const simpleEscapes: Readonly<Record<string, string>> = {
  '"': '"',
  '\\': '\\',
  '/': '/',
  b: '\b',
  f: '\f',
  n: '\n',
  r: '\r',
  t: '\t',
};

function parseString(text: string, start: number): [PyValue, number] {
  let out = '';
  let pos = start + 1;
  for (;;) {
    const char = text[pos];
    if (char === undefined) throw new PyJsonError('Unterminated string starting at', start);
    if (char === '"') return [{ type: 'str', value: out }, pos + 1];
    if (char < ' ') throw new PyJsonError('Invalid control character at', pos);
    if (char !== '\\') {
      out += char;
      pos += 1;
      continue;
    }
    const escaped = text[pos + 1];
    if (escaped === undefined) throw new PyJsonError('Unterminated string starting at', start);
    const simple = simpleEscapes[escaped];
    if (simple !== undefined) {
      out += simple;
      pos += 2;
    } else if (escaped === 'u' && /^[0-9a-fA-F]{4}$/.test(text.slice(pos + 2, pos + 6))) {
      out += String.fromCharCode(Number.parseInt(text.slice(pos + 2, pos + 6), 16));
      pos += 6;
    } else if (escaped === 'u') {
      throw new PyJsonError('Invalid \\uXXXX escape', pos + 1);
    } else {
      throw new PyJsonError('Invalid \\escape', pos);
    }
  }
}

/** Converts a Python-decoded value to the JavaScript value JSON.parse would give. */
export function toJsValue(value: PyValue): unknown {
  switch (value.type) {
    case 'dict': {
      const out: Record<string, unknown> = {};
      // why: defineProperty, so a "__proto__" key stays data instead of replacing the prototype
      for (const [key, item] of value.entries) {
        Object.defineProperty(out, key, { value: toJsValue(item), enumerable: true, writable: true, configurable: true });
      }
      return out;
    }
    case 'list':
      return value.items.map(toJsValue);
    case 'str':
    case 'float':
    case 'bool':
      return value.value;
    case 'int':
      return Number(value.text);
    case 'none':
      return null;
  }
}
