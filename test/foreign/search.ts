// datastore_search of the foreign implementation, over rows in memory: filters (a value, a list, several fields),
// q (every word, case-insensitive), sort, fields, distinct, limit, offset, total. Written from the API description
// and CKAN's documented behaviour, not from the kit's server; each planted bug is one `bug ===` branch.
import type { ForeignBug } from './bugs.ts';
import type { ForeignField, ForeignRow, ForeignTable, ForeignValue } from './data.ts';

/** A refusal: the status and the implementation's own message. */
export class Refusal extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

export type Params = Record<string, unknown>;

/** The page sizes the implementation applies (its own, not CKAN's 100 and 32000). */
export const PAGE_SIZES = Object.freeze({ rowsDefault: 100, rowsMax: 10_000 });

/** Answers a search of `table` with `params` (GET values arrive as strings); throws Refusal on bad input. */
export function searchTable(table: ForeignTable, params: Params, bug: ForeignBug | undefined): Record<string, unknown> {
  const limit = Math.min(readCount(params['limit'], 'limit') ?? PAGE_SIZES.rowsDefault, PAGE_SIZES.rowsMax);
  const offset = readCount(params['offset'], 'offset') ?? 0;
  const columns = new Map(table.fields.map((f) => [f.id, f]));
  const tests = [...filterTests(readFilters(params['filters']), columns, bug), ...queryTests(params['q'], table.fields, bug)];
  const source = bug === 'offset-before-filters' ? table.rows.slice(offset) : table.rows;
  let rows = source.filter((row) => tests.every((test) => test(row)));
  const sort = readList(params['sort'], 'sort');
  if (sort !== undefined && bug !== 'sort-ignored') rows = sortRows(rows, sort, columns);
  const fields = (readList(params['fields'], 'fields') ?? table.fields.map((f) => f.id)).map((id) => column(columns, id, 'fields'));
  const toRecord = (row: ForeignRow) => Object.fromEntries(fields.map((f) => [f.id, render(row[f.id] ?? null, bug)]));
  const start = bug === 'offset-before-filters' ? 0 : offset;
  const end = start + limit + (bug === 'limit-plus-one' ? 1 : 0);
  // why: only a distinct search needs every matching record rendered (to drop repeats); the others render their page
  const records = readBool(params['distinct']) ? [...new Map(rows.map(toRecord).map((r) => [JSON.stringify(r), r])).values()] : undefined;
  const page = records === undefined ? rows.slice(start, end).map(toRecord) : records.slice(start, end);
  const total = bug === 'total-counts-page' ? page.length : (records ?? rows).length;
  return { resource_id: table.id, fields, records: page, limit, ...(params['offset'] === undefined ? {} : { offset }), total };
}

function column(columns: ReadonlyMap<string, ForeignField>, id: string, param: string): ForeignField {
  const field = columns.get(id);
  if (field === undefined) throw new Refusal(409, `${param}: there is no column "${id}"`);
  return field;
}

function readCount(value: unknown, name: string): number | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  const n = typeof value === 'string' && /^\d+$/.test(value.trim()) ? Number(value) : value;
  if (typeof n !== 'number' || !Number.isInteger(n) || n < 0) throw new Refusal(409, `${name}: expected a whole number of 0 or more`);
  return n;
}

function readBool(value: unknown): boolean {
  return value === true || (typeof value === 'string' && ['true', 'yes', '1', 't'].includes(value.toLowerCase()));
}

/** A list parameter: an array of strings, or one comma-separated string. */
function readList(value: unknown, name: string): string[] | undefined {
  if (value === undefined || value === null) return undefined;
  const items = typeof value === 'string' ? value.split(',') : Array.isArray(value) ? value : undefined;
  if (items === undefined || !items.every((item) => typeof item === 'string')) throw new Refusal(409, `${name}: expected text or a list of text`);
  return items.map((item) => item.trim()).filter((item) => item !== '');
}

function readFilters(value: unknown): Record<string, unknown> {
  if (value === undefined || value === null) return {};
  let parsed = value;
  if (typeof value === 'string') {
    try {
      parsed = JSON.parse(value);
    } catch {
      throw new Refusal(409, 'filters: not valid JSON');
    }
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw new Refusal(409, 'filters: expected an object of column names');
  return Object.fromEntries(Object.entries(parsed));
}

type Test = (row: ForeignRow) => boolean;

function filterTests(filters: Record<string, unknown>, columns: ReadonlyMap<string, ForeignField>, bug: ForeignBug | undefined): Test[] {
  const entries = Object.entries(filters);
  const applied = bug === 'filters-first-field-only' ? entries.slice(0, 1) : entries;
  for (const [id] of entries) column(columns, id, 'filters');
  return applied.map(([id, wanted]) => {
    const field = column(columns, id, 'filters');
    let values = Array.isArray(wanted) ? wanted : [wanted];
    if (values.length === 0) throw new Refusal(409, `filters: the list for "${id}" is empty`);
    if (bug === 'either-or-first-value') values = values.slice(0, 1);
    if (bug === 'either-or-last-value') values = values.slice(-1);
    const accepted = values.map((v) => toCellValue(v, field, bug));
    return (row) => accepted.some((v) => v !== undefined && v === row[id]);
  });
}

/** A filter value as the cell it equals (undefined: equals none); throws Refusal when it cannot be of the type. */
function toCellValue(value: unknown, field: ForeignField, bug: ForeignBug | undefined): ForeignValue | undefined {
  if (value === null) return undefined;
  if (field.type === 'text') return typeof value === 'object' ? JSON.stringify(value) : String(value);
  if (field.type === 'bool') return value === true || value === 'true' ? true : value === false || value === 'false' ? false : refuse(value, field);
  if (field.type === 'timestamp') return typeof value === 'string' ? value.replace(' ', 'T') : refuse(value, field);
  if (typeof value === 'number') return value;
  if (typeof value === 'string' && /^\s*-?\d+(\.\d+)?\s*$/.test(value)) return bug === 'numeric-string-filter' ? undefined : Number(value);
  return refuse(value, field);
}

function refuse(value: unknown, field: ForeignField): never {
  throw new Refusal(409, `filters: ${JSON.stringify(value)} is not a ${field.type} value for "${field.id}"`);
}

/** Lower-case words (letters and digits) of a text. */
function wordsIn(text: string): string[] {
  return text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
}

/** The words of each row's columns, by the columns' names: rows never change, and q reads them on every search. */
const rowWords = new WeakMap<ForeignRow, Map<string, Set<string>>>();

function wordsOfRow(row: ForeignRow, columns: readonly string[]): Set<string> {
  const key = columns.join(',');
  const byColumns = rowWords.get(row) ?? new Map<string, Set<string>>();
  rowWords.set(row, byColumns);
  const cached = byColumns.get(key);
  if (cached !== undefined) return cached;
  const words = new Set(wordsIn(columns.map((c) => (row[c] === null ? '' : String(row[c]))).join(' ')));
  byColumns.set(key, words);
  return words;
}

function queryTests(q: unknown, fields: readonly ForeignField[], bug: ForeignBug | undefined): Test[] {
  if (q === undefined || q === null || q === '') return [];
  const parsed = typeof q === 'string' && q.trim().startsWith('{') ? safeJson(q) : q;
  const byColumn = typeof parsed === 'object' && parsed !== null ? Object.entries(parsed) : [['', String(parsed)]];
  const users = fields.filter((f) => f.id !== '_id').map((f) => f.id);
  return byColumn.map(([id, text]) => {
    if (id !== '' && !users.includes(id)) throw new Refusal(409, `q: there is no column "${id}"`);
    if (typeof text !== 'string') throw new Refusal(409, `q: the text for "${id}" must be a string`);
    let words = wordsIn(text);
    if (bug === 'q-first-word') words = words.slice(0, 1);
    const of = id === '' ? users : [id];
    return (row) => {
      const have = wordsOfRow(row, of);
      return words.length > 0 && (bug === 'q-any-word' ? words.some((w) => have.has(w)) : words.every((w) => have.has(w)));
    };
  });
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function sortRows(rows: ForeignRow[], clauses: readonly string[], columns: ReadonlyMap<string, ForeignField>): ForeignRow[] {
  const keys = clauses.map((clause) => {
    const match = /^"?([^"]+?)"?(?:\s+(asc|desc))?(?:\s+nulls\s+(first|last))?$/i.exec(clause);
    if (match?.[1] === undefined || !columns.has(match[1])) throw new Refusal(409, `sort: cannot sort by "${clause}"`);
    const desc = match[2]?.toLowerCase() === 'desc';
    return { id: match[1], sign: desc ? -1 : 1, nullsFirst: match[3] === undefined ? desc : match[3].toLowerCase() === 'first' };
  });
  return [...rows].sort((a, b) => {
    for (const { id, sign, nullsFirst } of keys) {
      const [x, y] = [a[id] ?? null, b[id] ?? null];
      if (x === y) continue;
      if (x === null || y === null) return (x === null) === nullsFirst ? -1 : 1;
      return sign * (x < y ? -1 : 1);
    }
    return 0;
  });
}

function render(value: ForeignValue, bug: ForeignBug | undefined): ForeignValue {
  if (bug === 'bool-as-string' && typeof value === 'boolean') return String(value);
  if (bug === 'non-ascii-mangled' && typeof value === 'string') return value.replace(/[^\x20-\x7e]/g, '?');
  return value;
}
