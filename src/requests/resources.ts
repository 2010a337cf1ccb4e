// The resources a request reads (its resource_id, datastore_info's id, the resource ids an SQL statement names),
// and the same request for a target whose ids differ (each id replaced by the target's for the same resource).
import { isPlainObject } from '../util/json.ts';
import { decodePart } from './api-target.ts';
import type { TrafficRequest } from './types.ts';

const ID_PARAMETERS = ['resource_id', 'id'];
// why: only ids shaped as CKAN makes them are read from SQL; other names after FROM (system tables, CTEs) are
// the statement's business and go as they are
const SQL_RESOURCE = /\b(?:from|join)\s+"?([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})"?/gi;

function idsOfParameters(read: (name: string) => unknown[]): string[] {
  const ids = ID_PARAMETERS.flatMap(read).filter((value): value is string => typeof value === 'string' && value !== '');
  for (const sql of read('sql')) if (typeof sql === 'string') for (const match of sql.matchAll(SQL_RESOURCE)) if (match[1] !== undefined) ids.push(match[1]);
  return ids;
}

function parametersOfBody(body: NonNullable<TrafficRequest['body']>): ((name: string) => unknown[]) | undefined {
  const type = body.contentType.toLowerCase();
  if (type.includes('x-www-form-urlencoded')) {
    const form = new URLSearchParams(body.text);
    return (name) => form.getAll(name);
  }
  try {
    const value: unknown = JSON.parse(body.text);
    return isPlainObject(value) ? (name) => [value[name]] : undefined;
  } catch {
    return undefined;
  }
}

/** The resource ids (or aliases) the request names, each once, in order. */
export function listResourceIds(request: TrafficRequest): string[] {
  const query = new URLSearchParams(request.query);
  const ids = idsOfParameters((name) => query.getAll(name));
  const fromBody = request.body === undefined ? undefined : parametersOfBody(request.body);
  if (fromBody !== undefined) ids.push(...idsOfParameters(fromBody));
  return [...new Set(ids)];
}

function replaceAll(text: string, ids: Readonly<Record<string, string>>): string {
  let out = text;
  for (const [from, to] of Object.entries(ids)) out = out.split(from).join(to);
  return out;
}

/** The request with every id of `ids` replaced by its counterpart (query values re-encoded only where one was). */
export function mapResourceIds(request: TrafficRequest, ids: Readonly<Record<string, string>>): TrafficRequest {
  const names = Object.keys(ids).filter((id) => ids[id] !== id);
  if (names.length === 0) return request;
  const query = request.query
    .split('&')
    .filter((piece) => piece !== '')
    .map((piece) => {
      const at = piece.indexOf('=');
      if (at === -1) return piece;
      const value = decodePart(piece.slice(at + 1), true);
      const mapped = replaceAll(value, ids);
      return mapped === value ? piece : `${piece.slice(0, at)}=${encodeURIComponent(mapped)}`;
    })
    .join('&');
  const body = request.body === undefined ? undefined : { ...request.body, text: replaceAll(request.body.text, ids) };
  return { ...request, query, ...(body === undefined ? {} : { body }) };
}
