// The "LINE n: ..." excerpt and caret that libpq adds to an error message carrying a position, which CKAN's search and SQL
// errors show (psycopg2's message is libpq's). libpq shows the one line holding the position, cut to 60 screen
// columns, keeping at least 10 columns right of the position when the line is cut on both sides, with "..." where
// it was cut; the caret sits under the position. Written from libpq's documented output, not its code.

const displayColumns = 60;
const minRightColumns = 10;

/**
 * libpq's excerpt of `query` around `position` (1-based, in characters, as PostgreSQL reports it): two lines, each
 * ending in a newline, or "" when the position lies outside the query.
 */
export function describeErrorPosition(query: string, position: number): string {
  const chars = Array.from(query);
  const loc = position - 1;
  if (!Number.isInteger(loc) || loc < 0 || loc > chars.length) return '';
  let lineNumber = 1;
  let begin = 0;
  for (let i = 0; i < loc; i += 1) {
    const char = chars[i];
    // why: "\r\n" is one line break; its "\r" alone does not start a line
    if (char === '\n' || (char === '\r' && chars[i + 1] !== '\n')) {
      lineNumber += 1;
      begin = i + 1;
    }
  }
  let end = loc;
  while (end < chars.length && chars[end] !== '\n' && chars[end] !== '\r') end += 1;
  const column = screenColumns(chars, begin, end);
  const cut = cutLine(column, begin, end, loc);
  const prefix = `LINE ${lineNumber}: ${cut.begin > begin ? '...' : ''}`;
  const text = chars.slice(cut.begin, cut.end).join('').replaceAll('\t', ' ');
  const caret = ' '.repeat(prefix.length + column(loc) - column(cut.begin));
  return `${prefix}${text}${cut.end < end ? '...' : ''}\n${caret}^\n`;
}

/** Where character i of the line [begin, end] starts on screen (wide characters take two columns). */
function screenColumns(chars: readonly string[], begin: number, end: number): (index: number) => number {
  const starts = [0];
  for (let i = begin; i < end; i += 1) starts.push((starts[starts.length - 1] ?? 0) + charWidth(chars[i] ?? ''));
  return (index) => starts[index - begin] ?? 0;
}

function cutLine(column: (index: number) => number, begin: number, end: number, loc: number): { begin: number; end: number } {
  let first = begin;
  let last = end;
  if (column(last) - column(first) <= displayColumns) return { begin: first, end: last };
  if (column(first) + displayColumns >= column(loc) + minRightColumns) {
    while (column(last) - column(first) > displayColumns) last -= 1;
    return { begin: first, end: last };
  }
  while (column(loc) + minRightColumns < column(last)) last -= 1;
  while (column(last) - column(first) > displayColumns) first += 1;
  return { begin: first, end: last };
}

// East Asian wide and fullwidth characters take two columns, combining marks none (as PostgreSQL's UTF-8 widths)
function charWidth(char: string): number {
  const code = char.codePointAt(0) ?? 0;
  if (/\p{Mn}|\p{Me}/u.test(char)) return 0;
  const wide =
    (code >= 0x1100 && code <= 0x115f) ||
    (code >= 0x2e80 && code <= 0xa4cf && code !== 0x303f) ||
    (code >= 0xac00 && code <= 0xd7a3) ||
    (code >= 0xf900 && code <= 0xfaff) ||
    (code >= 0xfe30 && code <= 0xfe6f) ||
    (code >= 0xff00 && code <= 0xff60) ||
    (code >= 0xffe0 && code <= 0xffe6) ||
    (code >= 0x20000 && code <= 0x3fffd);
  return wide ? 2 : 1;
}
