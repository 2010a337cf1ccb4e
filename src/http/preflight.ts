// The pre-flight: before any case, ask the target one action and recognise CKAN's JSON envelope, so a down target
// or a wrong base URL is one clear line (exit 3), not one error per case.
import type { ObservedAnswer } from '../contract/index.ts';
import { HttpError, HttpErrorCode, type HttpClient, type HttpResponse } from './types.ts';
import { KitError, KitErrorCode } from '../errors.ts';
import { maskUrlCredentials } from '../util/redact.ts';
import { describeAnswer, suggestBaseUrl } from './preflight-hint.ts';

/**
 * The actions asked, in order, under `/api/3/action` (CKAN 2.8-2.12 answer both without a token). status_show is
 * the cheapest; a site that does not expose it (or a server that implements only the DataStore) is asked
 * datastore_search on `_table_metadata`, which CKAN never guards.
 */
export const PREFLIGHT_ACTIONS = ['status_show', 'datastore_search?resource_id=_table_metadata&limit=0'] as const;

/** Answers that say the service is there but not now (rate limit, gateway, overload), not that it is no CKAN. */
const TRANSIENT_STATUSES: ReadonlySet<number> = new Set([429, 502, 503, 504]);

/**
 * Checks that `baseUrl` is a CKAN action API. Throws KitError E_UNREACHABLE `target <url> is unreachable: <reason>`
 * when no HTTP answer comes back or the first answer is 429, 502, 503 or 504 (`is unavailable`), and E_NOT_CKAN (exit 3) naming what answered and what the base URL should be
 * when no asked action answers with CKAN's `{success, result|error}` envelope. Returns the answers seen (for
 * `--ckan-version auto`, which reads status_show's version or the search's markers from them).
 */
export async function checkReachable(client: HttpClient, baseUrl: string): Promise<ObservedAnswer[]> {
  const base = baseUrl.replace(/\/+$/, '');
  let first: { url: string; response: HttpResponse } | undefined;
  const answers: ObservedAnswer[] = [];
  for (const action of PREFLIGHT_ACTIONS) {
    const url = `${base}/api/3/action/${action}`;
    const response = await send(client, url, baseUrl);
    if (isCkanEnvelope(response.body)) {
      answers.push({ action: action.replace(/\?.*/, ''), status: response.status, body: JSON.parse(response.body) });
      return answers;
    }
    first ??= { url, response };
  }
  if (first === undefined) return answers;
  const answered = `${describeAnswer(first.response)} at ${maskUrlCredentials(first.url)}`;
  if (TRANSIENT_STATUSES.has(first.response.status)) {
    throw new KitError(
      KitErrorCode.unreachable,
      `target ${maskUrlCredentials(baseUrl)} is unavailable: ${answered}; it may be busy or restarting: try again, or give --retries N to retry such answers`,
    );
  }
  throw new KitError(
    KitErrorCode.notCkan,
    `target ${maskUrlCredentials(baseUrl)} is not a CKAN action API: ${answered}; ${suggestBaseUrl(baseUrl, first.response)}`,
  );
}

async function send(client: HttpClient, url: string, baseUrl: string): Promise<HttpResponse> {
  try {
    return await client.send({ method: 'GET', url, headers: { accept: 'application/json' } });
  } catch (error) {
    if (!(error instanceof HttpError)) throw error;
    throw unreachableError(baseUrl, error);
  }
}

/**
 * KitError E_UNREACHABLE for a target whose first request failed in transport: `target <url> is unreachable:
 * <reason>`, or `answers in a form the kit cannot read` when an answer came whose body could not be decoded.
 */
export function unreachableError(baseUrl: string, error: HttpError): KitError {
  // the HttpError message is `[GET] "url": reason`; keep only the reason, the target is named already
  const reason = error.message.replace(/^\[[A-Z]+\] "[^"]*": /, '');
  const state = error.code === HttpErrorCode.decode ? 'answers in a form the kit cannot read' : 'is unreachable';
  return new KitError(KitErrorCode.unreachable, `target ${maskUrlCredentials(baseUrl)} ${state}: ${reason}`, { cause: error });
}

/** CKAN's action envelope: a JSON object with a boolean `success` and a `result` (success) or `error` (failure). */
export function isCkanEnvelope(text: string): boolean {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return false;
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return false;
  const success: unknown = Reflect.get(body, 'success');
  return typeof success === 'boolean' && (success ? 'result' in body : 'error' in body);
}
