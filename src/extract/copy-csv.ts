// Rewrites the `records` of a `records_format=csv` page (PostgreSQL's `COPY ... TO STDOUT csv`, as CKAN returns it)
// straight into the lines of a csv/tsv output, with each cell what a JSON page's value would have printed, so the
// output is the same byte for byte whichever way it was fetched. No value objects are made: most cells are copied
// as they are, which is what makes csv records the fast way to extract to CSV.
import { cellText, delimitedCell, needsQuotes } from './encode.ts';
import { parseLossless } from './lossless-json.ts';
import type { ExtractColumn } from './types.ts';

/** A page of records_format=csv records rewritten for the output. */
export interface CopyCsvPage {
  /** The output lines, each ending in "\n". */
  text: string;
  rows: number;
  /** The `_id` cell of the last row, when `_id` is among the fields. */
  lastId: string | null;
}

/** How a column's cell is rewritten: as it is, from t/f, or as JSON (CKAN prints a NULL json or array as `null`). */
const PLAIN = 0;
const BOOL = 1;
const NESTED = 2;

const QUOTE = 0x22;
const COMMA = 0x2c;
const NEWLINE = 0x0a;

/**
 * Rewrites COPY CSV `records` (cells in `fields` order; an unquoted empty cell is NULL, a quoted one the empty
 * string) as lines of `columns` (each one of `fields`) joined by `delimiter`. Throws SyntaxError on an unterminated
 * quote or a row whose number of cells is not the number of fields.
 */
export function transcodeCopyCsv(records: string, fields: readonly ExtractColumn[], columns: readonly ExtractColumn[], delimiter: ',' | '\t'): CopyCsvPage {
  const width = fields.length;
  const sources = columns.map((column) => {
    const index = fields.findIndex((field) => field.id === column.id);
    if (index === -1) throw new Error(`transcodeCopyCsv: ${column.id} is not among the fields`);
    return index;
  });
  const kinds = columns.map(kindOf);
  const idIndex = fields.findIndex((field) => field.id === '_id');
  const values: (string | null)[] = new Array<string | null>(width).fill(null);
  // why: the cell as COPY quoted it; for csv output it is already the RFC 4180 quoting of its value
  const quoted: (string | undefined)[] = new Array<string | undefined>(width).fill(undefined);
  let text = '';
  let rows = 0;
  let lastId: string | null = null;
  let at = 0;
  while (at < records.length) {
    for (let cell = 0; cell < width; cell += 1) {
      if (records.charCodeAt(at) === QUOTE) {
        const start = at;
        let value = '';
        let from = at + 1;
        for (;;) {
          const quote = records.indexOf('"', from);
          if (quote === -1) throw new SyntaxError('records_format=csv: unterminated quoted cell');
          value += records.slice(from, quote);
          if (records.charCodeAt(quote + 1) !== QUOTE) {
            at = quote + 1;
            break;
          }
          value += '"';
          from = quote + 2;
        }
        values[cell] = value;
        quoted[cell] = records.slice(start, at);
      } else {
        let end = at;
        for (let code = records.charCodeAt(end); code !== COMMA && code !== NEWLINE && end < records.length; code = records.charCodeAt(++end));
        values[cell] = end === at ? null : records.slice(at, end);
        quoted[cell] = undefined;
        at = end;
      }
      const separator = records.charCodeAt(at);
      const last = cell === width - 1;
      if (last ? separator === COMMA : separator !== COMMA) {
        throw new SyntaxError(`records_format=csv: row ${rows + 1} does not have ${width} cells, one for each field`);
      }
      at += 1;
    }
    rows += 1;
    if (idIndex !== -1) lastId = values[idIndex] ?? null;
    for (let column = 0; column < sources.length; column += 1) {
      const source = sources[column] ?? 0;
      if (column > 0) text += delimiter;
      text += outputCell(values[source] ?? null, quoted[source], kinds[column] ?? PLAIN, delimiter);
    }
    text += '\n';
  }
  return { text, rows, lastId };
}

function kindOf(column: ExtractColumn): number {
  if (column.id === '_id') return PLAIN;
  if (column.type === 'bool') return BOOL;
  return column.type === 'json' || column.type.startsWith('_') ? NESTED : PLAIN;
}

/** The output cell of a COPY cell: what the JSON page's value prints as (see cellText), quoted for the output. */
function outputCell(value: string | null, quoted: string | undefined, kind: number, delimiter: ',' | '\t'): string {
  if (value === null) return '';
  if (kind === BOOL) return value === 't' ? 'true' : value === 'f' ? 'false' : delimitedCell(value, delimiter);
  if (kind === NESTED) return value === 'null' ? '' : delimitedCell(cellText(parseLossless(value)), delimiter);
  if (delimiter === '\t') return delimitedCell(value, '\t');
  // why: a cell COPY left unquoted holds no comma, quote, CR or LF, so csv output needs no quotes either; one it
  // quoted is kept as it is unless its value needs none (the empty string, `\.`)
  if (quoted === undefined || value === '') return value;
  return needsQuotes(value, ',') ? quoted : value;
}
