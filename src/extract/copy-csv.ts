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
const CellKind = { plain: 0, bool: 1, nested: 2 } as const;
type CellKind = (typeof CellKind)[keyof typeof CellKind];

const QUOTE = 0x22;
const COMMA = 0x2c;
const NEWLINE = 0x0a;
const RETURN = 0x0d;

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
  // why: csv output of the fields in their own order is the records text with a few cells rewritten (booleans,
  // json, some quoted cells): the text between them is copied in one piece, no cell by cell
  const inPlace = delimiter === ',' && sources.length === width && sources.every((source, index) => source === index);
  const bounds: CellBounds = { starts: new Array<number>(width).fill(0), ends: new Array<number>(width).fill(0), asIs: new Array<boolean>(width).fill(true) };
  let text = '';
  let copiedTo = 0;
  let rows = 0;
  let at = 0;
  while (at < records.length) {
    at = scanRow(records, at, bounds, rows + 1);
    rows += 1;
    for (let column = 0; column < sources.length; column += 1) {
      const source = sources[column] ?? 0;
      const start = bounds.starts[source] ?? 0;
      const end = bounds.ends[source] ?? 0;
      const kind = kinds[column] ?? CellKind.plain;
      const asIs = bounds.asIs[source] === true;
      if (!inPlace) {
        text += (column > 0 ? delimiter : '') + outputCell(records, { start, end, asIs }, kind, delimiter);
      } else if (kind !== CellKind.plain || !asIs) {
        // why: a plain cell as COPY writes it unquoted is written as it is; the others only when their output differs
        const cell = outputCell(records, { start, end, asIs }, kind, ',');
        if (cell.length !== end - start || !records.startsWith(cell, start)) {
          text += records.slice(copiedTo, start) + cell;
          copiedTo = end;
        }
      }
    }
    if (!inPlace) text += '\n';
  }
  if (inPlace) {
    text += records.slice(copiedTo);
    if (rows > 0 && !text.endsWith('\n')) text += '\n';
  }
  const lastId = rows === 0 || idIndex === -1 ? null : cellValue(records, bounds.starts[idIndex] ?? 0, bounds.ends[idIndex] ?? 0);
  return { text, rows, lastId };
}

/**
 * Where each cell of a row starts and ends in the text (quotes included), and whether it is unquoted with no quote
 * or CR: as COPY writes an unquoted cell, which csv output then needs to quote no more than COPY did.
 */
interface CellBounds {
  starts: number[];
  ends: number[];
  asIs: boolean[];
}

/** The rows of COPY csv text: its line ends outside quoted cells (a quoted cell may hold line ends). */
export function countCopyRows(records: string): number {
  let rows = 0;
  let quoted = false;
  for (let at = 0; at < records.length; at += 1) {
    const code = records.charCodeAt(at);
    // why: a doubled quote inside a quoted cell turns the state twice, so it stays inside
    if (code === QUOTE) quoted = !quoted;
    else if (code === NEWLINE && !quoted) rows += 1;
  }
  return rows;
}

/** Finds the cells of the row at `at`; returns where the next row starts. */
function scanRow(records: string, at: number, bounds: CellBounds, row: number): number {
  const width = bounds.starts.length;
  let next = at;
  for (let cell = 0; cell < width; cell += 1) {
    bounds.starts[cell] = next;
    let asIs = true;
    if (records.charCodeAt(next) === QUOTE) {
      asIs = false;
      let quote = records.indexOf('"', next + 1);
      // why: a doubled quote is a quote inside the cell
      while (quote !== -1 && records.charCodeAt(quote + 1) === QUOTE) quote = records.indexOf('"', quote + 2);
      if (quote === -1) throw new SyntaxError('records_format=csv: unterminated quoted cell');
      next = quote + 1;
    } else {
      // why: COPY quotes a cell with a quote or CR; another server may not, and then csv output must
      for (let code = records.charCodeAt(next); code !== COMMA && code !== NEWLINE && next < records.length; code = records.charCodeAt(++next)) {
        if (code === QUOTE || code === RETURN) asIs = false;
      }
    }
    bounds.ends[cell] = next;
    bounds.asIs[cell] = asIs;
    const separator = records.charCodeAt(next);
    if (cell === width - 1 ? separator === COMMA : separator !== COMMA) {
      throw new SyntaxError(`records_format=csv: row ${row} does not have ${width} cells, one for each field`);
    }
    next += 1;
  }
  return next;
}

/** The value of the cell between `start` and `end`: NULL for an unquoted empty cell, a quoted one unquoted. */
function cellValue(records: string, start: number, end: number): string | null {
  if (start === end) return null;
  if (records.charCodeAt(start) !== QUOTE) return records.slice(start, end);
  return records.slice(start + 1, end - 1).replaceAll('""', '"');
}

function kindOf(column: ExtractColumn): CellKind {
  if (column.id === '_id') return CellKind.plain;
  if (column.type === 'bool') return CellKind.bool;
  return column.type === 'json' || column.type.startsWith('_') ? CellKind.nested : CellKind.plain;
}

/** The output cell of a COPY cell: what the JSON page's value prints as (see cellText), quoted for the output. */
function outputCell(records: string, cell: { start: number; end: number; asIs: boolean }, kind: CellKind, delimiter: ',' | '\t'): string {
  const value = cellValue(records, cell.start, cell.end);
  if (value === null) return '';
  if (kind === CellKind.bool) return value === 't' ? 'true' : value === 'f' ? 'false' : delimitedCell(value, delimiter);
  if (kind === CellKind.nested) return value === 'null' ? '' : delimitedCell(cellText(parseLossless(value)), delimiter);
  if (delimiter === '\t') return delimitedCell(value, '\t');
  // why: a cell as COPY writes it unquoted holds no comma, quote, CR or LF, so csv output needs no quotes either;
  // one COPY quoted is kept as it is unless its value needs none (the empty string, `\.`)
  if (cell.asIs || value === '') return value;
  if (records.charCodeAt(cell.start) !== QUOTE) return delimitedCell(value, ',');
  return needsQuotes(value, ',') ? records.slice(cell.start, cell.end) : value;
}
