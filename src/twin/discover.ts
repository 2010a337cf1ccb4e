// What the mirror must copy besides the rows: the CKAN release the target names (status_show), the aliases of each
// table (CKAN's _table_metadata, and a profile value that resolves to it), and which tables refuse a caller
// without the token (private). A target that has none of these simply gives nothing: the mirror then has none.
import { ActionCallError, callAction, JsonNumber, type LosslessValue } from '../extract/index.ts';
import type { HttpClient } from '../http/index.ts';
import type { TwinTarget } from './types.ts';

const anonymous = (target: TwinTarget) => ({ baseUrl: target.url });
const withToken = (target: TwinTarget) => ({ baseUrl: target.url, ...(target.token === undefined ? {} : { token: target.token }) });

async function tryAction(
  client: HttpClient,
  where: { baseUrl: string; token?: string },
  action: string,
  params: Record<string, unknown>,
): Promise<Record<string, LosslessValue> | undefined> {
  try {
    return await callAction(client, where, action, params);
  } catch (error) {
    if (error instanceof ActionCallError) return undefined;
    throw error;
  }
}

/** The CKAN version status_show names (`2.11.3`), or undefined (no status_show, or a hidden version). */
export async function readCkanVersion(client: HttpClient, target: TwinTarget): Promise<string | undefined> {
  const status = await tryAction(client, anonymous(target), 'status_show', {});
  const version = status?.['ckan_version'];
  return typeof version === 'string' && version.trim() !== '' ? version.trim() : undefined;
}

/**
 * The aliases of table `id`: the names `_table_metadata` lists with `alias_of` = id, and those of `candidates` (profile
 * values) that the target resolves to it (it answers them with `resource_id` = id).
 */
export async function findAliases(client: HttpClient, target: TwinTarget, id: string, candidates: readonly string[]): Promise<string[]> {
  const aliases = new Set<string>();
  const listing = await tryAction(client, anonymous(target), 'datastore_search', {
    resource_id: '_table_metadata',
    filters: { alias_of: id },
    fields: ['name'],
    limit: 100,
  });
  const records = Array.isArray(listing?.['records']) ? listing['records'] : [];
  for (const record of records) {
    const name = record !== null && typeof record === 'object' && !Array.isArray(record) && !(record instanceof JsonNumber) ? record['name'] : undefined;
    if (typeof name === 'string' && name !== id) aliases.add(name);
  }
  for (const candidate of candidates) {
    if (aliases.has(candidate) || candidate === id) continue;
    const answer = await tryAction(client, withToken(target), 'datastore_search', { resource_id: candidate, limit: 0 });
    if (answer?.['resource_id'] === id) aliases.add(candidate);
  }
  return [...aliases];
}

/** Whether table `id` refuses a caller without the token (only asked when there is a token to compare with). */
export async function isPrivate(client: HttpClient, target: TwinTarget, id: string): Promise<boolean> {
  if (target.token === undefined) return false;
  return (await tryAction(client, anonymous(target), 'datastore_search', { resource_id: id, limit: 0 })) === undefined;
}
