// PostgreSQL errors as psycopg2's str(error) shows them (CKAN's `info.orig`): libpq's default-verbosity message
// without its "ERROR:  " prefix: the primary message, the statement line holding the error position with a caret
// under it (libpq's excerpt, the same as the SQL action's: ../error-position.ts), then DETAIL and HINT.
import { describeErrorPosition } from '../error-position.ts';

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
  if (error.position !== undefined) text += describeErrorPosition(statement, error.position);
  if (error.detail !== undefined) text += `DETAIL:  ${error.detail}\n`;
  if (error.hint !== undefined) text += `HINT:  ${error.hint}\n`;
  return text;
}
