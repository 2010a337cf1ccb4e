// Building blocks for mutants: read and rewrite a request's action parameters (POST JSON body or GET query
// string, as CKAN reads them) and a response's JSON body.
import { isPlainObject } from '../../src/util/json.ts';
import type { MutantHandler, ProxiedRequest, ProxiedResponse, Upstream } from './proxy.ts';

export type Params = Record<string, unknown>;
type Json = Record<string, unknown>;

const ACTION_PATH = /^(?:\/[a-z]{2,3}(?:_[A-Za-z]{2,4})?)?\/api(?:\/3)?\/action\/([^/]+)$/;

/** The action a request calls (`datastore_search`, ...), or undefined for other paths. */
export function actionOf(request: ProxiedRequest): string | undefined {
  return ACTION_PATH.exec(request.path)?.[1];
}

/** The locale segment of the path, if any. */
export function localeOf(request: ProxiedRequest): string | undefined {
  return /^\/([a-z]{2,3}(?:_[A-Za-z]{2,4})?)\/api\//.exec(request.path)?.[1];
}

/** The action parameters: the query string of a GET (repeated keys as lists), the JSON object body of a POST. */
export function readParams(request: ProxiedRequest): Params | undefined {
  if (request.method === 'GET') {
    const out: Params = {};
    for (const [key, value] of new URLSearchParams(request.search)) {
      const before = out[key];
      out[key] = before === undefined ? value : Array.isArray(before) ? [...before, value] : [before, value];
    }
    return out;
  }
  try {
    const body: unknown = JSON.parse(request.body);
    return isPlainObject(body) ? body : undefined;
  } catch {
    return undefined;
  }
}

/** The request with other parameters (GET: objects as JSON text, lists as repeated keys). */
export function withParams(request: ProxiedRequest, params: Params): ProxiedRequest {
  if (request.method !== 'GET') return { ...request, body: JSON.stringify(params) };
  const search = new URLSearchParams();
  const text = (v: unknown): string => (typeof v === 'object' && v !== null ? JSON.stringify(v) : String(v));
  for (const [key, value] of Object.entries(params)) {
    if (Array.isArray(value)) for (const item of value) search.append(key, text(item));
    else if (value !== undefined) search.append(key, text(value));
  }
  return { ...request, search: search.toString() };
}

/** `filters` as an object (a GET sends it as JSON text). */
export function readFilters(params: Params): Json | undefined {
  const raw = params['filters'];
  if (isPlainObject(raw)) return raw;
  if (typeof raw !== 'string') return undefined;
  try {
    const parsed: unknown = JSON.parse(raw);
    return isPlainObject(parsed) ? parsed : undefined;
  } catch {
    return undefined;
  }
}

/** An integer parameter (number or numeric text). */
export function readInt(value: unknown): number | undefined {
  if (typeof value === 'number' && Number.isInteger(value)) return value;
  return typeof value === 'string' && /^-?\d+$/.test(value.trim()) ? Number(value) : undefined;
}

export const passThrough: MutantHandler = (request, upstream) => upstream(request);

/** Rewrites the parameters of calls to `action` (any action when undefined) before they reach the server. */
export function alterParams(action: string | undefined, alter: (params: Params, request: ProxiedRequest) => Params): MutantHandler {
  return (request, upstream) => {
    const params = readParams(request);
    const name = actionOf(request);
    if (params === undefined || name === undefined || (action !== undefined && name !== action)) return upstream(request);
    return upstream(withParams(request, alter(params, request)));
  };
}

/** Rewrites the JSON body answered to calls to `action`; `alter` returns the new body (or the same one). */
export function alterBody(
  action: string | undefined,
  alter: (body: Json, request: ProxiedRequest, status: number) => unknown,
  inner: MutantHandler = passThrough,
): MutantHandler {
  return async (request, upstream) => {
    const response = await inner(request, upstream);
    const name = actionOf(request);
    if (name === undefined || (action !== undefined && name !== action)) return response;
    const body = parseJson(response.body);
    if (!isPlainObject(body)) return response;
    return { ...response, body: JSON.stringify(alter(body, request, response.status)) };
  };
}

/** Rewrites `result` of successful answers to `action`. */
export function alterResult(
  action: string | undefined,
  alter: (result: Json, request: ProxiedRequest) => Json,
  inner: MutantHandler = passThrough,
): MutantHandler {
  return alterBody(
    action,
    (body, request) => (body['success'] === true && isPlainObject(body['result']) ? { ...body, result: alter(body['result'], request) } : body),
    inner,
  );
}

/** An answer with a JSON body. */
export function jsonAnswer(status: number, body: unknown): ProxiedResponse {
  return { status, contentType: 'application/json;charset=utf-8', body: JSON.stringify(body) };
}

/** CKAN's success envelope around `result`. */
export function successAnswer(action: string, result: Json): ProxiedResponse {
  return jsonAnswer(200, { help: `http://127.0.0.1/api/3/action/help_show?name=${action}`, success: true, result });
}

export function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** Calls upstream and parses the JSON answer. */
export async function fetchJson(request: ProxiedRequest, upstream: Upstream): Promise<{ response: ProxiedResponse; body: unknown }> {
  const response = await upstream(request);
  return { response, body: parseJson(response.body) };
}
