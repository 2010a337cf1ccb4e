// Which resources the catalogue runs on: those named, else discovered (_table_metadata, then package_search),
// each described by one limit-0 search (anonymous, then with the token), public ones with enough rows first.
import { askAction, type ProbeTarget } from './ask.ts';
import { found, isNumericField, isPlainName, isTextField, missing, plural, search, type FieldDef, type Found } from './search.ts';
import { isPlainObject } from '../util/json.ts';

/** Rows a resource should have for the catalogue's limits and offsets (limit 40, offset 10 + 5, ...). */
export const ENOUGH_ROWS = 30;

/** One resource as a limit-0 search described it. */
export interface ResourceFacts {
  id: string;
  total: number;
  fields: FieldDef[];
  /** `private`: refused anonymously and not opened by the token (or no token); `private-readable`: the token opened it. */
  access: 'public' | 'private' | 'private-readable';
}

/** The resources the catalogue names, found or not. */
export interface ResourceChoice {
  courses: Found<ResourceFacts>;
  measurements: Found<ResourceFacts>;
  staff: Found<ResourceFacts>;
  /** How the candidates were found, for the profile's header. */
  source: string;
}

/** Candidate ids: the named ones, else discovered; at most `max`. A string is why none could be listed. */
export async function listCandidates(target: ProbeTarget, named: readonly string[], max: number): Promise<{ ids: string[]; source: string } | string> {
  if (named.length > 0) return { ids: [...named], source: '--resource' };
  const listing = await search(target, { resource_id: '_table_metadata', fields: ['name', 'alias_of'], limit: 1000 }, { auth: false });
  if (typeof listing !== 'string') {
    const ids = listing.records.flatMap((r) => (typeof r['name'] === 'string' && !r['name'].startsWith('_') && r['alias_of'] == null ? [r['name']] : []));
    if (ids.length > 0) return { ids: ids.slice(0, max), source: `_table_metadata (${plural(ids.length, 'table')})` };
  }
  const ids = await searchPackages(target);
  if (ids.length > 0) return { ids: ids.slice(0, max), source: `package_search (${plural(ids.length, 'DataStore resource')})` };
  const why = typeof listing === 'string' ? `_table_metadata: ${listing}` : '_table_metadata lists no table';
  return `no DataStore resource found (${why}; package_search found none); name them with --resource ID`;
}

/**
 * Resource ids with `datastore_active` from package_search: filtered on the index when the site indexes that
 * resource extra (ckan.extra_resource_fields), else from the first 100 datasets.
 */
async function searchPackages(target: ProbeTarget): Promise<string[]> {
  for (const params of [{ fq: 'res_extras_datastore_active:true', rows: 50 }, { rows: 100 }]) {
    const packages = await askAction(target, { action: 'package_search', method: 'GET', params });
    const ids = packages.kind === 'envelope' && packages.success ? datastoreResourceIds(packages.result) : [];
    if (ids.length > 0 || packages.kind !== 'envelope' || !packages.success) return ids;
  }
  return [];
}

function datastoreResourceIds(result: Record<string, unknown>): string[] {
  const packages = Array.isArray(result['results']) ? result['results'].filter(isPlainObject) : [];
  return packages.flatMap((p) =>
    (Array.isArray(p['resources']) ? p['resources'].filter(isPlainObject) : []).flatMap((r) =>
      r['datastore_active'] === true && typeof r['id'] === 'string' ? [r['id']] : [],
    ),
  );
}

/** Describes one resource: anonymously, then with the token when refused. A string says why it is unusable. */
export async function describeResource(target: ProbeTarget, id: string): Promise<ResourceFacts | string> {
  const anonymous = await search(target, { resource_id: id, limit: 0 }, { auth: false });
  if (typeof anonymous !== 'string') return { id, total: anonymous.total, fields: anonymous.fields, access: 'public' };
  if (!anonymous.includes(' 403 ')) return `${id}: ${anonymous}`;
  if (target.token === undefined) return { id, total: 0, fields: [], access: 'private' };
  const withToken = await search(target, { resource_id: id, limit: 0 });
  if (typeof withToken === 'string') return { id, total: 0, fields: [], access: 'private' };
  return { id, total: withToken.total, fields: withToken.fields, access: 'private-readable' };
}

/**
 * How well a public resource suits the catalogue: the typed columns its cases can use (up to three text columns:
 * textField, categoryField, secondField; a numeric one; an array one) count for more than its rows, as long as it has
 * enough rows to page through. The largest table is often a log of two columns, on which most cases cannot run.
 */
function score(facts: ResourceFacts): number {
  const plain = facts.fields.filter((f) => isPlainName(f.id));
  const text = plain.filter(isTextField).length;
  const numeric = plain.filter(isNumericField).length;
  const arrays = plain.filter((f) => f.type.startsWith('_')).length;
  const rows = facts.total >= ENOUGH_ROWS ? 6 : facts.total >= 2 ? 2 : 0;
  return rows + Math.min(text, 3) * 3 + (numeric >= 1 ? 2 : 0) + (arrays >= 1 ? 2 : 0);
}

/** Picks courses (the best public resource), measurements (the next one) and staff (a private one). */
export function chooseResources(described: readonly ResourceFacts[], source: string, tried: readonly string[]): ResourceChoice {
  const publics = described.filter((r) => r.access === 'public' && r.total > 0).sort((a, b) => score(b) - score(a) || b.total - a.total);
  const none = tried.length === 0 ? '' : ` (${tried.slice(0, 3).join('; ')})`;
  const best = publics[0];
  const next = publics[1];
  const readable = described.find((r) => r.access === 'private-readable');
  const refused = described.find((r) => r.access === 'private');
  const staff: Found<ResourceFacts> =
    readable !== undefined
      ? found(readable, `private, ${plural(readable.total, 'row')}; the token opens it`)
      : refused !== undefined
        ? found(refused, 'private: refused anonymously (403), and no token opened it')
        : missing(`no private resource among those examined (${source})`);
  return {
    courses: best === undefined ? missing(`no public resource with records among those examined${none}`) : found(best, describeFacts(best)),
    measurements: next === undefined ? missing('no second public resource with records among those examined') : found(next, describeFacts(next)),
    staff,
    source,
  };
}

function describeFacts(facts: ResourceFacts): string {
  const short = facts.total < ENOUGH_ROWS ? ` (fewer than ${ENOUGH_ROWS}: some paging cases check little)` : '';
  return `public, ${plural(facts.total, 'row')}${short}, ${plural(facts.fields.length, 'column')}`;
}

/** An alias of `id` listed in _table_metadata, checked to resolve to `id`. */
export async function findAlias(target: ProbeTarget, id: string): Promise<Found<string>> {
  const listing = await search(target, { resource_id: '_table_metadata', filters: { alias_of: id }, fields: ['name'], limit: 5 }, { auth: false });
  if (typeof listing === 'string') return missing(`_table_metadata: ${listing}`);
  const alias = listing.records.map((r) => r['name']).find((n): n is string => typeof n === 'string');
  if (alias === undefined) return missing('_table_metadata lists no alias of resources.courses');
  const resolved = await search(target, { resource_id: alias, limit: 1 });
  if (typeof resolved === 'string') return missing(`the alias ${alias}: ${resolved}`);
  if (resolved.resourceId !== id) return missing(`the alias ${alias} answers resource_id ${resolved.resourceId ?? '(none)'}, not ${id}`);
  return found(alias, `alias of resources.courses; datastore_search answers resource_id ${id}`);
}
