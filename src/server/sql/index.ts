// datastore_search_sql for the reference server (work in progress: full pipeline lands shortly).
import type { ActionHandler } from '../types.ts';
import { ActionValidationError } from '../types.ts';

/** Reads an allow-list file (one entry a line); without a file, the project's default list. */
export async function loadAllowedFunctions(_file?: string): Promise<string[]> {
  return [];
}

/** The datastore_search_sql action. */
export const datastoreSearchSql: ActionHandler = async (request) => {
  const sql = request.params['sql'];
  if (typeof sql !== 'string' || sql === '') throw new ActionValidationError({ sql: ['Missing value'] });
  throw new ActionValidationError({ query: ['Not implemented yet'] });
};
