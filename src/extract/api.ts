// Calls the DataStore actions an extract needs and turns CKAN envelopes into results or one-line errors.
import { describeRedirect, type HttpClient } from '../http/index.ts';
import { isLosslessObject, parseLossless, type LosslessValue } from './lossless-json.ts';

/** Where an extract reads from. */
export interface ExtractTarget {
  /** Base URL of the API, without /api/... (a locale segment is allowed). */
  baseUrl: string;
  /** Token sent bare in Authorization; never logged. */
  token?: string;
  /**
   * How the source is named in the manifest and checkpoint instead of `baseUrl` (e.g. `reference:fixtures` for the
   * in-process reference server, whose port changes every run).
   */
  label?: string;
}

/** The client with every request carrying `signal`, so an interrupt cancels the requests in flight. */
export function withSignal(client: HttpClient, signal: AbortSignal | undefined): HttpClient {
  if (signal === undefined) return client;
  return { send: (request) => client.send({ ...request, signal }), close: () => client.close() };
}

/** An action call that did not succeed: HTTP status (0 for transport errors) and a one-line reason. */
export class ActionCallError extends Error {
  override readonly name = 'ActionCallError';
  constructor(
    message: string,
    readonly status: number,
    /** The CKAN error object, when the target answered with an envelope. */
    readonly error: Record<string, LosslessValue> | undefined,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }

  /** Whether the action does not exist on the target (CKAN's 400 "Action name not known"). */
  get isUnknownAction(): boolean {
    return this.status === 400 && this.message.includes('Action name not known');
  }
}

export type ActionResult = { [key: string]: LosslessValue };

/** POSTs `params` as JSON to `<base>/api/3/action/<action>` and returns `result`, or throws ActionCallError. */
export async function callAction(client: HttpClient, target: ExtractTarget, action: string, params: Record<string, unknown>): Promise<ActionResult> {
  const url = `${target.baseUrl.replace(/\/+$/, '')}/api/3/action/${action}`;
  const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'application/json' };
  if (target.token !== undefined) headers['authorization'] = target.token;
  let response: Awaited<ReturnType<typeof client.send>>;
  try {
    response = await client.send({ method: 'POST', url, headers, body: JSON.stringify(params) });
  } catch (error) {
    throw new ActionCallError(error instanceof Error ? error.message : String(error), 0, undefined, { cause: error });
  }
  const where = `[POST] "${url}"`;
  if (response.bodyTruncated) throw new ActionCallError(`${where}: response body exceeds the size cap`, response.status, undefined);
  let body: LosslessValue;
  try {
    body = parseLossless(response.body);
  } catch (error) {
    const type = response.headers['content-type'] ?? 'no content type';
    const redirect = describeRedirect(target.baseUrl, response);
    const what = redirect === undefined ? `${response.status} response is not JSON (${type})` : redirect;
    throw new ActionCallError(`${where}: ${what}`, response.status, undefined, {
      cause: error,
    });
  }
  if (typeof body === 'string') throw new ActionCallError(`${where}: ${response.status} ${body}`, response.status, undefined);
  if (!isLosslessObject(body)) throw new ActionCallError(`${where}: ${response.status} unexpected JSON body`, response.status, undefined);
  const result = body['result'];
  if (response.status === 200 && body['success'] === true && isLosslessObject(result)) return result;
  const error = isLosslessObject(body['error']) ? body['error'] : undefined;
  throw new ActionCallError(`${where}: ${response.status} ${describeError(error)}`, response.status, error);
}

function describeError(error: Record<string, LosslessValue> | undefined): string {
  if (error === undefined) return 'unsuccessful response without an error object';
  const message = error['message'];
  if (typeof message === 'string') return message;
  const parts = Object.entries(error)
    .filter(([key]) => key !== '__type' && key !== 'info')
    .map(([key, value]) => `${key}: ${Array.isArray(value) ? value.map(String).join('; ') : JSON.stringify(value)}`);
  const type = typeof error['__type'] === 'string' ? error['__type'] : 'Error';
  return parts.length === 0 ? type : `${type}: ${parts.join(', ')}`;
}
