// One question to the target: an action call through the kit's HTTP client, classified as a CKAN envelope or
// something else (HTML, a 404 page), within a request budget so a probe never sends without bound.
import { HttpError, type HttpClient, type HttpResponse } from '../http/index.ts';
import { isPlainObject } from '../util/json.ts';

/** How a probe talks to the target. */
export interface ProbeTarget {
  client: HttpClient;
  /** Base URL without a trailing slash, e.g. https://ckan.example.org or http://host/sub. */
  baseUrl: string;
  /** The API token, sent as the bare Authorization header on calls with `auth: true`. Never logged. */
  token: string | undefined;
  /** The action path that answered (`/api/3/action` or `/api/action`). */
  apiPath: string;
  budget: RequestBudget;
}

/** Counts requests and refuses to send once `max` are spent. */
export interface RequestBudget {
  readonly max: number;
  spent: number;
}

/** Thrown by `askAction` when the request budget is spent; finders report it as why a value is left out. */
export class BudgetSpentError extends Error {
  override readonly name = 'BudgetSpentError';
}

/** An answer: a CKAN envelope (success or error), or a response that is not one. */
export type Answer =
  | { kind: 'envelope'; status: number; success: true; result: Record<string, unknown>; url: string }
  | { kind: 'envelope'; status: number; success: false; error: Record<string, unknown>; url: string }
  | { kind: 'other'; status: number; contentType: string; body: string; url: string; location?: string };

/** One action call. GET sends the parameters in the query string (JSON-encoded when not a string). */
export interface ActionCall {
  action: string;
  params: Record<string, unknown>;
  method?: 'GET' | 'POST';
  /** Send the token (default true when one is given). */
  auth?: boolean;
  /** A locale path segment before the API path, e.g. `fr`. */
  locale?: string;
  /** Another action path than the target's. */
  apiPath?: string;
}

/** The URL of an action on the target. */
export function actionUrl(target: Pick<ProbeTarget, 'baseUrl' | 'apiPath'>, call: Pick<ActionCall, 'action' | 'locale' | 'apiPath'>): string {
  const locale = call.locale === undefined ? '' : `/${call.locale}`;
  return `${target.baseUrl}${locale}${call.apiPath ?? target.apiPath}/${call.action}`;
}

/** Sends one action call and classifies the answer. Rejects with HttpError (no answer) or BudgetSpentError. */
export async function askAction(target: ProbeTarget, call: ActionCall): Promise<Answer> {
  if (target.budget.spent >= target.budget.max) {
    throw new BudgetSpentError(`the request budget (${target.budget.max} requests, --max-requests) is spent`);
  }
  target.budget.spent += 1;
  const base = actionUrl(target, call);
  const method = call.method ?? 'POST';
  const headers: Record<string, string> = {};
  if (call.auth !== false && target.token !== undefined) headers['authorization'] = target.token;
  const url = method === 'GET' ? withQuery(base, call.params) : base;
  const response =
    method === 'GET'
      ? await target.client.send({ method, url, headers })
      : await target.client.send({ method, url, headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify(call.params) });
  return classify(response, url);
}

function withQuery(url: string, params: Record<string, unknown>): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) query.append(key, typeof value === 'string' ? value : JSON.stringify(value));
  const text = query.toString();
  return text === '' ? url : `${url}?${text}`;
}

/** A response as an envelope when its body is CKAN's `{success, result|error}` JSON, else as something else. */
export function classify(response: HttpResponse, url: string): Answer {
  const contentType = response.headers['content-type'] ?? '';
  const location = response.headers['location'];
  const other: Answer = {
    kind: 'other',
    status: response.status,
    contentType,
    body: response.body.slice(0, 200),
    url,
    ...(location === undefined ? {} : { location }),
  };
  let body: unknown;
  try {
    body = JSON.parse(response.body);
  } catch {
    return other;
  }
  if (isPlainObject(body) && body['success'] === true && isPlainObject(body['result'])) {
    return { kind: 'envelope', status: response.status, success: true, result: body['result'], url };
  }
  if (isPlainObject(body) && body['success'] === false && isPlainObject(body['error'])) {
    return { kind: 'envelope', status: response.status, success: false, error: body['error'], url };
  }
  return other;
}

/** A short description of an answer for messages: `200 JSON`, `404 text/html`, `409 Validation Error`. */
export function describeAnswer(answer: Answer): string {
  if (answer.kind === 'other') return `${answer.status} ${answer.contentType.split(';')[0] || 'without a content type'}`;
  if (answer.success) return `${answer.status} success`;
  const type = typeof answer.error['__type'] === 'string' ? answer.error['__type'] : 'error';
  const message = typeof answer.error['message'] === 'string' ? `: ${answer.error['message']}` : '';
  return `${answer.status} ${type}${message}`;
}

/** The HttpError message without its `[GET] "url": ` prefix. */
export function transportReason(error: HttpError): string {
  return error.message.replace(/^\[[A-Z]+\] "[^"]*": /, '');
}

/** Runs a question; a spent budget or a transport failure becomes the reason (a string) instead of an error. */
export async function guard<T>(ask: () => Promise<T>): Promise<T | string> {
  try {
    return await ask();
  } catch (error) {
    if (error instanceof BudgetSpentError) return error.message;
    if (error instanceof HttpError) return `no answer: ${transportReason(error)}`;
    throw error;
  }
}
