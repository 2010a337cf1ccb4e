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

/**
 * The text with every number outside strings written as a marked string, and strings starting with U+0000 escaped.
 * One pass over the characters: strings are skipped whole, and only numbers and those rare strings are rewritten.
 */
function markNumbers(text: string): string {
  const parts: string[] = [];
  let copied = 0;
  let at = 0;
  while (at < text.length) {
    const code = text.charCodeAt(at);
    if (code === QUOTE) {
      const close = closingQuote(text, at);
      // why: an unterminated string; leave the rest as it is, JSON.parse reports it
      if (close === -1) break;
      if (text.startsWith(MARK_ESCAPE, at + 1)) {
        parts.push(text.slice(copied, at + 1), MARK_ESCAPE);
        copied = at + 1;
      }
      at = close + 1;
    } else if (code === MINUS || (code >= DIGIT_0 && code <= DIGIT_9)) {
      let end = at + 1;
      while (end < text.length && isNumberChar(text.charCodeAt(end))) end += 1;
      const token = text.slice(at, end);
      // why: only a well-formed number is marked; anything else stays as it is, for JSON.parse to refuse
      if (NUMBER_TOKEN.test(token)) {
        parts.push(text.slice(copied, at), `"${MARK_ESCAPE}#${token}"`);
        copied = end;
      }
      at = end;
    } else {
      at += 1;
    }
  }
  parts.push(text.slice(copied));
  return parts.join('');
}

const QUOTE = 0x22;
const MINUS = 0x2d;
const DIGIT_0 = 0x30;
const DIGIT_9 = 0x39;
const NUMBER_TOKEN = /^-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?$/;

/** Digits, sign, point and exponent: what a number token can hold. */
function isNumberChar(code: number): boolean {
  return (code >= DIGIT_0 && code <= DIGIT_9) || code === 0x2e || code === 0x65 || code === 0x45 || code === 0x2b || code === MINUS;
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
