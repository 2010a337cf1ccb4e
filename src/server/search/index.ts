// datastore_search: CKAN's search action for the reference server, as the configured version answers it. Order of checks: schema
// validation (409, all errors), resource resolution (404), access (403), column validation (409, first
// failing param), then the query (409 on database errors or timeout).
import { ckanTraits } from '../ckan-versions.ts';
import { EngineQueryError, EngineTimeoutError } from '../engine.ts';
import { parseFilterOps, UnknownFilterOperationError, type FilterOp } from './filter-ops.ts';
import type { ActionHandler, ServerContext } from '../types.ts';
import { ActionValidationError, RawJson } from '../types.ts';
import { validateColumns } from './columns.ts';
import { buildLinks } from './links.ts';
import { validateSearchParams, type SearchParams } from './params.ts';
import { buildSearchQuery, type QueryOptions, type QueryTarget, type SearchQuery } from './query.ts';
import { composeResult } from './result.ts';
import { resolveTarget } from './target.ts';
import { hasTextQuery } from './text-search.ts';

/** The `datastore_search` action; returns the envelope's `result` (records as RawJson or a csv/tsv string). */
export const datastoreSearch: ActionHandler = async (request, context) => {
  const traits = ckanTraits(context.config.ckanVersion);
  const validated = validateSearchParams(request.params, context.config);
  if (!validated.ok) throw new ActionValidationError(validated.errors);
  const params = validated.params;
  const target = await resolveTarget(params.resourceId, request, context);
  const filterTree = traits.filterOperators ? parseFilterTree(params, target.columns) : undefined;
  const columnErrors = validateColumns(params, target.columns, traits.filterOperators);
  if (columnErrors !== undefined) throw new ActionValidationError(columnErrors);
  const query = buildQuery(params, target, { traits, filterTree });
  if (query.adaptError !== undefined) throw invalidQuery(query.recordsSql, query.params, query.adaptError.message);
  const records = await readRecords(params, query, context);
  const total = params.includeTotal ? await countTotal(params, query, context) : undefined;
  const lastId = query.nextPage === undefined ? undefined : (await runQuery(query.nextPage.sql, query.params, context)).rows[0]?.[0];
  return composeResult({
    params,
    traits,
    resourceId: target.table,
    records,
    fields: query.resultFields,
    links: buildLinks(request.path, request.queryString, params.limit, params.offset ?? 0),
    total,
    filterTree,
    ...(query.nextPage === undefined || lastId === null || lastId === undefined ? {} : { nextPage: { _id: { [query.nextPage.operator]: Number(lastId) } } }),
  });
};

/** CKAN 2.12's filter parser, which runs before the other column checks; its errors are all reported. */
function parseFilterTree(params: SearchParams, columns: QueryTarget['columns']): FilterOp | undefined {
  const parsed = parseFilterOps(params.filters, columns);
  if (!parsed.ok) throw new ActionValidationError({ filters: parsed.errors });
  return parsed.filter;
}

function buildQuery(params: SearchParams, target: QueryTarget, options: QueryOptions): SearchQuery {
  try {
    return buildSearchQuery(params, target, options);
  } catch (error) {
    if (error instanceof UnknownFilterOperationError) throw new ActionValidationError({ filters: [error.message] });
    throw error;
  }
}

async function readRecords(params: SearchParams, query: SearchQuery, context: ServerContext): Promise<unknown> {
  const result = await runQuery(query.recordsSql, query.params, context);
  const text = result.rows[0]?.[0] ?? null;
  if (params.recordsFormat === 'csv' || params.recordsFormat === 'tsv') return text ?? '';
  return text === null || text === '[]' ? [] : new RawJson(text);
}

/**
 * The exact count. With total_estimation_threshold set and no filters, text query or distinct, CKAN
 * would use the planner's estimate; this server uses the exact count as its estimate (allowed by the
 * spec) and reports total_was_estimated: true when it is at least the threshold.
 */
async function countTotal(params: SearchParams, query: SearchQuery, context: ServerContext): Promise<{ total: number; estimated: boolean }> {
  const result = await runQuery(query.countSql, query.params, context);
  const total = Number(result.rows[0]?.[0] ?? '0');
  const threshold = params.totalEstimationThreshold;
  const estimable =
    threshold !== null && threshold !== undefined && Object.keys(params.filters ?? {}).length === 0 && !hasTextQuery(params) && params.distinct !== true;
  return { total, estimated: estimable && total >= threshold };
}

async function runQuery(sql: string, params: readonly (string | null)[], context: ServerContext) {
  try {
    return await context.engine.query(sql, params, { timeoutMs: context.config.searchTimeoutMs });
  } catch (error) {
    if (error instanceof EngineTimeoutError) throw new ActionValidationError({ query: ['Search took too long'] });
    if (error instanceof EngineQueryError) throw invalidQuery(sql, params, error.message);
    throw error;
  }
}

function invalidQuery(sql: string, params: readonly (string | null)[], message: string): ActionValidationError {
  return new ActionValidationError({
    query: ['Invalid query'],
    info: { statement: [sql], params: [params], orig: [message] },
  });
}
