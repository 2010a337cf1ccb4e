// The four dump writers of CKAN's ckanext/datastore/writer.py, as text: a header written with the first page,
// the pages, and an ending. CSV and TSV pages are datastore_search's csv/tsv records (PostgreSQL's COPY text)
// copied as they are; JSON and XML pages are its lists/objects records, which CKAN decodes (numbers become
// Python ints and floats) and writes again.
import type { PyValue } from '../python/index.ts';
import { pyJsonDumpsValue } from '../python/index.ts';
import type { DumpFormat } from './params.ts';
import { renderXmlRow, xmlElementNames } from './xml.ts';

/** A datastore field as the search result lists it. */
export interface DumpField {
  id: string;
  type: string;
  info?: Record<string, unknown>;
}

/** One dump's writer: `header` goes out with the first page (CKAN flushes its buffer only when writing records). */
export interface DumpWriter {
  header: string;
  /** Renders one page: a csv/tsv text, or the decoded records (lists for json, objects for xml). */
  page(records: string | readonly PyValue[]): string;
  end: string;
}

const BOM = '\ufeff';

/** `bom`: a UTF-8 BOM first; `xmlSafeNames`: element names made safe (2.12); `xmlNamespace`: the root declares `xsi`. */
export interface DumpWriterOptions {
  bom: boolean;
  xmlSafeNames: boolean;
  xmlNamespace: boolean;
}

/** The writer of a format over the result's fields. */
export function createDumpWriter(format: DumpFormat, fields: readonly DumpField[], options: DumpWriterOptions): DumpWriter {
  const bom = options.bom ? BOM : '';
  if (format === 'csv' || format === 'tsv') {
    const delimiter = format === 'csv' ? ',' : '\t';
    const header = `${bom}${fields.map((field) => quoteHeaderCell(field.id, delimiter)).join(delimiter)}\r\n`;
    return { header, page: (records) => (typeof records === 'string' ? records : ''), end: '' };
  }
  if (format === 'json') return createJsonWriter(fields, bom);
  const ids = fields.map((field) => field.id);
  const idColumn = ids[0] === '_id';
  const columns = idColumn ? ids.slice(1) : ids;
  const names = options.xmlSafeNames ? xmlElementNames(columns) : new Map(columns.map((column) => [column, column]));
  return {
    header: `${bom}<data${options.xmlNamespace ? ' xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"' : ''}>\n`,
    page: (records) => (typeof records === 'string' ? '' : records.map((row) => `${renderXmlRow(row, { idColumn, columns, names })}\n`).join('')),
    end: '</data>\n',
  };
}

function createJsonWriter(fields: readonly DumpField[], bom: string): DumpWriter {
  let first = true;
  return {
    header: `${bom}{\n  "fields": ${JSON.stringify(fields)},\n  "records": [`,
    page(records) {
      if (typeof records === 'string') return '';
      let text = '';
      for (const row of records) {
        text += `${first ? '\n    ' : ',\n    '}${pyJsonDumpsValue(row, { compact: true, ensureAscii: false })}`;
        first = false;
      }
      return text;
    },
    end: '\n]}\n',
  };
}

/** Python's csv writer (QUOTE_MINIMAL): quoted when holding the delimiter, a quote, CR or LF. */
function quoteHeaderCell(text: string, delimiter: string): string {
  if (!text.includes(delimiter) && !/["\r\n]/.test(text)) return text;
  return `"${text.replaceAll('"', '""')}"`;
}
