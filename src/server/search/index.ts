// datastore_search: CKAN's search action for the reference server, as the configured version answers it. Order of checks: schema
// validation (409, all errors), resource resolution (404), access (403), column validation (409, first
// failing param), then the query (409 on database errors or timeout).
import { ckanTraits, type CkanTraits } from '../ckan-versions.ts';
import { parseFilterOps, UnknownFilterOperationError, type FilterOp } from './filter-ops.ts';
import type { ActionHandler, ServerContext } from '../types.ts';
import { ActionValidationError, RawJson } from '../types.ts';
import { splitNameList, validateColumns, type FieldInfo } from './columns.ts';
import { buildLinks } from './links.ts';
import { validateSearchParams, type SearchParams } from './params.ts';
import { copyCellType, runCopyStatement, runStatement, type QueryTarget } from './query.ts';
import { composeResult } from './result.ts';
import { buildSearchStatements, type SearchStatements } from './statement.ts';
import { resolveTarget } from './target.ts';
import { hasTextQuery } from './text-search.ts';

/** The `datastore_search` action; returns the envelope's `result` (records as RawJson or a csv/tsv string). */
export const datastoreSearch: ActionHandler = async (request, context) => {
  const traits = ckanTraits(context.config.ckanRelease);
  const validated = validateSearchParams(request.params, context.config);
  if (!validated.ok) throw new ActionValidationError(validated.errors);
  const params = validated.params;
  const target = await resolveTarget(params.resourceId, request, context);
  const filterTree = traits.has('filter-operators') ? parseFilterTree(params, target.columns) : undefined;
  const columnErrors = validateColumns(params, target.columns, {
    filterOperators: traits.has('filter-operators'),
    sortNulls: !traits.has('sort-nulls-refused'),
  });
  if (columnErrors !== undefined) throw new ActionValidationError(columnErrors);
  const statements = buildStatements(params, target, { traits, tree: filterTree });
  const page = await readRecords(statements, context);
  const total = params.includeTotal ? await countTotal(params, statements, context) : undefined;
  const lastId = statements.nextPage?.statement === undefined ? page.lastId : (await runStatement(statements.nextPage.statement, context))[0];
  return composeResult({
    params,
    traits,
    resourceId: target.table,
    records: page.records,
    fields: listResultFields(params, target.columns, statements.rankIds),
    links: buildLinks(request.path, request.queryString, params.limit, params.offset ?? 0),
    total,
    filterTree,
    ...(statements.nextPage === undefined || lastId === null || lastId === undefined
      ? {}
      : { nextPage: { _id: { [statements.nextPage.operator]: Number(lastId) } } }),
  });
};

/** CKAN 2.12's filter parser, which runs before the other column checks; its errors are all reported. */
function parseFilterTree(params: SearchParams, columns: QueryTarget['columns']): FilterOp | undefined {
  const parsed = parseFilterOps(params.filters, columns);
  if (!parsed.ok) throw new ActionValidationError({ filters: parsed.errors });
  return parsed.filter;
}

function buildStatements(params: SearchParams, target: QueryTarget, options: { traits: CkanTraits; tree: FilterOp | undefined }): SearchStatements {
  try {
    return buildSearchStatements(params, target.columns, target.table, options);
  } catch (error) {
    if (error instanceof UnknownFilterOperationError) throw new ActionValidationError({ filters: [error.message] });
    throw error;
  }
}

/** The page of records and, for 2.12's include_next_page, the last `_id` the same statement read. */
async function readRecords(statements: SearchStatements, context: ServerContext): Promise<{ records: unknown; lastId?: string | null | undefined }> {
  if (statements.copy !== undefined) {
    return { records: await runCopyStatement(statements.records, statements.copy, statements.fieldTypes.map(copyCellType), context) };
  }
  const [text = null, lastId] = await runStatement(statements.records, context);
  return { records: text === null || text === '[]' ? [] : new RawJson(text), lastId };
}

/**
 * The exact count. With total_estimation_threshold set and no filters, text query or distinct, CKAN
 * would use the planner's estimate; this server uses the exact count as its estimate (allowed by the
 * spec) and reports total_was_estimated: true when it is at least the threshold.
 */
async function countTotal(params: SearchParams, statements: SearchStatements, context: ServerContext): Promise<{ total: number; estimated: boolean }> {
  const total = Number((await runStatement(statements.count, context))[0] ?? '0');
  const threshold = params.totalEstimationThreshold;
  const estimable =
    threshold !== null && threshold !== undefined && Object.keys(params.filters ?? {}).length === 0 && !hasTextQuery(params) && params.distinct !== true;
  return { total, estimated: estimable && total >= threshold };
}

/** _result_fields: the listed `fields` (none for "" or []), else every column and rank column. */
function listResultFields(params: SearchParams, columns: ReadonlyMap<string, FieldInfo>, rankIds: readonly string[]): FieldInfo[] {
  const all = [...columns.keys(), ...rankIds];
  const names = params.fields === undefined ? all : splitNameList(params.fields, true).map(String);
  return names.map((name): FieldInfo => columns.get(name) ?? { id: name, type: 'float' });
}
