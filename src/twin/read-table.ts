// Reads one table of the target, page by page, as datastore_search serves it (numbers kept as their digits), and
// hands each page to the mirror's writer: memory holds a page, and one `_id` per row to prove them unique. Every
// page is read again by the second path the target has (sql-path.ts), and what disagrees is a finding.
import { ActionCallError, callAction, JsonNumber, type LosslessValue } from '../extract/index.ts';
import type { HttpClient } from '../http/index.ts';
import { readServedField, type ServedField } from './field-types.ts';
import { checkPageBySql, type SqlCheck } from './sql-path.ts';
import type { GuardFinding, MirrorRow, TableRead, TableToMirror, TwinTarget } from './types.ts';

/** How a table is read. */
export interface ReadOptions {
  /** Rows asked per page (the target may give fewer: its rows_max). */
  pageSize: number;
  /** A table with more rows is not mirrored. */
  maxRows: number;
  /** Takes each page's rows, in order (the mirror's writer). */
  onRows: (rows: MirrorRow[], read: TableRead) => Promise<void>;
  /**
   * Why a table with this real id (its echoed `resource_id`) is not read page by page, if it is not: another name of
   * a table read already (an alias), or an id the mirror cannot take.
   */
  skip?: (resourceId: string) => string | undefined;
}

type Records = Array<Record<string, LosslessValue>>;

interface ReadState {
  read: TableRead;
  seen: Set<number>;
  lastId: number | undefined;
  /** Every page so far was in rising `_id` order: each can be read again as one `_id` range. */
  rising: boolean;
  sql: SqlCheck | undefined;
}

const isRecord = (value: LosslessValue): value is Record<string, LosslessValue> =>
  value !== null && typeof value === 'object' && !Array.isArray(value) && !(value instanceof JsonNumber);

function search(client: HttpClient, target: TwinTarget, params: Record<string, unknown>) {
  return callAction(client, { baseUrl: target.url, ...(target.token === undefined ? {} : { token: target.token }) }, 'datastore_search', params);
}

/** Reads `table` from `target`; a refusal, an untrusted read or a finding is in the outcome, never thrown. */
export async function readTable(client: HttpClient, target: TwinTarget, table: TableToMirror, options: ReadOptions): Promise<TableRead> {
  const read: TableRead = { table, resourceId: table.id, fields: [], rows: 0, total: undefined, hasIds: false, findings: [], paths: [], notes: [] };
  let head: Record<string, LosslessValue>;
  try {
    head = await search(client, target, { resource_id: table.id, limit: 0 });
  } catch (error) {
    if (!(error instanceof ActionCallError)) throw error;
    return { ...read, refused: `the target refused to read it: ${error.message}` };
  }
  if (typeof head['resource_id'] === 'string') read.resourceId = head['resource_id'];
  const skipped = options.skip?.(read.resourceId);
  if (skipped !== undefined) return { ...read, refused: skipped };
  read.total = head['total'] instanceof JsonNumber ? Number(head['total'].text) : undefined;
  read.fields = Array.isArray(head['fields']) ? head['fields'].map(readServedField).filter((f): f is ServedField => f !== undefined) : [];
  read.hasIds = read.fields.some((f) => f.id === '_id');
  read.fields = read.fields.filter((f) => f.id !== '_id');
  if (read.total !== undefined && read.total > options.maxRows)
    return { ...read, refused: `${read.total} rows, more than --max-rows ${options.maxRows}: not mirrored (raise --max-rows to mirror it)` };
  const state: ReadState = { read, seen: new Set(), lastId: undefined, rising: true, sql: target.capabilities.has('sql') ? { failed: false } : undefined };
  try {
    await readPages(client, target, state, options);
  } catch (error) {
    if (!(error instanceof ActionCallError)) throw error;
    return { ...read, untrusted: `reading it page by page failed: ${error.message}` };
  }
  settleCount(state);
  return state.read;
}

async function readPages(client: HttpClient, target: TwinTarget, state: ReadState, options: ReadOptions): Promise<void> {
  const { read } = state;
  const paging = target.capabilities.has('offset');
  const sort = target.capabilities.has('sort') && read.hasIds ? { sort: '_id asc' } : {};
  let pageSize = paging ? options.pageSize : options.maxRows + 1;
  let pages = 0;
  for (;;) {
    const asked = { resource_id: read.table.id, limit: pageSize, ...(read.rows > 0 ? { offset: read.rows } : {}), ...sort };
    const result = await search(client, target, asked);
    const records = Array.isArray(result['records']) ? result['records'].filter(isRecord) : undefined;
    if (records === undefined) throw new ActionCallError(`page ${pages + 1} has no list of records`, 200, undefined);
    if (pages === 0 && read.fields.length === 0) read.fields = fieldsOfRecords(records, read);
    if (records.length > pageSize) finding(read, 'api.md#4.1/limit', `datastore_search with limit ${pageSize} answered ${records.length} records`);
    const rows = toRows(records, state);
    if (state.read.untrusted !== undefined) return;
    if (state.sql !== undefined && state.rising && read.hasIds)
      await checkPageBySql(client, target, state.sql, { read, rows, last: records.length < pageSize });
    await options.onRows(rows, read);
    read.rows += records.length;
    pages += 1;
    if (read.rows > options.maxRows) {
      read.refused = `more than --max-rows ${options.maxRows} rows (its total said ${String(read.total)}): not mirrored`;
      return;
    }
    if (records.length === 0 || !paging) break;
    if (records.length < pageSize) {
      // why: a short page ends the table unless the total says more follow: then the target caps pages lower
      if (read.total === undefined || read.rows >= read.total) break;
      pageSize = records.length;
    }
  }
  read.paths.push(`${pages} page(s) of datastore_search${paging ? ' by offset' : ''}${'sort' in sort ? ' sorted by _id' : ''}`);
  if (state.sql !== undefined && !state.sql.failed && state.rising && read.hasIds)
    read.paths.push('every row read again by datastore_search_sql, by _id range');
}

/** The fields of records when the answer lists none: their keys in the order met. */
function fieldsOfRecords(records: Records, read: TableRead): ServedField[] {
  const ids = new Set<string>();
  for (const record of records) for (const key of Object.keys(record)) ids.add(key);
  read.hasIds = ids.has('_id');
  read.notes.push('its answers list no result.fields: the columns are the keys of its records, their types told from the values');
  return [...ids].filter((id) => id !== '_id').map((id) => ({ id, type: undefined }));
}

function toRows(records: Records, state: ReadState): MirrorRow[] {
  const { read } = state;
  return records.map((record) => {
    const values = read.fields.map((field) => record[field.id] ?? null);
    const id = read.hasIds ? readId(record['_id'], state) : undefined;
    return { id, values, expected: values };
  });
}

function readId(value: LosslessValue | undefined, state: ReadState): number | undefined {
  const id = value instanceof JsonNumber && /^[1-9]\d{0,9}$/.test(value.text) ? Number(value.text) : Number.NaN;
  if (!(id <= 2147483647)) {
    state.read.untrusted ??= `a record has _id ${JSON.stringify(value ?? null)}, not a positive integer: its rows cannot be told apart`;
    return undefined;
  }
  if (state.seen.has(id)) state.read.untrusted ??= `_id ${id} came twice while paging: its offset pages overlap, so the rows read are not the table`;
  state.seen.add(id);
  if (state.lastId !== undefined && id <= state.lastId) state.rising = false;
  state.lastId = id;
  return id;
}

/** Whether the rows read are the whole table: the total or the SQL path must say so where the target has them. */
function settleCount(state: ReadState): void {
  const { read } = state;
  if (read.untrusted !== undefined || read.refused !== undefined || read.total === undefined || read.total === read.rows) return;
  // why: rows with unique ids cannot be made up, so more rows than the total means the total is wrong; fewer may
  // mean pages that skipped rows, which only a second read of every row rules out
  const confirmed =
    (read.hasIds && read.rows > read.total) || (state.sql !== undefined && !state.sql.failed && state.rising && read.hasIds && !state.sql.rowsDiffer);
  if (!confirmed) {
    read.untrusted = `its pages gave ${read.rows} rows but its total says ${read.total}, and no second path settles which is right`;
    return;
  }
  finding(read, 'ckan-datastore.md#3.10', `total says ${read.total} but its pages hold ${read.rows} rows, each _id once`);
}

/** Records a finding of the read (one per clause and message). */
export function finding(read: TableRead, clause: string, message: string): void {
  const found: GuardFinding = { table: read.table.name, clause, message };
  if (!read.findings.some((f) => f.clause === clause && f.message === message)) read.findings.push(found);
}
