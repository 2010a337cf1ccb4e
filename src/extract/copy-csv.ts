// Reads the `records` of a `records_format=csv` page (PostgreSQL's `COPY ... TO STDOUT csv`, as CKAN returns it) into
// the values a JSON page would have given, so a CSV output is the same byte for byte whichever way it was fetched.
import { JsonNumber, parseLossless, type LosslessValue } from './lossless-json.ts';
import type { ExtractColumn } from './types.ts';

/**
 * Splits COPY CSV text into rows of cells: an unquoted empty cell is NULL, a quoted one the empty string.
 * Throws SyntaxError on an unterminated quote.
 */
export function parseCopyCsv(text: string): (string | null)[][] {
  const rows: (string | null)[][] = [];
  let row: (string | null)[] = [];
  let at = 0;
  while (at < text.length) {
    let cell: string | null;
    if (text.charCodeAt(at) === 34) {
      let value = '';
      let from = at + 1;
      for (;;) {
        const quote = text.indexOf('"', from);
        if (quote === -1) throw new SyntaxError('records_format=csv: unterminated quoted cell');
        value += text.slice(from, quote);
        if (text.charCodeAt(quote + 1) !== 34) {
          at = quote + 1;
          break;
        }
        value += '"';
        from = quote + 2;
      }
      cell = value;
    } else {
      let end = at;
      while (end < text.length && text.charCodeAt(end) !== 44 && text.charCodeAt(end) !== 10) end += 1;
      cell = end === at ? null : text.slice(at, end);
      at = end;
    }
    row.push(cell);
    const separator = text.charCodeAt(at);
    at += 1;
    if (separator !== 44) {
      rows.push(row);
      row = [];
    }
  }
  return rows;
}

/**
 * One COPY cell as the JSON page gives it, for CSV output: booleans from t/f, json and array columns parsed
 * (`null` is their NULL, a CKAN quirk), `_id` as a number; every other value keeps its text, which is what a
 * CSV cell of the JSON value would hold too (numbers, dates and ISO timestamps print alike in both formats).
 */
export function copyCellValue(cell: string | null, column: ExtractColumn): LosslessValue {
  if (cell === null) return null;
  if (column.id === '_id') return new JsonNumber(cell);
  if (column.type === 'bool') return cell === 't' ? true : cell === 'f' ? false : cell;
  if (column.type === 'json' || column.type.startsWith('_')) return cell === 'null' ? null : parseLossless(cell);
  return cell;
}
