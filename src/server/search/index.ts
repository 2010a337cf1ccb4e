// datastore_search: CKAN 2.11's search action for the reference server (validation, query building, rendering).
import type { ActionHandler } from '../types.ts';
import { ActionValidationError } from '../types.ts';

/** The `datastore_search` action (stub until the implementation lands). */
export const datastoreSearch: ActionHandler = async () => {
  throw new ActionValidationError({ resource_id: ['Missing value'] });
};
