// The statement CKAN builds from datastore_search_sql's `sql`, and how it reports PostgreSQL's errors about it: a
// 409 whose texts are SQLAlchemy's and psycopg2's (class name, libpq's "LINE 1:" excerpt, SQLAlchemy's link),
// with "EXPLAIN (VERBOSE, FORMAT JSON) " removed where CKAN removes it (backend/postgres.py search_sql).
import type { CkanTraits } from '../ckan-versions.ts';
import { ActionValidationError } from '../types.ts';
import { describeErrorPosition } from '../error-position.ts';
import { psycopgErrorName, sqlalchemyErrorCode } from './psycopg-errors.ts';

/** One datastore_search_sql statement: the caller's `sql`, what the engine runs, and the version answering. */
export interface SqlStatement {
  sql: string;
  /** CKAN's row cap around `sql`: `SELECT * FROM (<sql>) AS blah LIMIT <rows_max + 1>`, what the engine runs. */
  wrapped: string;
  /** What CKAN sends: `wrapped` ending in " ;". Parse errors are PostgreSQL's about this text. */
  ckanText: string;
  traits: CkanTraits;
}

/** A PostgreSQL error about a statement: its message, SQLSTATE and 1-based character position in `wrapped`. */
export interface StatementError {
  message: string;
  sqlState: string;
  position?: number | undefined;
  detail?: string | undefined;
  hint?: string | undefined;
}

// CKAN checks every statement with EXPLAIN first, so PostgreSQL's positions count in this text
const explainPrefix = 'EXPLAIN (VERBOSE, FORMAT JSON) ';

/** The statement for `sql` under a row cap of `rowsMax`. */
export function createSqlStatement(sql: string, rowsMax: number, traits: CkanTraits): SqlStatement {
  const wrapped = `SELECT * FROM (${sql}) AS blah LIMIT ${rowsMax + 1}`;
  return { sql, wrapped, ckanText: `${wrapped} ;`, traits };
}

/**
 * CKAN's 409 for a database error raised while it checked the statement: `query` is SQLAlchemy's text of the error
 * (`(psycopg2.errors.SyntaxError) <orig>\n[SQL: ...]\n(Background on this error at: ...)`), `orig` psycopg2's
 * (the message, libpq's position excerpt, DETAIL and HINT lines), `statement` the statement CKAN sent.
 */
export function databaseError(statement: SqlStatement, error: StatementError): ActionValidationError {
  const explained = `${explainPrefix}${statement.ckanText}`;
  const excerpt = error.position === undefined ? '' : describeErrorPosition(explained, error.position + explainPrefix.length);
  const detail = error.detail === undefined ? '' : `DETAIL:  ${error.detail}\n`;
  const hint = error.hint === undefined ? '' : `HINT:  ${error.hint}\n`;
  const orig = `${error.message}\n${excerpt}${detail}${hint}`;
  const link = `${sqlalchemyErrorBase(statement.traits)}${sqlalchemyErrorCode(error.sqlState)}`;
  const query = `(${psycopgErrorName(error.sqlState)}) ${orig}\n[SQL: ${explained}]\n(Background on this error at: ${link})`;
  return new ActionValidationError({
    query: [removeExplain(query)],
    info: { statement: [removeExplain(explained)], params: [{}], orig: [removeExplain(orig)] },
  });
}

/** SQLAlchemy's error link as the release's SQLAlchemy writes it (1.3 in 2.9, 1.4 in 2.10 and 2.11, 2.0 in 2.12). */
function sqlalchemyErrorBase(traits: CkanTraits): string {
  if (traits.has('sqlalchemy-2-0-links')) return 'https://sqlalche.me/e/20/';
  return traits.has('sqlalchemy-1-4-links') ? 'https://sqlalche.me/e/14/' : 'http://sqlalche.me/e/';
}

// why: CKAN strips the EXPLAIN from every text, wherever it appears (the caller's own SQL included)
function removeExplain(text: string): string {
  return text.replaceAll(explainPrefix, '').replaceAll('EXPLAIN ', '');
}
