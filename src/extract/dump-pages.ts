// Pages from CKAN's own download, `/datastore/dump/<id>?format=csv`, for a csv/tsv output: the rows are the same
// COPY text as records_format=csv (after the header line Python's csv writer adds), rendered by PostgreSQL with
// no per-row work in CKAN, and one request can carry far more rows than datastore_search's rows_max allows. Pages
// are `limit`/`offset` slices sorted by `_id` (CKAN 2.9-2.11 page the dump that way themselves); each page's first
// `_id` must follow the last one written, so rows that shift under offset paging fail the extract instead of
// going into the file twice.
import type { HttpClient } from '../http/index.ts';
import { ActionCallError } from './api.ts';
import { type CopyCsvPage, transcodeCopyCsv } from './copy-csv.ts';
import type { ExtractPlan } from './plan.ts';
import { type Cursor, EXTRACT_DEFAULTS, type ExtractPaging, type ExtractQuery, PagingMethod } from './types.ts';

/**
 * Rows per dump request at least: the dump is not capped by rows_max. Measured in bench/extract.ts (200k rows, three
 * runs on a shared machine): 50,000-row slices 0.83x the dump, 100,000 0.58x (fewer pages to overlap), 32,000 0.65x.
 */
export const DUMP_PAGE_ROWS = 50_000;

/**
 * Bytes a dump slice should hold at most, when the page size is the default: a slice is held whole in memory (twice,
 * as the answer and as the output's lines), and two are in flight, so rows of 10 kB would make 50,000-row slices of
 * 500 MB. 16 MiB keeps the 50,000 rows of a narrow table (the bench's 56-byte rows) and about 1,600 rows of 10 kB.
 */
export const DUMP_SLICE_BYTES = 16 * 1024 * 1024;

/**
 * The page size an extract asks for: DUMP_PAGE_ROWS for dump slices, which rows_max does not cap (larger slices
 * mean fewer requests and offsets to skip), unless `--page-size` chose another, which is kept.
 */
export function pageSizeFor(paging: ExtractPaging, plan: ExtractPlan): number {
  return plan.method === PagingMethod.dump && !choosesPageSize(paging) ? DUMP_PAGE_ROWS : paging.pageSize;
}

/**
 * Rows of the next dump slice: `pageSize`, fewer where rows of `rowBytes` would pass DUMP_SLICE_BYTES (100 at
 * least), unless `--page-size` chose the size.
 */
export function dumpSliceRows(paging: ExtractPaging, pageSize: number, rowBytes: number | undefined): number {
  if (choosesPageSize(paging) || rowBytes === undefined || rowBytes <= 0) return pageSize;
  return Math.max(100, Math.min(pageSize, Math.floor(DUMP_SLICE_BYTES / rowBytes)));
}

function choosesPageSize(paging: ExtractPaging): boolean {
  return paging.pageSize !== EXTRACT_DEFAULTS.pageSize;
}

/**
 * Dump slices in flight when `--parallel` is not given: while one slice is written the server renders the next
 * two. Measured in bench/extract.ts (200k rows, reference server on PostgreSQL, best of 3): one at a time (the next
 * fetched ahead) 0.71x the server's own whole-table dump, two at once 1.18x.
 */
export const DUMP_PARALLEL = 2;

/** The dump URL of a slice: csv, sorted by `_id`, `_id` first among the fields. */
function dumpUrl(query: ExtractQuery, plan: ExtractPlan, slice: { offset: number; limit: number }): string {
  const fields = ['_id', ...plan.columns.map((column) => column.id).filter((id) => id !== '_id')];
  const params = new URLSearchParams({ format: 'csv', sort: '_id', offset: String(slice.offset), limit: String(slice.limit), fields: fields.join(',') });
  if (query.filters !== undefined) params.set('filters', JSON.stringify(query.filters));
  if (query.q !== undefined) params.set('q', query.q);
  return `${query.target.baseUrl.replace(/\/+$/, '')}/datastore/dump/${encodeURIComponent(plan.resourceId ?? query.resource ?? '')}?${params}`;
}

/** A dump slice as the output's lines, with its first row's `_id` (null when empty) and the URL it came from. */
export interface DumpPage extends CopyCsvPage {
  firstId: string | null;
  url: string;
}

/**
 * Fetches the dump slice at `cursor.offset` and rewrites it as the output's lines; its first `_id` must follow
 * `cursor.lastId` when that is known (a slice fetched ahead of the ones before it is checked by checkDumpFollows).
 */
export async function fetchDumpPage(client: HttpClient, query: ExtractQuery, plan: ExtractPlan, cursor: Cursor, pageSize: number): Promise<DumpPage> {
  const url = dumpUrl(query, plan, { offset: cursor.offset, limit: pageSize });
  const headers: Record<string, string> = query.target.token === undefined ? {} : { authorization: query.target.token };
  const response = await client.send({ method: 'GET', url, headers });
  if (response.status !== 200) throw new ActionCallError(`[GET] "${url}": ${response.status} from /datastore/dump`, response.status, undefined);
  if (response.bodyTruncated) throw new ActionCallError(`[GET] "${url}": the dump page is larger than the client reads; lower --page-size`, 200, undefined);
  const records = withoutHeader(response.body);
  const fields = ['_id', ...plan.columns.map((column) => column.id).filter((id) => id !== '_id')];
  const columns = fields.map((id) => plan.columns.find((column) => column.id === id) ?? { id, type: 'int' });
  const firstId = records === '' ? null : records.slice(0, records.search(/[,\n]/));
  checkDumpFollows(firstId, cursor.lastId, url);
  let page: CopyCsvPage;
  try {
    page = transcodeCopyCsv(records, columns, plan.columns, plan.copyDelimiter ?? ',');
  } catch (error) {
    if (error instanceof SyntaxError) throw new ActionCallError(`[GET] "${url}": ${error.message}`, 200, undefined);
    throw error;
  }
  // why: the dump is read by default; a server whose dump ignores `limit` would otherwise write its rows again
  if (page.rows > pageSize) {
    throw new ActionCallError(
      `[GET] "${url}": the dump gave ${page.rows} rows for limit=${pageSize}; this target's dump cannot be sliced: rerun with --no-dump`,
      200,
      undefined,
    );
  }
  return { ...page, firstId, url };
}

// why: the header is Python's csv writer's line, ended by \r\n; the rows after it end in \n (COPY's)
function withoutHeader(body: string): string {
  const end = body.indexOf('\r\n');
  return end === -1 ? '' : body.slice(end + 2);
}

/** A page's first `_id` must be above the last one written: offset paging over a table that changed shifts rows. */
export function checkDumpFollows(first: string | null, lastId: string | null, url: string): void {
  if (lastId === null || first === null) return;
  if (/^\d+$/.test(first) && BigInt(first) > BigInt(lastId)) return;
  throw new ActionCallError(
    `[GET] "${url}": the page starts at _id ${first}, not after ${lastId}: rows were added or deleted during the extract (rerun with --restart), or the target's dump ignores offset (rerun with --no-dump)`,
    200,
    undefined,
  );
}
