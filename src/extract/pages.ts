// Fetches one page of rows with the planned paging method and says where the next page starts.
import type { HttpClient } from '../http/index.ts';
import { ActionCallError, callAction } from './api.ts';
import { copyCellValue, parseCopyCsv } from './copy-csv.ts';
import { isLosslessObject, JsonNumber, type LosslessValue } from './lossless-json.ts';
import type { ExtractPlan } from './plan.ts';
import { buildKeysetSql, buildOffsetSql, buildResourcePageSql } from './sql-text.ts';
import { PagingMethod, type Cursor, type ExtractSpec } from './types.ts';
import { setOwnMember } from '../util/json.ts';

export interface Page {
  /** Values in the plan's column order. */
  rows: LosslessValue[][];
  next: Cursor;
  /** No page follows. */
  done: boolean;
  /** Rows per page the server actually allows (its rows_max may be lower than asked). */
  pageSize: number;
}

/** Reads the page that starts at `cursor` (and, for sql-keyset paging, ends at `_id` `upToId` when given). */
export async function fetchPage(
  client: HttpClient,
  spec: ExtractSpec,
  plan: ExtractPlan,
  cursor: Cursor,
  pageSize: number,
  upToId: string | null = null,
): Promise<Page> {
  const { records, pageSize: allowed, more } = await fetchRecords(client, spec, plan, { cursor, pageSize, upToId });
  const rows = records.map((record) => plan.columns.map((column) => record[column.id] ?? null));
  const last = records.at(-1);
  const lastId = last === undefined ? cursor.lastId : idText(last['_id'], plan);
  return {
    rows,
    next: { lastId, offset: cursor.offset + records.length },
    done: records.length === 0 || (!more && records.length < allowed),
    pageSize: allowed,
  };
}

type RecordObject = { [key: string]: LosslessValue };

interface PageAsk {
  cursor: Cursor;
  pageSize: number;
  upToId: string | null;
}

async function fetchRecords(
  client: HttpClient,
  spec: ExtractSpec,
  plan: ExtractPlan,
  ask: PageAsk,
): Promise<{ records: RecordObject[]; pageSize: number; more: boolean }> {
  const { cursor, pageSize } = ask;
  if (plan.method === PagingMethod.sqlKeyset || plan.method === PagingMethod.sqlOffset) {
    const sql = sqlFor(spec, plan, ask);
    const result = await callAction(client, spec.target, 'datastore_search_sql', { sql });
    const records = readRecords(result['records']);
    // why: records_truncated means the server capped the page at its rows_max; keep going with that size
    const truncated = result['records_truncated'] === true;
    return { records, pageSize: truncated ? records.length : pageSize, more: truncated };
  }
  const fields = ['_id', ...plan.columns.map((c) => c.id).filter((id) => id !== '_id')];
  const keyset = plan.method === PagingMethod.nextPage && cursor.lastId !== null;
  const filters = keyset ? { ...spec.filters, _id: { gt: new JsonNumber(cursor.lastId ?? '0') } } : spec.filters;
  const result = await callAction(client, spec.target, 'datastore_search', {
    resource_id: plan.resourceId,
    limit: pageSize,
    sort: '_id',
    fields,
    include_total: false,
    ...(filters === undefined ? {} : { filters }),
    ...(spec.q === undefined ? {} : { q: spec.q }),
    ...(plan.method === PagingMethod.offset ? { offset: cursor.offset } : { include_next_page: true }),
    ...(plan.recordsFormat === 'csv' ? { records_format: 'csv' } : {}),
  });
  const limit = result['limit'];
  const allowed = limit instanceof JsonNumber && Number(limit.text) > 0 ? Math.min(pageSize, Number(limit.text)) : pageSize;
  const records = plan.recordsFormat === 'csv' ? readCsvRecords(result['records'], fields, plan) : readRecords(result['records']);
  return { records, pageSize: allowed, more: false };
}

/** A records_format=csv page as record objects (see copy-csv.ts), cells in `fields` order. */
function readCsvRecords(value: LosslessValue | undefined, fields: readonly string[], plan: ExtractPlan): RecordObject[] {
  if (typeof value !== 'string') throw new ActionCallError('the response has no records string (records_format=csv)', 200, undefined);
  const columns = fields.map((id) => plan.columns.find((column) => column.id === id) ?? { id, type: 'int4' });
  return parseCopyCsv(value).map((cells) => {
    if (cells.length !== columns.length) throw new ActionCallError(`a records_format=csv row has ${cells.length} cells, not ${columns.length}`, 200, undefined);
    const record: RecordObject = {};
    columns.forEach((column, index) => {
      setOwnMember(record, column.id, copyCellValue(cells[index] ?? null, column));
    });
    return record;
  });
}

function sqlFor(spec: ExtractSpec, plan: ExtractPlan, { cursor, pageSize, upToId }: PageAsk): string {
  if (spec.sql !== undefined) {
    return plan.method === PagingMethod.sqlKeyset
      ? buildKeysetSql(spec.sql, cursor.lastId, pageSize, upToId)
      : buildOffsetSql(spec.sql, cursor.offset, pageSize);
  }
  return buildResourcePageSql({
    resourceId: plan.resourceId ?? '',
    columns: plan.columns.map((c) => c.id),
    filters: spec.filters,
    q: spec.q,
    afterId: cursor.lastId,
    upToId,
    limit: pageSize,
  });
}

function readRecords(value: LosslessValue | undefined): RecordObject[] {
  if (!Array.isArray(value) || !value.every(isLosslessObject)) {
    throw new ActionCallError('the response has no records array of objects', 200, undefined);
  }
  return value;
}

function idText(value: LosslessValue | undefined, plan: ExtractPlan): string | null {
  if (plan.method === PagingMethod.offset || plan.method === PagingMethod.sqlOffset) return null;
  if (value instanceof JsonNumber && /^\d+$/.test(value.text)) return value.text;
  throw new ActionCallError(`a record has no integer _id (got ${JSON.stringify(value ?? null)}), so keyset paging cannot continue`, 200, undefined);
}
