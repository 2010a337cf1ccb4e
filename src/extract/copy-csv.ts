// Rewrites the `records` of a `records_format=csv` page (PostgreSQL's `COPY ... TO STDOUT csv`, as CKAN returns it)
// straight into the lines of a csv/tsv output, with each cell what a JSON page's value would have printed, so the
// output is the same byte for byte whichever way it was fetched. No value objects are made: most cells are copied
// as they are, which is what makes csv records the fast way to extract to CSV.
import { columnKindOf } from './column-kinds.ts';
import { cellText, delimitedCell, needsQuotes } from './encode.ts';
import { parseLossless } from './lossless-json.ts';
import type { ExtractColumn } from './types.ts';
import { createTextFitter } from './text-fit.ts';
import { createValueFitter, Misfit, rowLabel, showValue, ValueMisfitError } from './value-fit.ts';

/** A page of records_format=csv records rewritten for the output. */
export interface CopyCsvPage {
  /** The output lines, each ending in "\n". */
  text: string;
  rows: number;
  /** The `_id` cell of the last row, when `_id` is among the fields. */
  lastId: string | null;
}

/**
 * How a column's cell is rewritten: text as it is; any other type checked against its column's type and written in
 * its one form (value-fit.ts: `t` is `true`, a timestamp's `2020-01-01 08:00:00+00` is `2020-01-01T08:00:00+00:00`);
 * json and arrays read as JSON first (CKAN prints a NULL one as `null`).
 */
interface CellRule {
  fit?: (value: string) => string;
  /** Whether the unquoted text between start and end already is what `fit` gives (then it is copied as it is). */
  isFit?: (text: string, start: number, end: number) => boolean;
  nested: boolean;
}

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
  const layout = layoutOf(fields, columns, delimiter);
  const output: Output = { text: '', copiedTo: 0 };
  let rows = 0;
  let at = 0;
  while (at < records.length) {
    at = scanRow(records, at, layout.bounds, rows + 1);
    rows += 1;
    try {
      writeRow(records, layout, output);
    } catch (error) {
      throw misfitAt(error, records, layout, rows);
    }
  }
  let text = output.text;
  if (layout.inPlace) {
    text += records.slice(output.copiedTo);
    if (rows > 0 && !text.endsWith('\n')) text += '\n';
  }
  const { bounds, idIndex } = layout;
  const lastId = rows === 0 || idIndex === -1 ? null : cellValue(records, bounds.starts[idIndex] ?? 0, bounds.ends[idIndex] ?? 0);
  return { text, rows, lastId };
}

/** Which field each output column comes from, how its cells are rewritten, and where the row being read stands. */
interface Layout {
  columns: readonly ExtractColumn[];
  sources: number[];
  rules: CellRule[];
  idIndex: number;
  delimiter: ',' | '\t';
  /** csv output of the fields in their own order: the records text with a few cells rewritten. */
  inPlace: boolean;
  bounds: CellBounds;
  /** The output column being written (to name it when its value does not fit). */
  column: number;
}

function layoutOf(fields: readonly ExtractColumn[], columns: readonly ExtractColumn[], delimiter: ',' | '\t'): Layout {
  const width = fields.length;
  const sources = columns.map((column) => {
    const index = fields.findIndex((field) => field.id === column.id);
    if (index === -1) throw new Error(`transcodeCopyCsv: ${column.id} is not among the fields`);
    return index;
  });
  // why: csv output of the fields in their own order is the records text with a few cells rewritten (booleans,
  // json, some quoted cells): the text between them is copied in one piece, no cell by cell
  const inPlace = delimiter === ',' && sources.length === width && sources.every((source, index) => source === index);
  const bounds: CellBounds = { starts: new Array<number>(width).fill(0), ends: new Array<number>(width).fill(0), asIs: new Array<boolean>(width).fill(true) };
  return { columns, sources, rules: columns.map(ruleOf), idIndex: fields.findIndex((field) => field.id === '_id'), delimiter, inPlace, bounds, column: 0 };
}

/** The output so far: its text, and (in place) how far the records text is copied into it. */
interface Output {
  text: string;
  copiedTo: number;
}

/** Writes the row just scanned into `output`. Throws Misfit (layout.column names the column) for a value that does not fit. */
function writeRow(records: string, layout: Layout, output: Output): void {
  const { sources, rules, bounds, inPlace, delimiter } = layout;
  for (let column = 0; column < sources.length; column += 1) {
    layout.column = column;
    const source = sources[column] ?? 0;
    const cell = { start: bounds.starts[source] ?? 0, end: bounds.ends[source] ?? 0, asIs: bounds.asIs[source] === true };
    const rule = rules[column] ?? PLAIN;
    if (!inPlace) {
      output.text += (column > 0 ? delimiter : '') + outputCell(records, cell, rule, delimiter);
    } else if (rule.fit !== undefined || !cell.asIs) {
      // why: a cell COPY wrote unquoted whose text is already its one form stays as it is, no quoting to check
      if (cell.asIs && cell.end > cell.start && rule.isFit?.(records, cell.start, cell.end) === true) continue;
      // why: a plain cell as COPY writes it unquoted is written as it is; the others only when their output differs
      const text = outputCell(records, cell, rule, ',');
      if (text.length !== cell.end - cell.start || !records.startsWith(text, cell.start)) {
        output.text += records.slice(output.copiedTo, cell.start) + text;
        output.copiedTo = cell.end;
      }
    }
  }
  if (!inPlace) output.text += '\n';
}

/** A Misfit of the row just scanned as a ValueMisfitError naming its column, its `_id` and the value. */
function misfitAt(error: unknown, records: string, layout: Layout, row: number): unknown {
  const column = layout.columns[layout.column];
  if (!(error instanceof Misfit) || column === undefined) return error;
  const { bounds, idIndex, sources } = layout;
  const id = idIndex === -1 ? null : cellValue(records, bounds.starts[idIndex] ?? 0, bounds.ends[idIndex] ?? 0);
  const source = sources[layout.column] ?? 0;
  const value = cellValue(records, bounds.starts[source] ?? 0, bounds.ends[source] ?? 0);
  return new ValueMisfitError(column, rowLabel(id ?? undefined, row), showValue(value), error.message);
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

const PLAIN: CellRule = { nested: false };

function ruleOf(column: ExtractColumn): CellRule {
  const kind = columnKindOf(column.type).kind;
  if (kind === 'text') return PLAIN;
  if (kind === 'json' || kind === 'array') {
    const fitValue = createValueFitter(column.type);
    return { nested: true, fit: (value) => cellText(fitValue(parseLossless(value))) };
  }
  const fitter = createTextFitter(column.type);
  return fitter.isFit === undefined ? { nested: false, fit: fitter.fit } : { nested: false, fit: fitter.fit, isFit: fitter.isFit };
}

/** The output cell of a COPY cell: what the JSON page's value prints as (see cellText), quoted for the output. */
function outputCell(records: string, cell: { start: number; end: number; asIs: boolean }, rule: CellRule, delimiter: ',' | '\t'): string {
  const value = cellValue(records, cell.start, cell.end);
  if (value === null) return '';
  if (rule.nested && value === 'null') return '';
  if (rule.fit !== undefined) return delimitedCell(rule.fit(value), delimiter);
  if (delimiter === '\t') return delimitedCell(value, '\t');
  // why: a cell as COPY writes it unquoted holds no comma, quote, CR or LF, so csv output needs no quotes either;
  // one COPY quoted is kept as it is unless its value needs none (the empty string, `\.`)
  if (cell.asIs || value === '') return value;
  if (records.charCodeAt(cell.start) !== QUOTE) return delimitedCell(value, ',');
  return needsQuotes(value, ',') ? records.slice(cell.start, cell.end) : value;
}
