// The datastore_search_sql action: input, checks, execution and the result object.
import type { EngineResult } from '../engine.ts';
import { EngineQueryError, EngineTimeoutError } from '../engine.ts';
import { ckanTraits, type CkanTraits } from '../ckan-versions.ts';
import type { ActionHandler, ActionRequest, Datastore, ServerContext } from '../types.ts';
import { ActionAuthorizationError, ActionValidationError, RawJson } from '../types.ts';
import { loadDefaultAllowedFunctions } from './allow-list.ts';
import { checkFunctions, checkRelations, inspectStatement } from './checks.ts';
import { createSqlStatement, databaseError, type SqlStatement } from './statement.ts';
import type { Inspection } from './inspect.ts';
import { loadParser } from './parse.ts';
import { pyJsonDumps, pyRepr, pyStr } from '../python/index.ts';
import { type RenderOptions, valueRenderer, type ValueRenderer } from './render.ts';

/**
 * CKAN's `datastore_search_sql`, as the configured version answers it. Only `sql` is read; other params are echoed in the result.
 * The function allow-list is `config.allowedFunctions`, or the project's default list when that is empty.
 */
export const datastoreSearchSql: ActionHandler = async (request, context) => {
  const traits = ckanTraits(context.config.ckanRelease);
  try {
    return await searchSql(request, context, traits);
  } catch (error) {
    // why: CKAN 2.9 raised these refusals with a dict, so the message shows its repr
    if (traits.has('sql-permission-dict') && error instanceof ActionAuthorizationError && error.detail.startsWith('Not authorized')) {
      throw new ActionAuthorizationError(`{'permissions': [${pyRepr(error.detail)}]}`);
    }
    throw error;
  }
};

async function searchSql(request: ActionRequest, context: ServerContext, traits: CkanTraits): Promise<unknown> {
  const sql = readSql(request.params['sql']);
  const statement = createSqlStatement(sql, context.config.rowsMax, traits);
  await loadParser();
  const found = inspectStatement(statement);
  checkRelations(found, statement, request, context);
  const allowed = context.config.allowedFunctions.length > 0 ? context.config.allowedFunctions : await loadDefaultAllowedFunctions();
  checkFunctions(found, allowed, sql);
  const result = await runQuery(statement, context);
  const jsonColumns = findCkanJsonColumns(found, context.datastore);
  const rendering = {
    ckanJsonColumns: jsonColumns,
    numericAsString: traits.has('sql-numeric-as-string'),
    nonFiniteFloats: traits.has('sql-non-finite-floats-refused') ? 'refuse' : 'token',
  } as const;
  return { ...request.params, sql, ...renderResult(result, context.config.rowsMax, rendering) };
}

/** CKAN's schema for `sql`: not missing (nor empty), then Python's str() of whatever came. */
function readSql(value: unknown): string {
  if (value === undefined || value === null || value === '') {
    throw new ActionValidationError({ sql: ['Missing value'] });
  }
  return typeof value === 'string' ? value : pyStr(value);
}

async function runQuery(statement: SqlStatement, context: ServerContext): Promise<EngineResult> {
  try {
    return await context.engine.query(statement.wrapped, [], { readOnly: true, timeoutMs: context.config.sqlTimeoutMs });
  } catch (error: unknown) {
    throw translateEngineError(error, statement);
  }
}

// SQLSTATE classes that mean the server itself is in trouble (connection, resources, system, internal): a 500.
// Every other database error is the query's fault and answers 409 with PostgreSQL's own message, runtime errors
// (a division by zero, a bad cast) included. CKAN itself answers 409 only for psycopg2's ProgrammingError
// classes and 500 for the rest (spec 4.2 step 7); a 500 tells the caller nothing, so this server is friendlier.
const serverErrorClasses = new Set(['08', '53', '58', 'XX']);

/** Maps an engine failure to CKAN's answer (see the spec's 4.2 step 7). */
export function translateEngineError(error: unknown, statement: SqlStatement): unknown {
  if (error instanceof EngineTimeoutError) return new ActionValidationError({ query: ['Query took too long'] });
  if (!(error instanceof EngineQueryError)) return error;
  const state = error.sqlState ?? '';
  if (state === '57014') return new ActionValidationError({ query: ['Query took too long'] });
  if (state === '42501') return new ActionAuthorizationError('Not authorized to read resource.');
  if (!serverErrorClasses.has(state.slice(0, 2))) {
    return databaseError(statement, { message: error.message, sqlState: state, position: error.position, detail: error.detail, hint: error.hint });
  }
  return new Error(`datastore_search_sql: database error ${state}: ${error.message}`, { cause: error });
}

/**
 * Names of the CKAN json columns of the resources the query reads. The engine stores them as native
 * json, like any json expression, so an output json column counts as a CKAN json column by its name.
 */
export function findCkanJsonColumns(found: Inspection, datastore: Datastore): ReadonlySet<string> {
  const names = new Set<string>();
  for (const relation of found.relations) {
    const resource = relation.catalog === undefined ? datastore.resolve(relation.name) : undefined;
    for (const column of resource?.columns ?? []) if (column.type === 'json') names.add(column.id);
  }
  return names;
}

/** How renderResult writes values: the CKAN json columns by name (sent parsed), and the version's RenderOptions. */
export interface ResultRendering extends Omit<RenderOptions, 'ckanJson'> {
  ckanJsonColumns?: ReadonlySet<string>;
}

/**
 * `records` (one RawJson, so numbers keep their text), `fields`, and `records_truncated` past the cap. With
 * `numericAsString` (CKAN up to 2.10) `numeric` values are JSON strings.
 */
export function renderResult(result: EngineResult, rowsMax: number, rendering: ResultRendering = {}): Record<string, unknown> {
  const truncated = result.rows.length > rowsMax;
  const rows = truncated ? result.rows.slice(0, rowsMax) : result.rows;
  const fields = result.fields.map((f) => ({ id: f.name, type: f.typeName }));
  const members = planMembers(result, rendering);
  const records = rows.map((row) => renderRecord(row, members));
  const out: Record<string, unknown> = { records: new RawJson(`[${records.join(', ')}]`), fields };
  if (truncated) out['records_truncated'] = true;
  return out;
}

/**
 * One member of every record: what comes before its value (the separator and key, already as JSON text), the
 * column its value comes from, and how it is rendered.
 */
interface RecordMember {
  prefix: string;
  column: number;
  render: ValueRenderer;
}

/**
 * A Python dict: a repeated column name keeps its first position and its last value. Worked out once per result,
 * not once per row (pages run to rows_max records).
 */
function planMembers(result: EngineResult, rendering: ResultRendering): RecordMember[] {
  const { ckanJsonColumns = new Set<string>(), ...options } = rendering;
  const byName = new Map<string, { keyJson: string; column: number }>();
  result.fields.forEach((field, column) => {
    const member = byName.get(field.name);
    if (member === undefined) byName.set(field.name, { keyJson: `${pyJsonDumps(field.name)}: `, column });
    else member.column = column;
  });
  return [...byName.values()].map(({ keyJson, column }, index) => {
    const field = result.fields[column];
    const ckanJson = field?.typeName === 'json' && ckanJsonColumns.has(field.name);
    return { prefix: `${index === 0 ? '' : ', '}${keyJson}`, column, render: valueRenderer(field?.typeName ?? 'text', { ...options, ckanJson }) };
  });
}

function renderRecord(row: readonly (string | null)[], members: readonly RecordMember[]): string {
  let text = '{';
  for (const { prefix, column, render } of members) {
    const value = row[column];
    text += prefix + (value === null || value === undefined ? 'null' : render(value));
  }
  return `${text}}`;
}
