// Decides how an extract reads its rows: which columns, which paging method, and the server's total.
import type { HttpClient } from '../http/index.ts';
import { ActionCallError, callAction, type ActionResult } from './api.ts';
import { countCopyRows } from './copy-csv.ts';
import { isLosslessObject, JsonNumber, type LosslessValue } from './lossless-json.ts';
import { buildOffsetSql, isSendableSql, trimStatement } from './sql-text.ts';
import type { ExtractFormat } from '../schema/extract-job.ts';
import { outputFormat } from './formats.ts';
import { PagingMethod, type ExtractColumn, type ExtractQuery } from './types.ts';

export interface ExtractPlan {
  method: PagingMethod;
  /** The real resource id (aliases resolved), in resource mode. */
  resourceId: string | undefined;
  columns: ExtractColumn[];
  /** The server's row count for this query, when it gave one. */
  total: number | undefined;
  totalIsExact: boolean;
  /**
   * How datastore_search pages are asked for: `csv` (records_format=csv, no JSON round trip) when the output is
   * CSV or TSV, the paging is by datastore_search and the target answers csv records; else `objects`.
   */
  recordsFormat: 'objects' | 'csv';
  /**
   * The delimiter of the output's lines when pages come as PostgreSQL's COPY text (dump slices, csv records),
   * which is rewritten straight into them (copy-csv.ts); the output format's (formats.ts).
   */
  copyDelimiter?: ',' | '\t';
  warnings: string[];
  /** Where offset paging starts: the first row after an incremental run's `_id` mark (incremental.ts); else 0. */
  startOffset?: number;
  /** Dump paging: the bytes of the table's first row in the dump (none when it is empty), to size the first slices. */
  dumpRowBytes?: number;
}

/** What the plan needs beyond the query: the output format, whether the dump may be read, and the checkpoint's method. */
export interface PlanShape {
  format: ExtractFormat;
  /** `false`: never the dump (`--no-dump`). */
  dump?: boolean | undefined;
  /** The paging method of the checkpoint being continued. */
  resumed?: PagingMethod | undefined;
}

/** Probes the target and plans the extract. Throws ActionCallError when the target refuses the query. */
export async function planExtract(client: HttpClient, query: ExtractQuery, shape: PlanShape): Promise<ExtractPlan> {
  return query.sql === undefined ? planResource(client, query, shape) : planSql(client, query, query.sql);
}

async function planResource(client: HttpClient, query: ExtractQuery, shape: PlanShape): Promise<ExtractPlan> {
  const resource = query.resource ?? '';
  const { resumed } = shape;
  // why: the dump is asked for beside the describing call, a round trip fewer before the first slice (by the name
  // given: CKAN's dump reads it through datastore_search, which takes an alias too); a failed ask is no dump
  const delimiter = outputFormat(shape.format).delimiter;
  const dump = delimiter !== undefined && wantsDump(query, shape) ? askDump(client, query, resource).catch(() => NO_DUMP) : Promise.resolve(NO_DUMP);
  const described = await callAction(client, query.target, 'datastore_search', { resource_id: resource, limit: 0 });
  const resourceId = typeof described['resource_id'] === 'string' ? described['resource_id'] : resource;
  const allColumns = readColumns(described['fields']);
  const columns = query.fields === undefined ? allColumns : pickColumns(allColumns, query.fields);
  // why: the describing call already counted the whole table; count again only for a filtered extract
  const narrowed = query.filters !== undefined || query.q !== undefined;
  const counted = narrowed
    ? await callAction(client, query.target, 'datastore_search', {
        resource_id: resourceId,
        limit: 0,
        ...(query.filters === undefined ? {} : { filters: query.filters }),
        ...(query.q === undefined ? {} : { q: query.q }),
      })
    : described;
  const total = readInteger(counted['total']);
  const warnings: string[] = [];
  const dumped = await dump;
  const { method, csv } = dumped.served
    ? { method: PagingMethod.dump, csv: true }
    : await chooseResourceMethod(client, query, allColumns, { resourceId, resumed, copyText: delimiter !== undefined });
  if (dumped.warning !== undefined) warnings.push(dumped.warning);
  if (method === PagingMethod.offset) {
    warnings.push('offset paging: the target offers neither SQL nor next_page keyset paging, so rows changed during the extract may be duplicated or missed');
  }
  const totalIsExact = total !== undefined && counted['total_was_estimated'] !== true;
  const rowBytes = dumped.rowBytes === undefined ? {} : { dumpRowBytes: dumped.rowBytes };
  const copy = csv && delimiter !== undefined ? { copyDelimiter: delimiter } : {};
  return { method, resourceId, columns, total, totalIsExact, recordsFormat: csv ? 'csv' : 'objects', warnings, ...rowBytes, ...copy };
}

/**
 * The paging method where the dump is not read (planResource), and whether pages come as csv records. SQL keyset
 * paging is the rule, except for a csv/tsv output from a target with next_page and csv records (CKAN 2.12): csv
 * records are PostgreSQL's COPY output, with no JSON made on the server nor read on the client, several times
 * faster. A resumed extract keeps the method of its checkpoint.
 */
async function chooseResourceMethod(
  client: HttpClient,
  query: ExtractQuery,
  columns: readonly ExtractColumn[],
  { resourceId, resumed, copyText }: { resourceId: string; resumed: PagingMethod | undefined; copyText: boolean },
): Promise<{ method: PagingMethod; csv: boolean }> {
  const csvOutput = copyText;
  const arrayFilter = Object.keys(query.filters ?? {}).some((name) => columns.find((c) => c.id === name)?.type.startsWith('_'));
  const literals = JSON.stringify([query.filters ?? {}, query.q ?? '']);
  const sql = !arrayFilter && isSendableSql(literals) && (await hasSql(client, query));
  if (sql && (!csvOutput || resumed === PagingMethod.sqlKeyset)) return { method: PagingMethod.sqlKeyset, csv: false };
  // why: with SQL to fall back on, a target that fails these probes in any way is read by SQL, as before them
  const probe = (ask: Promise<boolean>): Promise<boolean> =>
    sql
      ? ask.catch((error: unknown) => {
          if (error instanceof ActionCallError) return false;
          throw error;
        })
      : ask;
  const nextPage = await probe(hasNextPage(client, query, resourceId));
  const csv = csvOutput && (await probe(hasCsvRecords(client, query, resourceId)));
  // why: without csv records, next_page pages are JSON like SQL pages, and SQL keyset paging stays the rule
  if (sql && !(nextPage && csv)) return { method: PagingMethod.sqlKeyset, csv: false };
  return { method: nextPage ? PagingMethod.nextPage : PagingMethod.offset, csv };
}

/**
 * Whether a csv/tsv extract reads CKAN's own dump where the target serves it: by default (`dump` not given) and with
 * `dump: true`, not with `dump: false`. It is the least work of all (COPY text, no JSON, slices beyond rows_max) and
 * against a stock CKAN 2.11 (no datastore_search_sql) the alternative is offset paging: measured on CKAN 2.11.5
 * (uWSGI, 200,000 rows) 1.2 s against 3.1 s. Not for --incremental, which reads `_id` ranges the dump cannot
 * filter by, nor for an extract begun (checkpoint) another way.
 */
function wantsDump(query: ExtractQuery, shape: PlanShape): boolean {
  if (shape.dump === false || query.incremental !== undefined) return false;
  return shape.resumed === undefined || shape.resumed === PagingMethod.dump;
}

async function planSql(client: HttpClient, query: ExtractQuery, sql: string): Promise<ExtractPlan> {
  if (!isSendableSql(sql)) throw new ActionCallError('the SQL contains \\\' which CKAN refuses as "not a single statement"', 0, undefined);
  let described: ActionResult;
  try {
    described = await callAction(client, query.target, 'datastore_search_sql', { sql: buildOffsetSql(trimStatement(sql), 0, 0) });
  } catch (error) {
    if (error instanceof ActionCallError && error.isUnknownAction) {
      throw new ActionCallError(`${error.message} (the target does not offer datastore_search_sql, so --sql cannot be used)`, 400, undefined);
    }
    throw error;
  }
  const columns = readColumns(described['fields']);
  const keyset = columns.some((c) => c.id === '_id');
  const warnings = keyset
    ? []
    : [
        'sql-offset paging: the query has no _id column, so pages are read by OFFSET in the query\'s own order; select "_id" for keyset paging, or make sure its ORDER BY is unique, or rows may repeat or go missing between pages',
      ];
  return {
    method: keyset ? PagingMethod.sqlKeyset : PagingMethod.sqlOffset,
    resourceId: undefined,
    columns,
    total: undefined,
    totalIsExact: false,
    recordsFormat: 'objects',
    warnings,
  };
}

async function hasSql(client: HttpClient, query: ExtractQuery): Promise<boolean> {
  try {
    await callAction(client, query.target, 'datastore_search_sql', { sql: 'SELECT 1 AS "probe"' });
    return true;
  } catch (error) {
    if (error instanceof ActionCallError && error.status >= 400 && error.status < 500) return false;
    throw error;
  }
}

/** Whether the target answers `records_format=csv` with a string of records, as CKAN does; a 409 means it does not. */
async function hasCsvRecords(client: HttpClient, query: ExtractQuery, resourceId: string): Promise<boolean> {
  try {
    const result = await callAction(client, query.target, 'datastore_search', {
      resource_id: resourceId,
      limit: 1,
      sort: '_id',
      include_total: false,
      records_format: 'csv',
    });
    return typeof result['records'] === 'string';
  } catch (error) {
    if (error instanceof ActionCallError && error.status === 409) return false;
    throw error;
  }
}

/** What the one-row ask of the dump told: whether it is read, the bytes of that row, and a warning to give. */
interface DumpAnswer {
  served: boolean;
  /** The bytes of the table's first row in the dump (none for an empty table), to size the first slices. */
  rowBytes?: number;
  warning?: string;
}

const NO_DUMP: DumpAnswer = { served: false };

/**
 * Whether `/datastore/dump/<id>` answers a one-row csv slice with the `_id` column first (CKAN does; 2.9 refuses a
 * private one without a token), and the bytes of that row. A dump that gives more rows than asked cannot be sliced:
 * the extract pages by the API, with a warning.
 */
async function askDump(client: HttpClient, query: ExtractQuery, resourceId: string): Promise<DumpAnswer> {
  const url = `${query.target.baseUrl.replace(/\/+$/, '')}/datastore/dump/${encodeURIComponent(resourceId)}?format=csv&limit=1`;
  const headers: Record<string, string> = query.target.token === undefined ? {} : { authorization: query.target.token };
  const response = await client.send({ method: 'GET', url, headers });
  if (response.status !== 200 || !/^_id[,\r]/.test(response.body)) return NO_DUMP;
  const records = response.body.slice(response.body.indexOf('\r\n') + 2);
  if (response.bodyTruncated || countCopyRows(records) > 1) {
    return { served: false, warning: `${url}: the dump gave more than the one row asked for, so it cannot be read in slices; paging by the API` };
  }
  const row = Buffer.byteLength(records);
  return row > 0 ? { served: true, rowBytes: row } : { served: true };
}

async function hasNextPage(client: HttpClient, query: ExtractQuery, resourceId: string): Promise<boolean> {
  try {
    const result = await callAction(client, query.target, 'datastore_search', {
      resource_id: resourceId,
      limit: 1,
      sort: '_id',
      include_total: false,
      include_next_page: true,
    });
    return 'next_page' in result;
  } catch (error) {
    if (error instanceof ActionCallError && error.status === 409) return false;
    throw error;
  }
}

function readColumns(value: LosslessValue | undefined): ExtractColumn[] {
  if (!Array.isArray(value)) throw new ActionCallError('the response has no fields list', 200, undefined);
  return value.filter(isLosslessObject).map((field) => ({
    id: typeof field['id'] === 'string' ? field['id'] : '',
    type: typeof field['type'] === 'string' ? field['type'] : 'text',
  }));
}

function pickColumns(columns: readonly ExtractColumn[], names: readonly string[]): ExtractColumn[] {
  return names.map((name) => {
    const column = columns.find((c) => c.id === name);
    if (column === undefined) {
      throw new ActionCallError(`unknown field "${name}" (the resource has ${columns.map((c) => c.id).join(', ')})`, 409, undefined);
    }
    return column;
  });
}

function readInteger(value: LosslessValue | undefined): number | undefined {
  if (!(value instanceof JsonNumber)) return undefined;
  const number = Number(value.text);
  return Number.isSafeInteger(number) ? number : undefined;
}
