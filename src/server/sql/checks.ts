// The checks CKAN makes before running SQL, decided from PostgreSQL's own parse of the wrapped statement.
import { refusePrivateResource } from '../refusals.ts';
import type { ActionRequest, Datastore, ServerContext } from '../types.ts';
import { ActionAuthorizationError, ActionValidationError } from '../types.ts';
import { isFunctionAllowed } from './allow-list.ts';
import type { Inspection, RelationRef } from './inspect.ts';
import { inspectTree } from './inspect.ts';
import { parseSql } from './parse.ts';
import { countStatements, findKeywordCalls } from './split.ts';
import { databaseError, type SqlStatement } from './statement.ts';

/** What the table checks read of the server: its datastore and settings. */
export type CheckContext = Pick<ServerContext, 'datastore' | 'config'>;

/**
 * Refuses anything but exactly one query, with CKAN's errors: several statements (or a backslash-quote `\'`, on the
 * releases with that fix) → 409 "not a single statement"; anything CKAN's statement does not parse as (INSERT, DROP,
 * a trailing `;`, a syntax error) → 409 with PostgreSQL's own message; so is a statement nested too deeply to run
 * safely (PostgreSQL's "stack depth limit exceeded"). Call loadParser() first.
 */
export function inspectStatement(statement: SqlStatement): Inspection {
  const { sql, traits } = statement;
  if ((traits.has('backslash-quote-refused') && sql.includes("\\'")) || countStatements(sql) > 1) notSingleStatement();
  const parsed = parseSql(statement.ckanText);
  if (!parsed.ok) throw databaseError(statement, { message: parsed.message, sqlState: syntaxError, position: parsed.position });
  const found = inspectTree(parsed.tree, statement.ckanText);
  // why: PostgreSQL's own answer to a statement nested too deeply (SQLSTATE 54001), before any other check
  if (found.tooDeep) throw databaseError(statement, { message: 'stack depth limit exceeded', sqlState: '54001' });
  // The tokenizer count above mirrors CKAN; this one is the parser's, and is the one that protects.
  if (found.statementCount !== 1) notSingleStatement();
  if (found.hasInto) throw databaseError(statement, { message: 'SELECT ... INTO is not allowed here', sqlState: syntaxError });
  if (found.otherStatement !== undefined) {
    // PostgreSQL refuses a data-modifying WITH below the top level (SQLSTATE 0A000). CKAN leaves that class
    // unhandled (a 500); like every other query error here it is a 409 with PostgreSQL's message, and the
    // statement never reaches the engine.
    const message = 'WITH clause containing a data-modifying statement must be at the top level';
    throw databaseError(statement, { message, sqlState: '0A000' });
  }
  // FOR UPDATE/SHARE needs a privilege the read-only role lacks: CKAN answers the 42501 with this 403.
  if (found.hasLocking) throw new ActionAuthorizationError('Not authorized to read resource.');
  return found;
}

const syntaxError = '42601';

function notSingleStatement(): never {
  throw new ActionValidationError({ query: ['Query is not a single statement.'] });
}

/**
 * Tables, in CKAN's order: unknown (409, PostgreSQL's message), system (403), private without
 * access (403). A CTE named like a resource is still checked as that resource: scoping rules never
 * decide access.
 */
export function checkRelations(found: Inspection, statement: SqlStatement, request: ActionRequest, context: CheckContext): void {
  const { datastore } = context;
  for (const relation of found.relations) {
    if (isSystemRelation(relation) || resolveRelation(relation, datastore) !== undefined) continue;
    if (relation.schema === undefined && relation.catalog === undefined && found.cteNames.has(relation.name)) continue;
    const message = `relation "${qualifiedName(relation)}" does not exist`;
    throw databaseError(statement, { message, sqlState: '42P01', position: relation.position });
  }
  if (found.relations.some(isSystemRelation)) {
    throw new ActionAuthorizationError('Not authorized to access system tables');
  }
  for (const relation of found.relations) {
    const resource = resolveRelation(relation, datastore);
    if (resource?.private === true && !request.authorized) throw refusePrivateResource(resource.id, request, context.config, 'datastore_search_sql');
  }
}

/**
 * Every function must be on the allow-list (CKAN's matching); a schema other than pg_catalog is refused.
 * `sql` is also scanned as CKAN's tokenizer does, so a keyword written like a call counts as a function.
 */
export function checkFunctions(found: Inspection, allowed: readonly string[], sql: string): void {
  for (const name of findKeywordCalls(sql, keywordsSeenAsCalls)) {
    if (!isFunctionAllowed(name, allowed)) throw new ActionAuthorizationError(`Not authorized to call function ${name}`);
  }
  for (const fn of found.functions) {
    const schemaOk = fn.schema === undefined || fn.schema === 'pg_catalog';
    if (!schemaOk || !isFunctionAllowed(fn.name, allowed)) {
      throw new ActionAuthorizationError(`Not authorized to call function ${fn.name}`);
    }
  }
}

// Keywords CKAN's tokenizer groups with a following parenthesis as if they were function names.
const keywordsSeenAsCalls = ['distinct'];

function isSystemRelation(relation: RelationRef): boolean {
  const schema = relation.schema ?? '';
  return schema === 'information_schema' || schema.startsWith('pg_') || relation.name.startsWith('pg_') || relation.name === '_table_metadata';
}

function resolveRelation(relation: RelationRef, datastore: Datastore) {
  if (relation.catalog !== undefined) return undefined;
  if (relation.schema !== undefined && relation.schema !== 'public') return undefined;
  return datastore.resolve(relation.name);
}

function qualifiedName(relation: RelationRef): string {
  return [relation.catalog, relation.schema, relation.name].filter((p) => p !== undefined).join('.');
}
