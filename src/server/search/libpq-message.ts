// PostgreSQL errors as psycopg2's str(error) shows them (CKAN's `info.orig`): libpq's default-verbosity message
// without its "ERROR:  " prefix: the primary message, the statement line holding the error position with a caret
// under it (libpq's reportErrorPosition), then DETAIL and HINT.

/** Screen columns libpq shows of the statement line, and how far it keeps the caret from the line's end. */
const DISPLAY_SIZE = 60;
const MIN_RIGHT_CUT = 10;

/** The parts of a PostgreSQL error that psycopg2's message shows. */
export interface PgErrorParts {
  message: string;
  /** 1-based character position in `statement`, when PostgreSQL reported one. */
  position?: number | undefined;
  detail?: string | undefined;
  hint?: string | undefined;
}

/** str(psycopg2 error) for an error of `statement`, the text PostgreSQL received. */
export function formatPgErrorMessage(error: PgErrorParts, statement: string): string {
  let text = `${error.message}\n`;
  if (error.position !== undefined) text += formatErrorPosition(statement, error.position);
  if (error.detail !== undefined) text += `DETAIL:  ${error.detail}\n`;
  if (error.hint !== undefined) text += `HINT:  ${error.hint}\n`;
  return text;
}

/**
 * Screen columns libpq gives a character (pg_encoding_dsplen for UTF-8): two for East Asian wide and fullwidth
 * characters (Hangul Jamo, CJK, kana, Hangul syllables, fullwidth forms, the CJK extension planes), one for the rest
 * (libpq counts a control or zero-width character as one too).
 */
export function screenWidth(char: string): number {
  const code = char.codePointAt(0) ?? 0;
  if (code < 0x1100) return 1;
  const wide =
    code <= 0x115f ||
    code === 0x2329 ||
    code === 0x232a ||
    (code >= 0x2e80 && code <= 0xa4cf && code !== 0x303f) ||
    (code >= 0xac00 && code <= 0xd7a3) ||
    (code >= 0xf900 && code <= 0xfaff) ||
    (code >= 0xfe10 && code <= 0xfe19) ||
    (code >= 0xfe30 && code <= 0xfe6f) ||
    (code >= 0xff00 && code <= 0xff60) ||
    (code >= 0xffe0 && code <= 0xffe6) ||
    (code >= 0x1f300 && code <= 0x1f64f) ||
    (code >= 0x1f900 && code <= 0x1f9ff) ||
    (code >= 0x20000 && code <= 0x2fffd) ||
    (code >= 0x30000 && code <= 0x3fffd);
  return wide ? 2 : 1;
}

/**
 * libpq's `LINE n: <text>` and caret lines for a 1-based character position: tabs shown as spaces, the line cut to
 * 60 screen columns with `...` marks (right first, keeping 10 columns after the caret), "" when the position is
 * outside. Columns are counted as libpq counts them (screenWidth), so a line with wide characters is cut shorter.
 */
export function formatErrorPosition(statement: string, position: number): string {
  const chars = Array.from(statement);
  const loc = position - 1;
  if (loc < 0 || loc > chars.length) return '';
  let line = 1;
  let begin = 0;
  let end = chars.length;
  // column[i]: the screen column where character i starts (column[chars.length]: where the text ends)
  const column: number[] = [0];
  for (let index = 0; index < chars.length; index++) {
    const char = chars[index] ?? '';
    if (char === '\r' || char === '\n') {
      if (index >= loc) {
        end = index;
        break;
      }
      // why: "\r\n" counts as one line break
      if (char === '\r' || index === 0 || chars[index - 1] !== '\r') line += 1;
      begin = index + 1;
    }
    column[index + 1] = (column[index] ?? 0) + screenWidth(char);
  }
  const at = (index: number): number => column[index] ?? 0;
  let beginCut = false;
  let endCut = false;
  if (at(end) - at(begin) > DISPLAY_SIZE) {
    if (at(begin) + DISPLAY_SIZE >= at(loc) + MIN_RIGHT_CUT) {
      while (at(end) - at(begin) > DISPLAY_SIZE) end--;
      endCut = true;
    } else {
      while (at(loc) + MIN_RIGHT_CUT < at(end)) {
        end--;
        endCut = true;
      }
      while (at(end) - at(begin) > DISPLAY_SIZE) {
        begin++;
        beginCut = true;
      }
    }
  }
  const prefix = `LINE ${line}: ${beginCut ? '...' : ''}`;
  const shown = chars.slice(begin, end).join('').replaceAll('\t', ' ');
  return `${prefix}${shown}${endCut ? '...' : ''}\n${' '.repeat(prefix.length + at(loc) - at(begin))}^\n`;
}
