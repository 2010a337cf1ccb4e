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

const numberPattern = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;

/** Parses JSON text; numbers become JsonNumber. Throws SyntaxError with the offset on malformed input. */
export function parseLossless(text: string): LosslessValue {
  const parser = new Parser(text);
  const value = parser.value();
  parser.end();
  return value;
}

class Parser {
  private at = 0;
  constructor(private readonly text: string) {}

  value(): LosslessValue {
    this.space();
    const char = this.text[this.at];
    if (char === '{') return this.object();
    if (char === '[') return this.array();
    if (char === '"') return this.string();
    if (char === 't') return this.word('true', true);
    if (char === 'f') return this.word('false', false);
    if (char === 'n') return this.word('null', null);
    return this.number();
  }

  end(): void {
    this.space();
    if (this.at !== this.text.length) this.fail('unexpected text after the JSON value');
  }

  private object(): { [key: string]: LosslessValue } {
    const result: { [key: string]: LosslessValue } = {};
    this.at += 1;
    this.space();
    if (this.text[this.at] === '}') {
      this.at += 1;
      return result;
    }
    for (;;) {
      this.space();
      if (this.text[this.at] !== '"') this.fail('expected a string key');
      const key = this.string();
      this.space();
      this.expect(':');
      Object.defineProperty(result, key, { value: this.value(), enumerable: true, writable: true, configurable: true });
      this.space();
      if (this.text[this.at] === ',') {
        this.at += 1;
        continue;
      }
      this.expect('}');
      return result;
    }
  }

  private array(): LosslessValue[] {
    const result: LosslessValue[] = [];
    this.at += 1;
    this.space();
    if (this.text[this.at] === ']') {
      this.at += 1;
      return result;
    }
    for (;;) {
      result.push(this.value());
      this.space();
      if (this.text[this.at] === ',') {
        this.at += 1;
        continue;
      }
      this.expect(']');
      return result;
    }
  }

  private string(): string {
    // why: find the closing quote, then let JSON.parse do the unescaping of exactly that literal
    let end = this.at + 1;
    for (;;) {
      const char = this.text[end];
      if (char === undefined) this.fail('unterminated string');
      if (char === '\\') end += 2;
      else if (char === '"') break;
      else end += 1;
    }
    const literal = this.text.slice(this.at, end + 1);
    this.at = end + 1;
    const parsed: unknown = JSON.parse(literal);
    if (typeof parsed !== 'string') this.fail('bad string');
    return parsed;
  }

  private number(): JsonNumber {
    numberPattern.lastIndex = this.at;
    const match = numberPattern.exec(this.text);
    if (match === null) this.fail('unexpected character');
    this.at += match[0].length;
    return new JsonNumber(match[0]);
  }

  private word<T>(word: string, value: T): T {
    if (!this.text.startsWith(word, this.at)) this.fail('unexpected character');
    this.at += word.length;
    return value;
  }

  private expect(char: string): void {
    if (this.text[this.at] !== char) this.fail(`expected "${char}"`);
    this.at += 1;
  }

  private space(): void {
    while (this.at < this.text.length && ' \t\n\r'.includes(this.text[this.at] ?? '')) this.at += 1;
  }

  private fail(reason: string): never {
    throw new SyntaxError(`invalid JSON at offset ${this.at}: ${reason}`);
  }
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
