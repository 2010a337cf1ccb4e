// csv/tsv records: the text PostgreSQL's `COPY ... TO STDOUT csv` writes, as CKAN returns it, built inside the
// database as one value per page (per-row work in Node was most of a large page's cost).
import { SCALAR_TYPES } from '../fixtures/index.ts';

// why: the fixture column types whose text never holds a delimiter, quote, CR or LF and is never empty need no
// quoting check: all but the text and json ones, and CKAN's `int` (the type `_id` reports)
const TEXT_TYPES: ReadonlySet<string> = new Set(['text', 'json', 'jsonb']);
const PLAIN_TYPES: ReadonlySet<string> = new Set(['int', ...SCALAR_TYPES.filter((type) => !TEXT_TYPES.has(type))]);

/** A cell to render: its SQL expression and its column's type. */
export interface CopyCsvCell {
  /** The value as COPY would print it, as SQL text (NULL stays NULL); see copyText. */
  text: string;
  type: string;
}

/**
 * SQL giving one text: a line per row of `source` (each ending in "\n", no header), or NULL for no rows. A cell is
 * quoted when it is an empty string, holds the delimiter, a quote, CR or LF, or is the lone column `\.`; NULL is an
 * empty cell. Relies on the aggregate keeping `source`'s order, as CKAN's records queries do.
 */
export function copyCsvSql(cells: readonly CopyCsvCell[], source: string, delimiter: ',' | '\t'): string {
  const texts = cells.map((cell, index) => `${cell.text} AS "t${index}"`);
  const separator = delimiter === ',' ? `','` : 'chr(9)';
  const quoted = cells.map((cell, index) => quoteCell(`y."t${index}"`, cell.type, separator, cells.length === 1));
  const line = [...quoted.flatMap((cell, index) => (index === 0 ? [cell] : [separator, cell])), 'chr(10)'].join(' || ');
  return `SELECT string_agg(${line}, '') FROM (SELECT ${texts.join(', ')} FROM ${source}) AS y`;
}

/** `ref` (a column of `type`) as COPY prints it: its output function's text, which `::text` gives except for booleans. */
export function copyText(ref: string, type: string): string {
  return type === 'bool' ? `CASE WHEN ${ref} THEN 't' WHEN NOT ${ref} THEN 'f' END` : `${ref}::text`;
}

/** The cell `ref` quoted as COPY quotes it; `separator` is the delimiter as an SQL expression. */
function quoteCell(ref: string, type: string, separator: string, single: boolean): string {
  if (PLAIN_TYPES.has(type)) return `coalesce(${ref}, '')`;
  const special = [separator, `'"'`, 'chr(10)', 'chr(13)'].map((char) => `strpos(${ref}, ${char}) > 0`);
  const quote = [`${ref} = ''`, ...special, ...(single ? [`${ref} = '\\.'`] : [])].join(' OR ');
  return `CASE WHEN ${ref} IS NULL THEN '' WHEN ${quote} THEN '"' || replace(${ref}, '"', '""') || '"' ELSE ${ref} END`;
}
