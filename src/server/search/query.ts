// Runs CKAN's statements for one datastore_search: interpolated as psycopg2 sends them, csv/tsv through the COPY
// emulation of csv.ts, and any database error reported as CKAN reports it (`info` with the statement as CKAN
// wrote it, its params, and PostgreSQL's message as psycopg2 shows it).
import { EngineQueryError, EngineTimeoutError } from '../engine.ts';
import type { ServerContext } from '../types.ts';
import { ActionValidationError } from '../types.ts';
import type { FieldInfo } from './columns.ts';
import { copyCsvSql, copyText } from './csv.ts';
import { isArrayType } from './filters.ts';
import { formatPgErrorMessage } from './libpq-message.ts';
import { interpolateParams, StatementFormatError, UnadaptableValueError } from './psycopg.ts';
import type { CkanStatement, CopyShape } from './statement.ts';

export interface QueryTarget {
  table: string;
  /** `_id` first, then the user columns; `_full_text` is never listed. */
  columns: ReadonlyMap<string, FieldInfo>;
}

/** The first row of a statement's result, as text values. */
export async function runStatement(statement: CkanStatement, context: ServerContext): Promise<(string | null)[]> {
  const sql = interpolate(statement);
  return (await runSql(sql, statement, sql, context))[0] ?? [];
}

/**
 * A csv/tsv COPY statement: its select (cut out of the interpolated text) rendered by copyCsvSql; `types` are the
 * types of the select's items, in order. Error positions are moved back onto CKAN's COPY text.
 */
export async function runCopyStatement(statement: CkanStatement, copy: CopyShape, types: readonly string[], context: ServerContext): Promise<string> {
  if (copy.mogrify !== undefined) checkMogrify(copy.mogrify);
  const sql = interpolate(statement);
  const chars = Array.from(sql);
  const select = chars.slice(copy.headLength, chars.length - copy.tailLength).join('');
  const names = types.map((_, index) => `"c${index}"`).join(', ');
  const cells = types.map((type, index) => ({ text: copyText(`z."c${index}"`, type), type }));
  const wrapped = copyCsvSql(cells, `(${select}) AS z(${names})`, copy.delimiter);
  // why: PostgreSQL's position counts characters of `wrapped`; CKAN's text has the COPY head before the select instead
  const offset = copy.headLength - Array.from(wrapped.slice(0, wrapped.indexOf(`(${select})`) + 1)).length;
  const rows = await runSql(wrapped, statement, sql, context, offset);
  return rows[0]?.[0] ?? '';
}

/** The type of a csv cell after CKAN's select formatting: timestamps are text, arrays json. */
export function copyCellType(type: string): string {
  if (type === 'timestamp') return 'text';
  return isArrayType(type) ? 'json' : type;
}

/**
 * psycopg2's mogrify of a statement with a list of dicts (the trait copy-mogrify-list): a dict cannot be adapted, and
 * with no values any `%` but `%%` is a format error; either is a Python error, which CKAN answers with a 500.
 */
function checkMogrify(mogrify: { text: string; hasValues: boolean }): void {
  if (mogrify.hasValues) throw new StatementFormatError("can't adapt type 'dict'");
  interpolateParams(mogrify.text, []);
}

function interpolate(statement: CkanStatement): string {
  try {
    return interpolateParams(statement.text, statement.params);
  } catch (error) {
    if (error instanceof UnadaptableValueError) throw invalidQuery(statement, error.message);
    throw error;
  }
}

async function runSql(sql: string, statement: CkanStatement, sent: string, context: ServerContext, positionOffset = 0): Promise<(string | null)[][]> {
  try {
    return (await context.engine.query(sql, [], { timeoutMs: context.config.searchTimeoutMs })).rows;
  } catch (error) {
    if (error instanceof EngineTimeoutError) throw new ActionValidationError({ query: ['Search took too long'] });
    if (!(error instanceof EngineQueryError)) throw error;
    const position = error.position === undefined ? undefined : error.position + positionOffset;
    throw invalidQuery(statement, formatPgErrorMessage({ message: error.message, position, detail: error.detail, hint: error.hint }, sent));
  }
}

function invalidQuery(statement: CkanStatement, orig: string): ActionValidationError {
  return new ActionValidationError({ query: ['Invalid query'], info: { statement: [statement.text], params: [statement.params], orig: [orig] } });
}
