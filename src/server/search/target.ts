// Steps 2 and 3 of datastore_search: resolve the resource id or alias (404) and check access (403).
// `_table_metadata` skips both and takes its columns from the engine.
import type { ActionRequest, ServerContext } from '../types.ts';
import { refusePrivateResource } from '../refusals.ts';
import { ActionNotFoundError } from '../types.ts';
import type { FieldInfo } from './columns.ts';
import type { QueryTarget } from './query.ts';

export const tableMetadata = '_table_metadata';

/** The real table to search, with its columns; throws ActionNotFoundError / ActionAuthorizationError. */
export async function resolveTarget(resourceId: string, request: ActionRequest, context: ServerContext): Promise<QueryTarget> {
  if (resourceId === tableMetadata) return { table: tableMetadata, columns: await readViewColumns(tableMetadata, context) };
  const resource = context.datastore.resolve(resourceId);
  if (resource === undefined) throw new ActionNotFoundError(`Resource "${resourceId}" was not found.`);
  if (resource.private && !request.authorized) throw refusePrivateResource(resource.id, request, context.config, 'datastore_search');
  const columns = new Map<string, FieldInfo>([['_id', { id: '_id', type: 'int' }]]);
  for (const column of resource.columns) {
    const field: FieldInfo = { id: column.id, type: column.type };
    if (column.info !== undefined && Object.keys(column.info).length > 0) field.info = column.info;
    columns.set(column.id, field);
  }
  return { table: resource.id, columns };
}

async function readViewColumns(view: string, context: ServerContext): Promise<Map<string, FieldInfo>> {
  const result = await context.engine.query(`SELECT * FROM "${view}" LIMIT 0`, [], { timeoutMs: context.config.searchTimeoutMs });
  const columns = new Map<string, FieldInfo>();
  for (const field of result.fields) {
    if (field.name === '_id') columns.set('_id', { id: '_id', type: 'int' });
    else if (!field.name.startsWith('_')) columns.set(field.name, { id: field.name, type: field.typeName });
  }
  return columns;
}
