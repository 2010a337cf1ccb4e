// What order a datastore_search result promises for its records, read from the parameters CKAN echoes in it, and
// the rewriting of two record lists so that only that promise is compared. SQL orders records whose sort values are
// equal in whatever order the plan yields them (CKAN adds no tie-breaker), so two correct servers, or one CKAN
// before and after autovacuum analyzed its tables, may list tied records differently, and at a page's edge may
// show different members of a tie.
import { getChild } from '../util/json-pointer.ts';
import { readSqlPromise } from './sql-order.ts';

/**
 * `strict`: every position counts (an `_id` order, SQL, or ties that cannot be told because a sort field is not
 * in the records); `keys`: ordered by these fields, equal values in any order; `none`: no order at all, and
 * `selection` says what a cut page promises: which records (`sorted`: DISTINCT applied after a LIMIT in a total
 * order), only how many (`any`: DISTINCT without a sort), or neither (`arbitrary`: DISTINCT applied after a LIMIT
 * among ties or in no order, which leaves fewer records the more of the cut rows repeat).
 */
export type PromisedOrder = { kind: 'strict' } | { kind: 'keys'; keys: string[] } | { kind: 'none'; selection: 'sorted' | 'any' | 'arbitrary' };

/**
 * The order `result` promises, from its echoed `sort`, `q`/`full_text` (rank order) and `distinct`;
 * `distinctUnordered` when the server applies DISTINCT after LIMIT (CKAN #8709), which keeps no order.
 */
export function promisedOrder(result: unknown, distinctUnordered = false): PromisedOrder {
  const order = orderOf(result);
  // why: `_id` is unique, so an order that includes it has no ties, and the record at a cut page's edge is compared too
  if (!distinctUnordered || getChild(result, 'distinct') !== true) return order.kind === 'keys' && order.keys.includes('_id') ? { kind: 'strict' } : order;
  // why: the page is cut in the subselect's order, so which records it holds is promised only when that order has no ties
  return { kind: 'none', selection: order.kind === 'keys' && order.keys.includes('_id') ? 'sorted' : 'arbitrary' };
}

function orderOf(result: unknown): PromisedOrder {
  const sql = getChild(result, 'sql');
  if (typeof sql === 'string') return sqlOrder(sql);
  const sort = getChild(result, 'sort');
  if (sort !== undefined && sort !== '' && !(Array.isArray(sort) && sort.length === 0)) {
    const keys = parseSortFields(sort);
    return keys === undefined ? { kind: 'strict' } : { kind: 'keys', keys };
  }
  const ranks = rankFields(getChild(result, 'q'), getChild(result, 'full_text'));
  if (ranks.length > 0) return { kind: 'keys', keys: ranks };
  if (getChild(result, 'distinct') === true) return { kind: 'none', selection: 'any' };
  return { kind: 'strict' };
}

/**
 * The order of a datastore_search_sql result (it echoes its `sql`): its ORDER BY columns, every position when the
 * ORDER BY holds expressions, and none without one (the rows then compare as a multiset, and a LIMIT cuts an
 * arbitrary selection of which only the size is promised).
 */
function sqlOrder(sql: string): PromisedOrder {
  const promise = readSqlPromise(sql);
  if (promise.orderStrict) return { kind: 'strict' };
  if (promise.orderKeys.length > 0) return { kind: 'keys', keys: promise.orderKeys };
  return { kind: 'none', selection: 'any' };
}

/** A sort clause as CKAN reads it: the field, then an optional direction and `nulls first|last`. */
const SORT_CLAUSE = /^(.+?)(?:\s+(?:asc|desc))?(?:\s+nulls\s+(?:first|last))?$/i;

/** The fields of a `sort` ("a asc, b desc" or a list of clauses), undefined when a clause cannot be read. */
function parseSortFields(sort: unknown): string[] | undefined {
  const clauses = typeof sort === 'string' ? sort.split(',') : Array.isArray(sort) ? sort : undefined;
  if (clauses === undefined) return undefined;
  const fields: string[] = [];
  for (const clause of clauses) {
    if (typeof clause !== 'string') return undefined;
    const name = SORT_CLAUSE.exec(clause.trim())?.[1] ?? '';
    if (name === '') return undefined;
    fields.push(/^".*"$/.test(name) ? name.slice(1, -1).replace(/""/g, '"') : name);
  }
  return fields;
}

/** The rank columns a text search sorts by: `rank` for a string `q` or `full_text`, `rank <field>` per field of a `q` object. */
function rankFields(q: unknown, fullText: unknown): string[] {
  const ranks: string[] = [];
  if ((typeof fullText === 'string' && fullText !== '') || (typeof q === 'string' && q !== '')) ranks.push('rank');
  if (typeof q === 'object' && q !== null && !Array.isArray(q)) ranks.push(...Object.keys(q).map((field) => `rank ${field}`));
  return ranks;
}

/** A record as the comparison sees it: its field values when it has fields. */
export interface OrderedRow {
  value: unknown;
  fields: Map<string, unknown> | undefined;
}

/** Where a page of records stands: cut at its end (see readPageEdges) and/or after its start (an `offset`). */
export interface PageEdges {
  cutAtEnd: boolean;
  cutAtStart: boolean;
}

/**
 * The page edges of `result`, from its echoed `limit` and `offset`, its `total` and the number of records: cut at
 * the end when it holds `limit` records or fewer than the total counts after the offset (a DISTINCT applied after
 * LIMIT, CKAN #8709, gives fewer records than the limit from a cut page).
 */
export function readPageEdges(result: unknown, count: number): PageEdges {
  const sql = getChild(result, 'sql');
  if (typeof sql === 'string') {
    const promise = readSqlPromise(sql);
    return { cutAtEnd: promise.limited || getChild(result, 'records_truncated') === true, cutAtStart: promise.offset };
  }
  const limit = Number(getChild(result, 'limit'));
  const offset = Number(getChild(result, 'offset') ?? 0);
  const total = getChild(result, 'total');
  const short = typeof total === 'number' && Number.isFinite(offset) && total > offset + count;
  return { cutAtEnd: (Number.isFinite(limit) && count >= limit) || short, cutAtStart: Number.isFinite(offset) && offset > 0 };
}

/**
 * Both lists with only the promised order left to compare: each run of records with equal sort values sorted by
 * content (the same way on both sides), and a run at a cut page edge left out when both sides end (or start) on
 * the same sort values with as many records, since any members of that tie are a right answer. Without an order,
 * the whole list is one run, and a cut page whose selection is not promised keeps only its length (`any`) or
 * nothing (`arbitrary`). Lists whose sort values cannot be read from every record come back as they are.
 */
export function settleTies<T extends OrderedRow>(expected: readonly T[], actual: readonly T[], order: PromisedOrder, edges: PageEdges): [T[], T[]] {
  if (order.kind === 'strict') return [[...expected], [...actual]];
  if (order.kind === 'none') {
    const cut = edges.cutAtEnd || edges.cutAtStart;
    if (cut && (order.selection === 'arbitrary' || (order.selection === 'any' && expected.length === actual.length))) return [[], []];
    return [byContent(expected), byContent(actual)];
  }
  const keyOf = (row: T): string | undefined =>
    order.keys.every((key) => row.fields?.has(key)) ? JSON.stringify(order.keys.map((key) => row.fields?.get(key))) : undefined;
  const expectedKeys = expected.map(keyOf);
  const actualKeys = actual.map(keyOf);
  if ([...expectedKeys, ...actualKeys].some((key) => key === undefined)) return [[...expected], [...actual]];
  let before = runsOf(expected, expectedKeys as string[]);
  let after = runsOf(actual, actualKeys as string[]);
  const sameEdge = (a: Run<T> | undefined, b: Run<T> | undefined): boolean =>
    a !== undefined && b !== undefined && a.key === b.key && a.rows.length === b.rows.length;
  if (edges.cutAtEnd && sameEdge(before.at(-1), after.at(-1))) [before, after] = [before.slice(0, -1), after.slice(0, -1)];
  if (edges.cutAtStart && sameEdge(before[0], after[0])) [before, after] = [before.slice(1), after.slice(1)];
  return [before.flatMap((run) => byContent(run.rows)), after.flatMap((run) => byContent(run.rows))];
}

interface Run<T> {
  key: string;
  rows: T[];
}

function runsOf<T>(rows: readonly T[], keys: readonly string[]): Run<T>[] {
  const runs: Run<T>[] = [];
  rows.forEach((row, index) => {
    const key = keys[index] as string;
    const last = runs.at(-1);
    if (last !== undefined && last.key === key) last.rows.push(row);
    else runs.push({ key, rows: [row] });
  });
  return runs;
}

function byContent<T extends OrderedRow>(rows: readonly T[]): T[] {
  const text = new Map(rows.map((row) => [row, JSON.stringify(row.value)]));
  return [...rows].sort((a, b) => ((text.get(a) ?? '') < (text.get(b) ?? '') ? -1 : (text.get(a) ?? '') > (text.get(b) ?? '') ? 1 : 0));
}
