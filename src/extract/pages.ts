// Fetches one page of rows with the planned paging method and says where the next page starts.
import type { HttpClient } from '../http/index.ts';
import { ActionCallError, callAction } from './api.ts';
import { transcodeCopyCsv, type CopyCsvPage } from './copy-csv.ts';
import { fetchDumpPage } from './dump-pages.ts';
import { isLosslessObject, JsonNumber, type LosslessValue } from './lossless-json.ts';
import type { ExtractPlan } from './plan.ts';
import { buildKeysetSql, buildOffsetSql, buildResourcePageSql } from './sql-text.ts';
import { createRecordFitter } from './value-fit.ts';
import { PagingMethod, type Cursor, type ExtractQuery } from './types.ts';

export interface Page {
  /**
   * The rows: values in the plan's column order, or, from records_format=csv pages, the csv/tsv output's lines
   * (see copy-csv.ts).
   */
  content: { values: LosslessValue[][] } | { lines: string };
  rowCount: number;
  next: Cursor;
  /** No page follows. */
  done: boolean;
  /** Rows per page the server actually allows (its rows_max may be lower than asked). */
  pageSize: number;
  /** A dump slice's first `_id` and URL, for the check that it follows the slice before it (fetched ahead of it). */
  dump?: { firstId: string | null; url: string };
}

/** Reads the page that starts at `cursor` (and, for sql-keyset paging, ends at `_id` `upToId` when given). */
export async function fetchPage(
  client: HttpClient,
  query: ExtractQuery,
  plan: ExtractPlan,
  cursor: Cursor,
  pageSize: number,
  upToId: string | null = null,
): Promise<Page> {
  if (plan.method === PagingMethod.dump) {
    const lines = await fetchDumpPage(client, query, plan, cursor, pageSize);
    const next = { lastId: lines.lastId ?? cursor.lastId, offset: cursor.offset + lines.rows };
    const dump = { firstId: lines.firstId, url: lines.url };
    return { content: { lines: lines.text }, rowCount: lines.rows, next, done: lines.rows < pageSize, pageSize, dump };
  }
  const fetched = await fetchRecords(client, query, plan, { cursor, pageSize, upToId });
  const { pageSize: allowed, more } = fetched;
  const { content, rowCount, lastId } =
    'lines' in fetched
      ? { content: { lines: fetched.lines.text }, rowCount: fetched.lines.rows, lastId: fetched.lines.lastId }
      : {
          content: { values: fitRecords(plan, fetched.records, cursor.offset) },
          rowCount: fetched.records.length,
          lastId: fetched.records.length === 0 ? null : idValue(fetched.records.at(-1)?.['_id']),
        };
  return {
    content,
    rowCount,
    next: { lastId: rowCount === 0 ? cursor.lastId : idText(lastId, plan), offset: cursor.offset + rowCount },
    done: rowCount === 0 || (!more && rowCount < allowed),
    pageSize: allowed,
  };
}

type RecordObject = { [key: string]: LosslessValue };

/** The records' values in the plan's column order, each checked against its column's type and in its one form. */
function fitRecords(plan: ExtractPlan, records: readonly RecordObject[], offset: number): LosslessValue[][] {
  const fitRecord = createRecordFitter(plan.columns);
  return records.map((record, index) => fitRecord(record, offset + index + 1));
}

interface PageAsk {
  cursor: Cursor;
  pageSize: number;
  upToId: string | null;
}

async function fetchRecords(
  client: HttpClient,
  query: ExtractQuery,
  plan: ExtractPlan,
  ask: PageAsk,
): Promise<({ records: RecordObject[] } | { lines: CopyCsvPage }) & { pageSize: number; more: boolean }> {
  const { cursor, pageSize } = ask;
  if (plan.method === PagingMethod.sqlKeyset || plan.method === PagingMethod.sqlOffset) {
    const sql = sqlFor(query, plan, ask);
    const result = await callAction(client, query.target, 'datastore_search_sql', { sql });
    const records = readRecords(result['records']);
    // why: records_truncated means the server capped the page at its rows_max; keep going with that size
    const truncated = result['records_truncated'] === true;
    return { records, pageSize: truncated ? records.length : pageSize, more: truncated };
  }
  const fields = ['_id', ...plan.columns.map((c) => c.id).filter((id) => id !== '_id')];
  const result = await callAction(client, query.target, 'datastore_search', {
    resource_id: plan.resourceId,
    limit: pageSize,
    sort: '_id',
    fields,
    include_total: false,
    ...(plan.method === PagingMethod.nextPage
      ? keysetFilters(query, cursor.lastId, ask.upToId)
      : query.filters === undefined
        ? {}
        : { filters: query.filters }),
    ...(query.q === undefined ? {} : { q: query.q }),
    ...(plan.method === PagingMethod.offset ? { offset: cursor.offset } : { include_next_page: true }),
    ...(plan.recordsFormat === 'csv' ? { records_format: 'csv' } : {}),
  });
  const limit = result['limit'];
  const allowed = limit instanceof JsonNumber && Number(limit.text) > 0 ? Math.min(pageSize, Number(limit.text)) : pageSize;
  if (plan.recordsFormat === 'csv') return { lines: readCsvRecords(result['records'], fields, plan), pageSize: allowed, more: false };
  return { records: readRecords(result['records']), pageSize: allowed, more: false };
}

/**
 * The `filters` of a next-page request: the extract's, with `_id` after `afterId` and up to `upToId` (CKAN 2.12's
 * filter operators) when given.
 */
export function keysetFilters(query: ExtractQuery, afterId: string | null, upToId: string | null): { filters?: Record<string, unknown> } {
  const bounds = {
    ...(afterId === null ? {} : { gt: new JsonNumber(afterId) }),
    ...(upToId === null ? {} : { lte: new JsonNumber(upToId) }),
  };
  const own = query.filters;
  if (Object.keys(bounds).length === 0) return own === undefined ? {} : { filters: own };
  // why: an extract filtered on _id itself keeps its filter: both hold, under CKAN 2.12's $and
  if (own !== undefined && Object.hasOwn(own, '_id')) return { filters: { $and: [own, { _id: bounds }] } };
  return { filters: { ...own, _id: bounds } };
}

/** A records_format=csv page (cells in `fields` order) as the csv/tsv output's lines. */
function readCsvRecords(value: LosslessValue | undefined, fields: readonly string[], plan: ExtractPlan): CopyCsvPage {
  if (typeof value !== 'string') throw new ActionCallError('the response has no records string (records_format=csv)', 200, undefined);
  const columns = fields.map((id) => plan.columns.find((column) => column.id === id) ?? { id, type: 'int4' });
  try {
    return transcodeCopyCsv(value, columns, plan.columns, plan.copyDelimiter ?? ',');
  } catch (error) {
    if (error instanceof SyntaxError) throw new ActionCallError(error.message, 200, undefined);
    throw error;
  }
}

function sqlFor(query: ExtractQuery, plan: ExtractPlan, { cursor, pageSize, upToId }: PageAsk): string {
  if (query.sql !== undefined) {
    return plan.method === PagingMethod.sqlKeyset
      ? buildKeysetSql(query.sql, cursor.lastId, pageSize, upToId)
      : buildOffsetSql(query.sql, cursor.offset, pageSize);
  }
  return buildResourcePageSql({
    resourceId: plan.resourceId ?? '',
    columns: plan.columns.map((c) => c.id),
    filters: query.filters,
    q: query.q,
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

/** A JSON record's `_id` as text: a number's own text, anything else as JSON (which idText then refuses). */
function idValue(value: LosslessValue | undefined): string | null {
  return value instanceof JsonNumber ? value.text : JSON.stringify(value ?? null);
}

function idText(value: string | null, plan: ExtractPlan): string | null {
  if (value !== null && /^\d+$/.test(value)) return value;
  // why: offset paging needs no _id to go on; an incremental run by offset reads the last one as its next mark
  if (plan.method === PagingMethod.offset || plan.method === PagingMethod.sqlOffset) return null;
  throw new ActionCallError(`a record has no integer _id (got ${value ?? 'none'}), so keyset paging cannot continue`, 200, undefined);
}
