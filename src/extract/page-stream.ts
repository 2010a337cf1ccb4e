// The pages of an extract, in the order they are written: one after another with the next one fetched ahead, or
// (`--parallel N`, keyset paging by SQL or next_page) cut into `_id` ranges read N at a time and handed on in `_id`
// order, or (`--dump --parallel N`) N dump slices at the offsets ahead; the output, its checkpoint and a resume are
// the same as a sequential read's.
import type { HttpClient } from '../http/index.ts';
import { ActionCallError, callAction } from './api.ts';
import { isLosslessObject, JsonNumber, type LosslessValue } from './lossless-json.ts';
import { checkDumpFollows, DUMP_PARALLEL, dumpSliceRows } from './dump-pages.ts';
import { fetchPage, keysetFilters, type Page } from './pages.ts';
import type { ExtractPlan } from './plan.ts';
import { buildIdSpanSql } from './sql-text.ts';
import { PagingMethod, type Cursor, type ExtractPaging, type ExtractQuery } from './types.ts';

/** What the pages read and how they are asked. */
type PageSource = ExtractQuery & ExtractPaging;

/** Where the pages start and what to ask. */
export interface PageStreamStart {
  cursor: Cursor;
  pageSize: number;
}

/** The rows left to read: how many, and their first and last `_id`. */
interface IdSpan {
  rows: bigint;
  first: bigint;
  last: bigint;
}

/**
 * The extract's pages from `start`, in output order. With `spec.parallel` > 1 and keyset paging (sql-keyset or
 * next-page), the rows left (counted, or the plan's total) are cut into ranges of about a page each; up to `parallel`
 * requests are in flight and at most that many pages wait in memory. Anything else reads one page after another.
 */
export async function openPageStream(client: HttpClient, spec: PageSource, plan: ExtractPlan, start: PageStreamStart): Promise<AsyncIterable<Page>> {
  const parallel = spec.parallel ?? (plan.method === PagingMethod.dump ? DUMP_PARALLEL : 1);
  if (plan.method === PagingMethod.dump) return slicePages({ client, spec, plan }, start, parallel);
  if (parallel > 1 && isKeyset(plan.method)) {
    // why: from the start, the plan's total counted these very rows (the same filters and q): no second count
    const knownRows = start.cursor.lastId === null && plan.total !== undefined ? BigInt(plan.total) : undefined;
    const span = await probeIdSpan(client, spec, plan, { afterId: start.cursor.lastId, knownRows });
    if (span !== undefined && span.rows > 0n) return rangePages({ client, spec, plan }, start, span, parallel);
  }
  return sequentialPages({ client, spec, plan }, start);
}

interface Reader {
  client: HttpClient;
  spec: PageSource;
  plan: ExtractPlan;
}

function fetchAhead(reader: Reader, cursor: Cursor, pageSize: number, upToId: string | null = null): Promise<Page> {
  const fetching = fetchPage(reader.client, reader.spec, reader.plan, cursor, pageSize, upToId);
  // why: a failed write abandons the pages being fetched; their rejections must not go unhandled
  fetching.catch(() => undefined);
  return fetching;
}

async function* sequentialPages(reader: Reader, start: PageStreamStart): AsyncGenerator<Page> {
  let pageSize = start.pageSize;
  let next: Promise<Page> | undefined = fetchAhead(reader, start.cursor, pageSize);
  while (next !== undefined) {
    const page: Page = await next;
    pageSize = Math.min(pageSize, page.pageSize);
    // why: the next page is fetched while this one is encoded and written, so client and server work at once
    next = page.done ? undefined : fetchAhead(reader, page.next, pageSize);
    yield page;
  }
}

/**
 * Dump slices: the offsets ahead are known, so N slices are fetched at once (`--parallel N`, two by default) and
 * handed on in order; each slice's first `_id` must follow the last one written (rows that shifted under offset
 * paging fail the extract). The first short slice ends it; slices asked beyond it are dropped. With the default
 * page size, a slice holds fewer rows where the rows are wide (dumpSliceRows: the widest average row seen so far,
 * at first the plan's one-row sample).
 */
async function* slicePages(reader: Reader, start: PageStreamStart, parallel: number): AsyncGenerator<Page> {
  let rowBytes = reader.plan.dumpRowBytes;
  let nextOffset = start.cursor.offset;
  const queue: Promise<Page>[] = [];
  const fill = (): void => {
    while (queue.length < parallel) {
      const rows = dumpSliceRows(reader.spec, start.pageSize, rowBytes);
      // why: the slice before may not be read yet, so each slice is checked against it when it is handed on
      queue.push(fetchAhead(reader, { lastId: null, offset: nextOffset }, rows));
      nextOffset += rows;
    }
  };
  fill();
  let lastId = start.cursor.lastId;
  for (let current = queue.shift(); current !== undefined; current = queue.shift()) {
    const page = await current;
    if ('lines' in page.content && page.rowCount > 0) rowBytes = Math.max(rowBytes ?? 0, Buffer.byteLength(page.content.lines) / page.rowCount);
    if (page.done) queue.length = 0;
    // why: the next slices are asked for while this one is written
    else fill();
    if (page.dump !== undefined) checkDumpFollows(page.dump.firstId, lastId, page.dump.url);
    lastId = page.next.lastId ?? lastId;
    yield { ...page, next: { ...page.next, lastId } };
  }
}

/** One `_id` range being read: the page asked for, and the range's last `_id` (null: no end, the final range). */
interface RangeRead {
  page: Promise<Page>;
  upToId: bigint | null;
}

async function* rangePages(reader: Reader, start: PageStreamStart, span: IdSpan, parallel: number): AsyncGenerator<Page> {
  let pageSize = start.pageSize;
  // why: ranges as wide as a page's worth of rows at the span's density: dense ids give one request per range
  const width = maxBig(1n, (BigInt(pageSize) * (span.last - span.first + 1n) + span.rows - 1n) / span.rows);
  let nextFrom: bigint | null = start.cursor.lastId === null ? span.first - 1n : BigInt(start.cursor.lastId);
  const read = (after: bigint, upToId: bigint | null): RangeRead => ({
    page: fetchAhead(reader, { lastId: after.toString(), offset: 0 }, pageSize, upToId === null ? null : upToId.toString()),
    upToId,
  });
  const nextRange = (): RangeRead | undefined => {
    if (nextFrom === null) return undefined;
    const from: bigint = nextFrom;
    // why: the last range has no end, so rows added past the counted span are still read, as sequential paging would
    const upTo = from + width >= span.last ? null : from + width;
    nextFrom = upTo;
    return read(from, upTo);
  };
  const queue: RangeRead[] = [];
  const fill = (): void => {
    while (queue.length < parallel) {
      const range = nextRange();
      if (range === undefined) return;
      queue.push(range);
    }
  };
  fill();
  let offset = start.cursor.offset;
  for (let current = queue.shift(); current !== undefined; current = queue.shift()) {
    const page = await current.page;
    pageSize = Math.min(pageSize, page.pageSize);
    // why: a full page means the range may hold more, unless it ended on the range's last id (dense ids fill a
    // range exactly); the rest of it comes next, before the ranges after it
    const rangeDone = page.done || (current.upToId !== null && page.next.lastId === current.upToId.toString());
    if (!rangeDone && page.next.lastId !== null) queue.unshift(read(BigInt(page.next.lastId), current.upToId));
    fill();
    offset += page.rowCount;
    // why: once a range is done, every row up to its end is written: the checkpoint moves to the end of the range
    const lastId = rangeDone && current.upToId !== null ? current.upToId.toString() : page.next.lastId;
    yield { ...page, next: { lastId, offset }, done: rangeDone && current.upToId === null };
  }
}

/** Whether pages are read by `_id` ranges (`_id` > the last one read), which `--parallel` can cut up. */
export function isKeyset(method: PagingMethod): boolean {
  return method === PagingMethod.sqlKeyset || method === PagingMethod.nextPage;
}

/** Where the span starts (after `afterId`), and its row count when already known. */
interface SpanAsk {
  afterId: string | null;
  knownRows: bigint | undefined;
}

async function probeIdSpan(client: HttpClient, spec: ExtractQuery, plan: ExtractPlan, ask: SpanAsk): Promise<IdSpan | undefined> {
  try {
    return plan.method === PagingMethod.nextPage ? await searchIdSpan(client, spec, plan, ask) : await sqlIdSpan(client, spec, plan, ask);
  } catch (error) {
    // why: a target that refuses the count (its own SQL rules) is still read, one page after another
    if (error instanceof ActionCallError && error.status >= 400 && error.status < 500) return undefined;
    throw error;
  }
}

async function sqlIdSpan(client: HttpClient, spec: ExtractQuery, plan: ExtractPlan, { afterId, knownRows }: SpanAsk): Promise<IdSpan | undefined> {
  const source = spec.sql === undefined ? { resourceId: plan.resourceId ?? '', filters: spec.filters, q: spec.q } : { sql: spec.sql };
  const result = await callAction(client, spec.target, 'datastore_search_sql', { sql: buildIdSpanSql(source, afterId, knownRows === undefined) });
  const row = Array.isArray(result['records']) ? result['records'][0] : undefined;
  if (!isLosslessObject(row)) return undefined;
  return toSpan(knownRows ?? integer(row['rows']), integer(row['first']), integer(row['last']));
}

/** The span by datastore_search (CKAN 2.12's filter operators): the first `_id` ascending (and the total), the last descending. */
async function searchIdSpan(client: HttpClient, spec: ExtractQuery, plan: ExtractPlan, { afterId, knownRows }: SpanAsk): Promise<IdSpan | undefined> {
  const ask = (sort: string, includeTotal: boolean) =>
    callAction(client, spec.target, 'datastore_search', {
      resource_id: plan.resourceId,
      limit: 1,
      sort,
      fields: ['_id'],
      include_total: includeTotal,
      ...keysetFilters(spec, afterId, null),
      ...(spec.q === undefined ? {} : { q: spec.q }),
    });
  const [ascending, descending] = await Promise.all([ask('_id', knownRows === undefined), ask('_id desc', false)]);
  const idOf = (result: Awaited<ReturnType<typeof callAction>>): bigint | undefined => {
    const record = Array.isArray(result['records']) ? result['records'][0] : undefined;
    return isLosslessObject(record) ? integer(record['_id']) : undefined;
  };
  return toSpan(knownRows ?? integer(ascending['total']), idOf(ascending), idOf(descending));
}

function toSpan(rows: bigint | undefined, first: bigint | undefined, last: bigint | undefined): IdSpan | undefined {
  return rows === undefined || first === undefined || last === undefined ? undefined : { rows, first, last };
}

function integer(value: LosslessValue | undefined): bigint | undefined {
  const text = value instanceof JsonNumber ? value.text : typeof value === 'string' ? value : undefined;
  return text !== undefined && /^-?\d+$/.test(text) ? BigInt(text) : undefined;
}

function maxBig(a: bigint, b: bigint): bigint {
  return a > b ? a : b;
}
