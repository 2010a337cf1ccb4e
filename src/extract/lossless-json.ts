// JSON parsing that keeps every number's exact text (int8 beyond 2^53, numeric scale like 1.50), so that extracts
// write values exactly as the API returned them.

/** A JSON number kept as its source text. */
export class JsonNumber {
  constructor(readonly text: string) {}
  toJSON(): number {
    return Number(this.text);
  }
}

export type LosslessValue = null | boolean | string | JsonNumber | LosslessValue[] | { [key: string]: LosslessValue };

// why: JSON.parse is native and several times faster than a parser written in JavaScript, but it turns numbers
// into doubles. So every number token is first rewritten as a marked string ("\u0000#<text>"), JSON.parse runs on
// that, and the marked strings become JsonNumber again. A real string can only start with U+0000 when its source
// starts with the escape \u0000; such strings get one more U+0000 in front, so the two never mix.
/** The escape that starts a marked string in the rewritten JSON text (U+0000 once parsed). */
const MARK_ESCAPE = '\\u0000';
const NUMBER_MARK = '\u0000#';
const numberToken = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/g;

/** Parses JSON text; numbers become JsonNumber. Throws SyntaxError on malformed input. */
export function parseLossless(text: string): LosslessValue {
  let value: unknown;
  try {
    value = JSON.parse(markNumbers(text));
  } catch (error) {
    throw new SyntaxError(`invalid JSON: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
  }
  return restore(value);
}

/** The text with every number outside strings written as a marked string, and strings starting with U+0000 escaped. */
function markNumbers(text: string): string {
  const parts: string[] = [];
  let at = 0;
  for (;;) {
    const open = text.indexOf('"', at);
    const structural = open === -1 ? text.slice(at) : text.slice(at, open);
    parts.push(structural.replace(numberToken, (token) => `"${MARK_ESCAPE}#${token}"`));
    if (open === -1) break;
    const close = closingQuote(text, open);
    if (close === -1) {
      // why: an unterminated string; leave the rest as it is, JSON.parse reports it
      parts.push(text.slice(open));
      break;
    }
    parts.push(text.startsWith(MARK_ESCAPE, open + 1) ? `"${MARK_ESCAPE}${text.slice(open + 1, close + 1)}` : text.slice(open, close + 1));
    at = close + 1;
  }
  return parts.join('');
}

/** The index of the quote that closes the string opened at `open`, or -1. */
function closingQuote(text: string, open: number): number {
  let at = open + 1;
  for (;;) {
    const quote = text.indexOf('"', at);
    if (quote === -1) return -1;
    let backslashes = 0;
    while (text.charCodeAt(quote - 1 - backslashes) === 92) backslashes += 1;
    if (backslashes % 2 === 0) return quote;
    at = quote + 1;
  }
}

/** Turns marked strings back into JsonNumber (and unescapes strings that started with U+0000), in place. */
function restore(value: unknown): LosslessValue {
  if (typeof value === 'string') return value.charCodeAt(0) === 0 ? restoreString(value) : value;
  if (typeof value === 'boolean' || value === null) return value;
  if (Array.isArray(value)) {
    const items: unknown[] = value;
    for (let index = 0; index < items.length; index += 1) items[index] = restore(items[index]);
    return items as LosslessValue[];
  }
  // why: JSON.parse gives only strings, booleans, null, arrays and plain objects; numbers were all marked
  const record = value as { [key: string]: unknown };
  for (const key of Object.keys(record)) record[key] = restore(record[key]);
  return record as { [key: string]: LosslessValue };
}

function restoreString(value: string): string | JsonNumber {
  return value.startsWith(NUMBER_MARK) ? new JsonNumber(value.slice(NUMBER_MARK.length)) : value.slice(1);
}

/** Serialises a LosslessValue back to compact JSON, numbers written as their source text. */
export function stringifyLossless(value: LosslessValue): string {
  if (value instanceof JsonNumber) return value.text;
  if (Array.isArray(value)) return `[${value.map(stringifyLossless).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const parts = Object.entries(value).map(([key, item]) => `${JSON.stringify(key)}:${stringifyLossless(item)}`);
    return `{${parts.join(',')}}`;
  }
  return JSON.stringify(value);
}

export function isLosslessObject(value: LosslessValue | undefined): value is { [key: string]: LosslessValue } {
  return value !== null && typeof value === 'object' && !Array.isArray(value) && !(value instanceof JsonNumber);
}
