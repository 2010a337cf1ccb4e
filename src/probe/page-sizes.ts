// rowsDefault and rowsMax: the page sizes a site applies (ckan.datastore.search.rows_default and rows_max), read
// from the limit a search reports having applied, without a limit and with one far above any rows_max.
import { CKAN_SETTING_VALUES } from '../catalogue/index.ts';
import type { ProbeTarget } from './ask.ts';
import { found, missing, search, type Found } from './search.ts';

/** Far above any site's rows_max, and still a 32-bit integer. */
const HUGE_LIMIT = 1_000_000_000;

export type PageSizeName = 'rowsDefault' | 'rowsMax';

/** The page size `name` the site applies, from a search of `resourceId` that matches no record. */
export async function readPageSize(target: ProbeTarget, resourceId: string, name: PageSizeName): Promise<Found<number>> {
  const how = name === 'rowsDefault' ? 'without a limit' : `with limit ${HUGE_LIMIT}`;
  // why a filter no record matches: only result.limit is wanted, not the rows
  const params = { resource_id: resourceId, fields: ['_id'], filters: { _id: -1 }, ...(name === 'rowsMax' ? { limit: HUGE_LIMIT } : {}) };
  const answer = await search(target, params);
  if (typeof answer === 'string') return missing(answer);
  const limit = answer.limit;
  if (limit === undefined) return missing(`a search ${how} reports no result.limit`);
  if (name === 'rowsMax' && limit >= HUGE_LIMIT) return missing(`the site lowers no limit (a search ${how} reports result.limit ${limit})`);
  const usual = limit === CKAN_SETTING_VALUES[name] ? ", CKAN's default" : `; CKAN's default is ${String(CKAN_SETTING_VALUES[name])}`;
  return found(limit, `result.limit of a search ${how}${usual}`);
}
