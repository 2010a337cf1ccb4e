// datastore_search: CKAN 2.11's search action for the reference server. Order of checks: schema
// validation (409, all errors), resource resolution (404), access (403), column validation (409, first
// failing param), then the query (409 on database errors or timeout).
import { EngineQueryError, EngineTimeoutError } from '../engines/types.ts';
import type { ActionHandler, ServerContext } from '../types.ts';
import { ActionValidationError, RawJson } from '../types.ts';
import { validateColumns } from './columns.ts';
import { formatCopyCsv } from './csv.ts';
import { buildLinks } from './links.ts';
import { validateSearchParams, type SearchParams } from './params.ts';
import { buildSearchQuery, type SearchQuery } from './query.ts';
import { composeResult } from './result.ts';
import { resolveTarget } from './target.ts';
import { hasTextQuery } from './text-search.ts';

/** The `datastore_search` action; returns the envelope's `result` (records as RawJson or a csv/tsv string). */
export const datastoreSearch: ActionHandler = async (request, context) => {
  const validated = validateSearchParams(request.params, context.config);
  if (!validated.ok) throw new ActionValidationError(validated.errors);
  const params = validated.params;
  const target = await resolveTarget(params.resourceId, request, context);
  const columnErrors = validateColumns(params, target.columns);
  if (columnErrors !== undefined) throw new ActionValidationError(columnErrors);
  const query = buildSearchQuery(params, target);
  if (query.adaptError !== undefined) throw invalidQuery(query.recordsSql, query.params, query.adaptError.message);
  const records = await readRecords(params, query, context);
  const total = params.includeTotal ? await countTotal(params, query, context) : undefined;
  return composeResult({
    params,
    resourceId: target.table,
    records,
    fields: query.resultFields,
    links: buildLinks(request.path, request.queryString, params.limit, params.offset ?? 0),
    total,
  });
};

export { validateSearchParams } from './params.ts';
export type { SearchParams } from './params.ts';

async function readRecords(params: SearchParams, query: SearchQuery, context: ServerContext): Promise<unknown> {
  const result = await runQuery(query.recordsSql, query.params, context);
  if (params.recordsFormat === 'csv' || params.recordsFormat === 'tsv') {
    return formatCopyCsv(result.rows, params.recordsFormat === 'csv' ? ',' : '\t');
  }
  const text = result.rows[0]?.[0] ?? null;
  return text === null || text === '[]' ? [] : new RawJson(text);
}

/**
 * The exact count. With total_estimation_threshold set and no filters, text query or distinct, CKAN
 * would use the planner's estimate; this server uses the exact count as its estimate (allowed by the
 * spec) and reports total_was_estimated: true when it is at least the threshold.
 */
async function countTotal(
  params: SearchParams,
  query: SearchQuery,
  context: ServerContext,
): Promise<{ total: number; estimated: boolean }> {
  const result = await runQuery(query.countSql, query.params, context);
  const total = Number(result.rows[0]?.[0] ?? '0');
  const threshold = params.totalEstimationThreshold;
  const estimable =
    threshold !== null &&
    Object.keys(params.filters ?? {}).length === 0 &&
    !hasTextQuery(params) &&
    params.distinct !== true;
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
