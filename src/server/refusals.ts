// How CKAN refuses a private resource to a caller who may not read it (403), as each version words it. The
// user's name is part of the message: empty for anonymous callers (hence the two spaces after "User").
import { ckanTraits } from './ckan-versions.ts';
import { ActionAuthorizationError, type ActionRequest, type ServerConfig } from './types.ts';

/** The refusal of a private resource (its real id) to the caller of datastore_search or datastore_search_sql. */
export function refusePrivateResource(
  resourceId: string,
  request: ActionRequest,
  config: ServerConfig,
  action: 'datastore_search' | 'datastore_search_sql',
): ActionAuthorizationError {
  const traits = ckanTraits(config.ckanRelease);
  const user = request.userName ?? '';
  if (!traits.has('datastore-auth-refusal')) return new ActionAuthorizationError(`User ${user} not authorized to read resource ${resourceId}`);
  if (action === 'datastore_search_sql') return new ActionAuthorizationError('Not authorized to read resource.');
  return new ActionAuthorizationError(`User ${user} not authorized to perform resource_show on resource ${resourceId}`);
}
