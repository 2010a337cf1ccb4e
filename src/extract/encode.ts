// Turns rows into the text of the output formats: csv/tsv (RFC 4180 quoting, header from fields), jsonl, json.
import { JsonNumber, stringifyLossless, type LosslessValue } from './lossless-json.ts';
import type { ExtractColumn } from './types.ts';

export interface Encoder {
  /** Text before the first row (csv header, json "["). */
  head(columns: readonly ExtractColumn[]): string;
  /** Text of a page of rows; `first` says whether any row was written before. */
  rows(columns: readonly ExtractColumn[], rows: readonly LosslessValue[][], first: boolean): string;
  /** Text after the last row. */
  tail(): string;
}

/** JSON Lines: one record per line. */
export function createJsonLinesEncoder(): Encoder {
  return {
    head: () => '',
    rows: (columns, rows) => rows.map((row) => `${stringifyLossless(toObject(columns, row))}\n`).join(''),
    tail: () => '',
  };
}

/** One JSON array of records. */
export function createJsonArrayEncoder(): Encoder {
  return {
    head: () => '[',
    rows: (columns, rows, first) => rows.map((row, index) => `${first && index === 0 ? '\n' : ',\n'}${stringifyLossless(toObject(columns, row))}`).join(''),
    tail: () => '\n]\n',
  };
}

/** csv (`,`) or tsv (tab): a header row from the fields, RFC 4180 quoting, LF line ends. */
export function createDelimitedEncoder(delimiter: ',' | '\t'): Encoder {
  const line = (cells: readonly string[]): string => {
    let out = '';
    for (let index = 0; index < cells.length; index += 1) out += (index === 0 ? '' : delimiter) + delimitedCell(cells[index] ?? '', delimiter);
    return `${out}\n`;
  };
  return {
    head: (columns) => line(columns.map((c) => c.id)),
    rows: (_columns, rows) => {
      let out = '';
      for (const row of rows) out += line(row.map(cellText));
      return out;
    },
    tail: () => '',
  };
}

// why: RFC 4180 quoting, as csv-stringify wrote it before: quote a cell holding the delimiter, a quote, CR or LF
const CSV_SPECIALS = /[",\n\r]/;
const TSV_SPECIALS = /["\t\n\r]/;

/** Whether a csv (`,`) or tsv (tab) cell must be quoted: it holds the delimiter, a quote, CR or LF. */
export function needsQuotes(text: string, delimiter: ',' | '\t'): boolean {
  return (delimiter === ',' ? CSV_SPECIALS : TSV_SPECIALS).test(text);
}

/** A csv or tsv cell, quoted when it must be. */
export function delimitedCell(text: string, delimiter: ',' | '\t'): string {
  return needsQuotes(text, delimiter) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** A cell as the API returned the value: numbers as their exact text, nested JSON as JSON text, null empty. */
export function cellText(value: LosslessValue): string {
  if (value === null) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (value instanceof JsonNumber) return value.text;
  return stringifyLossless(value);
}

function toObject(columns: readonly ExtractColumn[], row: readonly LosslessValue[]): { [key: string]: LosslessValue } {
  const record: { [key: string]: LosslessValue } = {};
  columns.forEach((column, index) => {
    Object.defineProperty(record, column.id, { value: row[index] ?? null, enumerable: true, writable: true, configurable: true });
  });
  return record;
}
