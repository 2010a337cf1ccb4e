// Reading a (possibly qualified) name as written in the SQL text, at a parse-tree location.
// libpg-query locations are byte offsets into the UTF-8 text, so reading works on bytes.

/** One part of a dotted name: its text (without quotes) and whether it was double-quoted. */
export interface WrittenNamePart {
  text: string;
  quoted: boolean;
}

const dot = 0x2e;
const quote = 0x22;

/** Reads `ident(.ident)*` at byte `offset` of `source`; an empty list when no name starts there. */
export function readNameAt(source: Buffer, offset: number): WrittenNamePart[] {
  const parts: WrittenNamePart[] = [];
  let i = offset;
  for (;;) {
    const part = readIdentifier(source, i);
    if (part === undefined) return parts;
    parts.push(part.value);
    const afterSpace = skipSpace(source, part.end);
    if (source[afterSpace] !== dot) return parts;
    i = skipSpace(source, afterSpace + 1);
  }
}

function readIdentifier(source: Buffer, start: number): { value: WrittenNamePart; end: number } | undefined {
  if (start < 0 || start >= source.length) return undefined;
  if (source[start] === quote) {
    let i = start + 1;
    const bytes: number[] = [];
    while (i < source.length) {
      const b = source[i];
      if (b === quote) {
        if (source[i + 1] !== quote) {
          return { value: { text: Buffer.from(bytes).toString('utf8'), quoted: true }, end: i + 1 };
        }
        i += 1;
      }
      if (b !== undefined) bytes.push(b);
      i += 1;
    }
    return undefined;
  }
  if (!isIdentStart(source[start])) return undefined;
  let end = start + 1;
  while (end < source.length && isIdentPart(source[end])) end += 1;
  return { value: { text: source.subarray(start, end).toString('utf8'), quoted: false }, end };
}

function skipSpace(source: Buffer, start: number): number {
  let i = start;
  while (i < source.length && (source[i] === 0x20 || source[i] === 0x09 || source[i] === 0x0a || source[i] === 0x0d)) i += 1;
  return i;
}

// PostgreSQL's scanner: ident_start [A-Za-z\200-\377_], ident_cont adds [0-9$].
function isIdentStart(b: number | undefined): boolean {
  if (b === undefined) return false;
  return (b >= 0x41 && b <= 0x5a) || (b >= 0x61 && b <= 0x7a) || b === 0x5f || b >= 0x80;
}

function isIdentPart(b: number | undefined): boolean {
  return isIdentStart(b) || (b !== undefined && ((b >= 0x30 && b <= 0x39) || b === 0x24));
}

/** PostgreSQL folds unquoted identifiers to lower case in ASCII only (UTF-8 databases). */
export function foldIdentifier(part: WrittenNamePart): string {
  return part.quoted ? part.text : part.text.replace(/[A-Z]+/g, (s) => s.toLowerCase());
}
