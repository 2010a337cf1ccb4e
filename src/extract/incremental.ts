// Incremental extracts: each run writes only the rows after the previous run's high-water mark. The mark lives in
// the output folder, one small file per extract (target host and path + resource or SQL + query + mark column),
// so a run with another file name (`out/{date}.csv`) finds it. With `_id` (the default) the mark is where keyset
// paging starts, on any target with SQL or next_page; on a target with neither (a stock CKAN 2.10 or 2.11) a
// resource's rows are read by offset from the first row after the mark, found by bisecting the `_id`-sorted rows.
// Another column needs SQL: the rows are asked with `"col" > <last mark> AND "col" <= <its maximum now>`, and that
// maximum is the next mark.
import { readFile } from 'node:fs/promises';
import { KitError, KitErrorCode } from '../errors.ts';
import type { HttpClient } from '../http/index.ts';
import { writeFileAtomic } from '../util/atomic-write.ts';
import { callAction } from './api.ts';
import { extractStatePath, sourceIdentity } from './checkpoint.ts';
import { JsonNumber, type LosslessValue } from './lossless-json.ts';
import type { ExtractPlan } from './plan.ts';
import { buildIdSpanSql, quoteIdentifier, quoteLiteral, resourceConditions, trimStatement } from './sql-text.ts';
import { type ExtractQuery, type ExtractSpec, type ExtractStateOwner, PagingMethod } from './types.ts';

/** The mark of one extract, as its file holds it. */
interface MarkFile {
  version: 1;
  column: string;
  /** The last value of `column` written (its text), or null before any row. */
  mark: string | null;
  source: string;
  what: string;
  updatedAt: string;
}

/** Where the mark of `spec` (by `column`) is kept: beside the output, named by what it is the mark of. */
function markPath(spec: ExtractStateOwner, column: string): string {
  return extractStatePath(spec, 'mark', [column]);
}

/** The previous run's mark, or null when this is the first run. */
async function readMark(spec: ExtractStateOwner, column: string): Promise<string | null> {
  let value: unknown;
  try {
    value = JSON.parse(await readFile(markPath(spec, column), 'utf8'));
  } catch (error) {
    if (error instanceof Error && 'code' in error && error.code === 'ENOENT') return null;
    throw new KitError(KitErrorCode.usage, `${markPath(spec, column)}: the incremental mark cannot be read; remove it to extract everything again`, {
      cause: error,
    });
  }
  const mark = typeof value === 'object' && value !== null && 'mark' in value ? value.mark : undefined;
  return typeof mark === 'string' ? mark : null;
}

/** Records `mark` as the extract's high-water mark (atomically). */
export async function writeMark(spec: ExtractStateOwner, column: string, mark: string, nowMs: number): Promise<void> {
  const file: MarkFile = {
    version: 1,
    column,
    mark,
    source: sourceIdentity(spec.target),
    what: spec.resource ?? spec.sql ?? '',
    updatedAt: new Date(nowMs).toISOString(),
  };
  await writeFileAtomic(markPath(spec, column), `${JSON.stringify(file, null, 2)}\n`);
}

/**
 * The extract with its marks: `_id` starts the keyset after the last mark; another column narrows what is read by
 * SQL (so it rewrites the query of the whole spec).
 */
export async function startIncremental(spec: ExtractSpec, client: HttpClient): Promise<ExtractSpec> {
  if (spec.incremental === undefined) return spec;
  const { column } = spec.incremental;
  const after = await readMark(spec, column);
  if (column === '_id') return { ...spec, incremental: { column, after } };
  const narrowed = await narrowBySql(client, spec, column, after);
  return { ...narrowed.spec, incremental: { column, after, through: narrowed.through } };
}

/**
 * For an `_id` mark: keyset paging, or offset paging of a resource from the first row after the mark; the server's
 * total is the count of the rows after the mark.
 */
export async function planIncremental(client: HttpClient, spec: ExtractQuery, plan: ExtractPlan): Promise<ExtractPlan> {
  const after = spec.incremental?.after ?? null;
  if (spec.incremental?.column !== '_id') return plan;
  checkIncrementalPaging(plan);
  if (after === null) return plan;
  if (plan.method === PagingMethod.offset) {
    if (plan.total === undefined) throw new KitError(KitErrorCode.extractFailed, 'an --incremental extract by offset needs the total the target did not give');
    const startOffset = await seekAfterId(client, spec, plan, after, plan.total);
    return { ...plan, startOffset, total: plan.total - startOffset };
  }
  const total = await countAfterId(client, spec, plan, after);
  return { ...plan, total, totalIsExact: total !== undefined };
}

/**
 * The offset of the first row whose `_id` is above `after` among the extract's rows sorted by `_id` (`total` when
 * there is none): a bisection of one-row `datastore_search` pages, about log2(total) requests (18 for 200,000 rows).
 */
async function seekAfterId(client: HttpClient, spec: ExtractQuery, plan: ExtractPlan, after: string, total: number): Promise<number> {
  const mark = BigInt(after);
  const idAt = async (offset: number): Promise<bigint | undefined> => {
    const result = await callAction(client, spec.target, 'datastore_search', {
      resource_id: plan.resourceId,
      offset,
      limit: 1,
      sort: '_id',
      fields: ['_id'],
      include_total: false,
      ...(spec.filters === undefined ? {} : { filters: spec.filters }),
      ...(spec.q === undefined ? {} : { q: spec.q }),
    });
    const id = firstText(result['records'], '_id');
    return id !== null && /^\d+$/.test(id) ? BigInt(id) : undefined;
  };
  let [low, high] = [0, total];
  while (low < high) {
    const middle = Math.floor((low + high) / 2);
    const id = await idAt(middle);
    // why: no row there (the table shrank since it was counted) counts as past the mark
    if (id === undefined || id > mark) high = middle;
    else low = middle + 1;
  }
  return low;
}

/**
 * For a mark column other than `_id`: the spec as an SQL extract of the rows after `after` up to the column's
 * current maximum, and that maximum (null: no rows at all, or none yet).
 */
async function narrowBySql(
  client: HttpClient,
  spec: ExtractSpec,
  column: string,
  after: string | null,
): Promise<{ spec: ExtractSpec; through: string | null }> {
  const source = spec.sql === undefined ? await resourceSelect(client, spec) : `SELECT * FROM (${trimStatement(spec.sql)}) AS "source"`;
  const col = quoteIdentifier(column);
  const max = await callAction(client, spec.target, 'datastore_search_sql', { sql: `SELECT max(${col})::text AS "mark" FROM (${source}) AS "marked"` });
  const through = firstText(max['records'], 'mark');
  const bounds = [...(after === null ? [] : [`${col} > ${quoteLiteral(after)}`]), through === null ? 'false' : `${col} <= ${quoteLiteral(through)}`];
  const { resource: _resource, filters: _filters, q: _q, fields: _fields, ...rest } = spec;
  return { spec: { ...rest, sql: `SELECT * FROM (${source}) AS "marked" WHERE ${bounds.join(' AND ')}` }, through };
}

async function resourceSelect(client: HttpClient, spec: ExtractQuery): Promise<string> {
  const described = await callAction(client, spec.target, 'datastore_search', { resource_id: spec.resource ?? '', limit: 0 });
  const table = typeof described['resource_id'] === 'string' ? described['resource_id'] : (spec.resource ?? '');
  const all = Array.isArray(described['fields']) ? described['fields'].flatMap((field) => (isNamed(field) ? [field.id] : [])) : [];
  const columns = ['_id', ...(spec.fields ?? all).filter((id) => id !== '_id')].map(quoteIdentifier).join(', ');
  const conditions = resourceConditions(spec.filters, spec.q);
  return `SELECT ${columns} FROM ${quoteIdentifier(table)}${conditions.length === 0 ? '' : ` WHERE ${conditions.join(' AND ')}`}`;
}

/** The rows after `after` (an `_id`) that an `_id`-marked run will read, counted as the plan's total counts. */
async function countAfterId(client: HttpClient, spec: ExtractQuery, plan: ExtractPlan, after: string): Promise<number | undefined> {
  if (plan.method === PagingMethod.nextPage) {
    const filters = { ...spec.filters, _id: { gt: new JsonNumber(after) } };
    const result = await callAction(client, spec.target, 'datastore_search', {
      resource_id: plan.resourceId,
      limit: 0,
      filters,
      ...(spec.q === undefined ? {} : { q: spec.q }),
    });
    return result['total'] instanceof JsonNumber ? Number(result['total'].text) : undefined;
  }
  const source = spec.sql === undefined ? { resourceId: plan.resourceId ?? '', filters: spec.filters, q: spec.q } : { sql: spec.sql };
  const result = await callAction(client, spec.target, 'datastore_search_sql', { sql: buildIdSpanSql(source, after) });
  const rows = firstText(result['records'], 'rows');
  return rows === null ? undefined : Number(rows);
}

/** Refuses an `_id`-marked incremental extract that can find no row by `_id`: an --sql extract paged by offset. */
function checkIncrementalPaging(plan: ExtractPlan): void {
  if (plan.method !== PagingMethod.sqlOffset) return;
  throw new KitError(
    KitErrorCode.usage,
    '--incremental reads the rows after the last "_id", which this --sql extract does not select: add an "_id" column to its query',
  );
}

function firstText(records: LosslessValue | undefined, key: string): string | null {
  const first = Array.isArray(records) ? records[0] : undefined;
  const value = first !== null && typeof first === 'object' && !Array.isArray(first) && !(first instanceof JsonNumber) ? first[key] : undefined;
  if (value instanceof JsonNumber) return value.text;
  return typeof value === 'string' ? value : null;
}

function isNamed(value: LosslessValue): value is { id: string } {
  return value !== null && typeof value === 'object' && !Array.isArray(value) && !(value instanceof JsonNumber) && typeof value['id'] === 'string';
}
