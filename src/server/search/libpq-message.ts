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
 * libpq's `LINE n: <text>` and caret lines for a 1-based character position: tabs shown as spaces, the line cut to
 * 60 columns with `...` marks (right first, keeping 10 columns after the caret), "" when the position is outside.
 * Characters count one column each (the UTF-8 wide-character widths libpq uses are not modelled).
 */
export function formatErrorPosition(statement: string, position: number): string {
  const chars = Array.from(statement);
  const loc = position - 1;
  if (loc < 0 || loc > chars.length) return '';
  let line = 1;
  let begin = 0;
  let end = chars.length;
  for (let index = 0; index < chars.length; index++) {
    const char = chars[index];
    if (char !== '\r' && char !== '\n') continue;
    if (index >= loc) {
      end = index;
      break;
    }
    // why: "\r\n" counts as one line break
    if (char === '\r' || index === 0 || chars[index - 1] !== '\r') line += 1;
    begin = index + 1;
  }
  let beginCut = false;
  let endCut = false;
  if (end - begin > DISPLAY_SIZE) {
    if (begin + DISPLAY_SIZE >= loc + MIN_RIGHT_CUT) {
      end = begin + DISPLAY_SIZE;
      endCut = true;
    } else {
      if (loc + MIN_RIGHT_CUT < end) {
        end = loc + MIN_RIGHT_CUT;
        endCut = true;
      }
      if (end - begin > DISPLAY_SIZE) {
        begin = end - DISPLAY_SIZE;
        beginCut = true;
      }
    }
  }
  const prefix = `LINE ${line}: ${beginCut ? '...' : ''}`;
  const shown = chars.slice(begin, end).join('').replaceAll('\t', ' ');
  return `${prefix}${shown}${endCut ? '...' : ''}\n${' '.repeat(prefix.length + loc - begin)}^\n`;
}
