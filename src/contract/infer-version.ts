// Which CKAN version answered, told from responses: status_show's `ckan_version` when there is one, else markers
// that CKAN's source fixes per version (ckan-traits.ts). Each marker narrows a range; a range of more than one
// version is said as such ("2.9–2.10"), never guessed.
import { CKAN_VERSIONS, compareCkanVersions, toCkanVersion, type CkanVersion } from '../schema/index.ts';
import { getChild } from '../util/json-pointer.ts';
import { isPlainObject } from '../util/json.ts';

/** One response as seen: which action answered, its status and parsed body. */
export interface ObservedAnswer {
  action: string;
  status: number;
  body: unknown;
}

/** What the responses tell: a version when exactly one fits, else the range that fits (or none) and why. */
export interface InferredCkanVersion {
  version: CkanVersion | undefined;
  /** Oldest and newest version every marker allows; undefined when the markers contradict each other. */
  range: { min: CkanVersion; max: CkanVersion } | undefined;
  /** E.g. `from status_show: 2.10.4`, `from markers: ...`, `unknown: ...`. */
  reason: string;
}

interface Marker {
  min?: CkanVersion;
  max?: CkanVersion;
  says: string;
}

const OLDEST = CKAN_VERSIONS[0];
const NEWEST = CKAN_VERSIONS[CKAN_VERSIONS.length - 1] ?? '2.12';

/** Infers the CKAN version from answers (any order); status_show's `ckan_version` wins over markers. */
export function inferCkanVersion(answers: readonly ObservedAnswer[]): InferredCkanVersion {
  for (const answer of answers) {
    const full = getChild(getChild(answer.body, 'result'), 'ckan_version');
    if (answer.action !== 'status_show' || typeof full !== 'string') continue;
    const version = toCkanVersion(full);
    if (version !== undefined) return { version, range: { min: version, max: version }, reason: `from status_show: ${full}` };
    return { version: undefined, range: undefined, reason: `unknown: status_show says ${full}, a version the kit does not know` };
  }
  const markers = answers.flatMap(markersOf);
  return fromMarkers(markers);
}

function fromMarkers(markers: readonly Marker[]): InferredCkanVersion {
  if (markers.length === 0) return { version: undefined, range: undefined, reason: 'unknown: no status_show and no version marker in the responses' };
  let min: CkanVersion = OLDEST;
  let max: CkanVersion = NEWEST;
  for (const marker of markers) {
    if (marker.min !== undefined && compareCkanVersions(marker.min, min) > 0) min = marker.min;
    if (marker.max !== undefined && compareCkanVersions(marker.max, max) < 0) max = marker.max;
  }
  const says = [...new Set(markers.map((m) => `${m.says} (${describeRange(m.min ?? OLDEST, m.max ?? NEWEST)})`))].join('; ');
  if (compareCkanVersions(min, max) > 0) return { version: undefined, range: undefined, reason: `unknown: the markers contradict each other: ${says}` };
  if (min === max) return { version: min, range: { min, max }, reason: `from markers: ${says}` };
  return { version: undefined, range: { min, max }, reason: `unknown: the responses fit ${describeRange(min, max)}: ${says}` };
}

/** `2.10`, `2.9–2.11`, `≤2.8`, `≥2.11`. */
export function describeRange(min: CkanVersion, max: CkanVersion): string {
  if (min === max) return min;
  if (min === OLDEST) return `≤${max}`;
  if (max === NEWEST) return `≥${min}`;
  return `${min}–${max}`;
}

function markersOf(answer: ObservedAnswer): Marker[] {
  const { action, status, body } = answer;
  if (status === 400 && typeof body === 'string') return badRequestMarkers(body);
  const result = getChild(body, 'result');
  if (status === 200 && action === 'datastore_search' && isPlainObject(result)) return searchMarkers(result);
  if (status === 200 && action === 'datastore_search_sql' && isPlainObject(result)) return sqlMarkers(result);
  const message = getChild(getChild(body, 'error'), 'message');
  if (status === 403 && action === 'datastore_search_sql' && typeof message === 'string') return permissionMarkers(message);
  return [];
}

function searchMarkers(result: Record<string, unknown>): Marker[] {
  const has = (key: string): boolean => Object.hasOwn(result, key);
  const markers: Marker[] = [];
  if (has('_links')) markers.push({ max: '2.11', says: 'datastore_search has _links' });
  if (!has('_links') && (has('include_next_page') || has('next_page')))
    markers.push({ min: '2.12', says: 'datastore_search has include_next_page and no _links' });
  if (has('total_estimation_threshold')) markers.push({ min: '2.9', max: '2.11', says: 'datastore_search echoes total_estimation_threshold' });
  else if (has('_links')) markers.push({ max: '2.8', says: 'datastore_search has _links but no total_estimation_threshold' });
  if (!has('limit') && has('_links')) markers.push({ max: '2.8', says: 'datastore_search does not echo limit' });
  return markers;
}

// CKAN up to 2.10 passes SQL `numeric` values (Python Decimals) through str(); 2.11 keeps them numbers.
function sqlMarkers(result: Record<string, unknown>): Marker[] {
  const fields = getChild(result, 'fields');
  const records = getChild(result, 'records');
  if (!Array.isArray(fields) || !Array.isArray(records)) return [];
  const numeric = fields
    .filter((f) => getChild(f, 'type') === 'numeric')
    .map((f) => getChild(f, 'id'))
    .filter((id) => typeof id === 'string');
  for (const record of records) {
    for (const id of numeric) {
      const value = getChild(record, id);
      if (typeof value === 'string') return [{ max: '2.10', says: `datastore_search_sql renders numeric "${id}" as a string` }];
      if (typeof value === 'number') return [{ min: '2.11', says: `datastore_search_sql renders numeric "${id}" as a number` }];
    }
  }
  return [];
}

// 2.9 raised NotAuthorized with a dict, so the message shows its repr; 2.10 raises it with the text.
function permissionMarkers(message: string): Marker[] {
  if (/\{u?'permissions': \[/.test(message)) return [{ max: '2.9', says: "datastore_search_sql's 403 shows a {'permissions': [...]} detail" }];
  if (/Not authorized to (read resource|access system tables|call function)/.test(message)) {
    return [{ min: '2.10', says: "datastore_search_sql's 403 gives its detail as plain text" }];
  }
  return [];
}

// "Bad request - <detail>" up to 2.11, "Bad request: <detail>" from 2.12 (English sites only).
function badRequestMarkers(text: string): Marker[] {
  if (text.startsWith('Bad request - ')) return [{ max: '2.11', says: 'a bare 400 reads "Bad request - ..."' }];
  if (text.startsWith('Bad request: ')) return [{ min: '2.12', says: 'a bare 400 reads "Bad request: ..."' }];
  return [];
}
