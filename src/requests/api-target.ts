// A request target (`/fr/api/3/action/datastore_search?q=x`, or a whole URL) read as an action call: locale,
// API path, action and query string, with credential parameters taken out. Anything else is a reason to skip.
import { TRAFFIC_SKIP_REASONS } from '../schema/traffic.ts';
import { isSecretHeader, SECRET_QUERY_PARAMETERS } from '../util/redact.ts';
import { READ_ACTIONS, type ParsedEntry, type TrafficRequest } from './types.ts';

/** The parts of an action call's target; `secrets` counts the credential parameters dropped from the query. */
export type ActionTarget = Pick<TrafficRequest, 'locale' | 'apiPath' | 'action' | 'query'> & { secrets: number };

// An optional first segment (a locale, known to the site or not) before CKAN's two action routes.
const ACTION_PATH = /^(?:\/(?!api(?:\/|$))([^/]+))?(\/api(?:\/3)?\/action)\/([^/]+)$/;

/** The path and query of a target that may be a whole URL (`http://host/api/...`). */
function splitTarget(target: string): { path: string; query: string } {
  const withoutHost = target.replace(/^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/i, '');
  const hash = withoutHost.indexOf('#');
  const text = hash === -1 ? withoutHost : withoutHost.slice(0, hash);
  const mark = text.indexOf('?');
  return mark === -1 ? { path: text, query: '' } : { path: text.slice(0, mark), query: text.slice(mark + 1) };
}

/** Percent-decoded text (a query part also reads `+` as a space); text that does not decode stays as it is. */
export function decodePart(text: string, form: boolean): string {
  try {
    return decodeURIComponent(form ? text.replace(/\+/g, ' ') : text);
  } catch {
    return text;
  }
}

/** The query string without its credential parameters (the others kept byte for byte), and how many went. */
export function dropSecretParameters(query: string): { query: string; secrets: number } {
  const kept: string[] = [];
  let secrets = 0;
  for (const piece of query.split('&')) {
    if (piece === '') continue;
    const name = decodePart(piece.split('=', 1)[0] ?? '', true).toLowerCase();
    if (SECRET_QUERY_PARAMETERS.includes(name)) secrets++;
    else kept.push(piece);
  }
  return { query: kept.join('&'), secrets };
}

/** Reads a target as a read action call, or says why it is not one (TRAFFIC_SKIP_REASONS). */
export function readActionTarget(target: string): ActionTarget | { skip: string } {
  const { path, query } = splitTarget(target);
  const match = ACTION_PATH.exec(decodePart(path, false));
  const action = match?.[3];
  if (match === null || action === undefined) return { skip: TRAFFIC_SKIP_REASONS.notApi };
  if (!READ_ACTIONS.includes(action)) return { skip: TRAFFIC_SKIP_REASONS.notRead };
  return { locale: match[1] ?? null, apiPath: match[2] ?? '/api/action', action, ...dropSecretParameters(query) };
}

/** What an entry of a HAR or JSON lines file gives: method, target, headers as pairs, the body and the recorder's own word on a credential. */
export interface RawRequest {
  method: string;
  target: string;
  headers: ReadonlyArray<readonly [string, string]>;
  body: string;
  /** The recording says a credential was sent (the kit recordings keep only that, not the token); else told by the headers. */
  auth?: boolean | undefined;
}

/**
 * The entry as a request to replay: a read action call by GET or POST, its credential headers and parameters
 * counted and dropped (only the content type is kept), or the reason it is left out.
 */
export function toParsedEntry(raw: RawRequest): ParsedEntry {
  const method = raw.method.toUpperCase();
  if (method !== 'GET' && method !== 'POST') return { kind: 'skip', reason: TRAFFIC_SKIP_REASONS.method };
  const target = readActionTarget(raw.target);
  if ('skip' in target) return { kind: 'skip', reason: target.skip };
  const secretHeaders = raw.headers.filter(([name]) => isSecretHeader(name)).length;
  const contentType = raw.headers.find(([name]) => name.toLowerCase() === 'content-type')?.[1];
  const { secrets, ...parts } = target;
  const request: TrafficRequest = {
    method,
    ...parts,
    auth: raw.auth === true || secretHeaders + secrets > 0,
    ...(raw.body === '' ? {} : { body: { text: raw.body, contentType: contentType ?? 'application/json' } }),
  };
  return { kind: 'request', request, secrets: secrets + secretHeaders };
}
