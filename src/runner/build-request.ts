// Turns a case variant into the HTTP request to send: URL (base + locale + apiPath + action), query or body, headers.
import type { HttpRequest } from '../http/index.ts';
import type { RunVariant } from './types.ts';

/** Text of one GET parameter value: strings as-is, numbers/booleans as text, objects as JSON text. */
function toQueryValue(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') return String(value);
  return JSON.stringify(value) ?? '';
}

/** Query string of GET params: arrays become repeated keys (CKAN reads them as lists). */
export function encodeQuery(params: Readonly<Record<string, unknown>>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) for (const item of value) search.append(key, toQueryValue(item));
    else search.append(key, toQueryValue(value));
  }
  return search.toString();
}

/** Builds the request for a variant against `baseUrl`; adds `Authorization: <token>` unless `auth: false`. */
export function buildRequest(variant: RunVariant, baseUrl: string, token: string | undefined): HttpRequest {
  const { request } = variant;
  const { method, locale, apiPath } = variant.variant;
  const base = baseUrl.replace(/\/+$/, '');
  const path = `${locale === null ? '' : `/${locale}`}${apiPath}/${request.action}`;
  const headers: Record<string, string> = {};
  let body: string | undefined;
  let query = '';
  if (method === 'GET') {
    query = [request.params === undefined ? '' : encodeQuery(request.params), request.query ?? ''].filter(Boolean).join('&');
    if (request.body !== undefined) body = request.body;
  } else {
    query = request.query ?? '';
    body = request.body ?? JSON.stringify(request.params ?? {});
    headers['content-type'] = request.contentType ?? 'application/json';
  }
  for (const [name, value] of Object.entries(request.headers ?? {})) headers[name.toLowerCase()] = value;
  if (token !== undefined && request.auth !== false && headers['authorization'] === undefined) {
    headers['authorization'] = token;
  }
  const out: HttpRequest = { method, url: `${base}${path}${query === '' ? '' : `?${query}`}`, headers };
  if (body !== undefined) out.body = body;
  return out;
}
