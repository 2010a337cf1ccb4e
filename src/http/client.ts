// createHttpClient: undici.request on one keep-alive pool (or a connection a request, for a server that closes
// each one after its answer), with rate limiting, retries and body caps.
import { ACCEPT_ENCODING } from './content-coding.ts';
import { Agent } from 'undici';
import { createRateLimiter, type RateLimiter } from './rate-limiter.ts';
import { computeBackoffMs, computeRetryDelayMs, isRetryableStatus } from './retry-policy.ts';
import { sendOnce } from './send-once.ts';
import { createHttpError } from './transport-error.ts';
import { HttpError, HttpErrorCode, type HttpClient, type HttpRequest, type HttpResponse } from './types.ts';
import { resolveHttpClientOptions, type HttpClientOptions, type ResolvedHttpClientOptions } from './options.ts';

/**
 * An HTTP client for the runner and extracts. Retries network errors, 5xx and 429 (honouring Retry-After);
 * when retries run out on a 5xx/429 it returns that last response (the caller judges it), on a network
 * error it rejects with HttpError. Other statuses are returned as they are, never retried.
 */
export function createHttpClient(options: HttpClientOptions = {}): HttpClient {
  const resolved = resolveHttpClientOptions(options);
  const connections = createConnections(resolved.concurrency);
  const limiter = resolved.rateRps === undefined ? undefined : createRateLimiter(resolved.rateRps, resolved.waitClock, resolved.sleep);
  return {
    send: (request) => sendWithRetries(request, { resolved, connections, limiter }),
    close: () => connections.close(),
  };
}

/**
 * The client's connections: kept alive, until a server is seen to close them after each answer without saying so
 * (uWSGI's own HTTP router in front of CKAN does: HTTP/1.1, no `Connection: close`); from then on one connection a
 * request, as the server wants.
 */
interface Connections {
  /** Whether the connections of the next request are kept alive (until keepNone). */
  keepsAlive(): boolean;
  /** The agent for the next request. */
  current(): Agent;
  /** An agent that opens a new connection for each request. */
  oneEach(): Agent;
  /** From now on every request goes on a new connection. */
  keepNone(): void;
  close(): Promise<void>;
}

function createConnections(concurrency: number): Connections {
  // why: undici's fetch costs ~3x more per request than request() on a pooled Agent (see bench/http-client.ts)
  const keptAlive = new Agent({ connections: concurrency, pipelining: 1 });
  let fresh: Agent | undefined;
  let keep = true;
  // why pipelining 0: undici's switch for "no keep-alive": each request on a connection of its own
  const oneEach = (): Agent => {
    fresh ??= new Agent({ connections: concurrency, pipelining: 0 });
    return fresh;
  };
  return {
    keepsAlive: () => keep,
    current: () => (keep ? keptAlive : oneEach()),
    oneEach,
    keepNone: () => {
      keep = false;
    },
    close: async () => {
      await Promise.all([keptAlive.close(), fresh?.close()]);
    },
  };
}

interface ClientState {
  resolved: ResolvedHttpClientOptions;
  connections: Connections;
  limiter: RateLimiter | undefined;
}

async function sendWithRetries(request: HttpRequest, state: ClientState): Promise<HttpResponse> {
  const { resolved } = state;
  checkUrl(request);
  const headers = withDefaultHeaders(request.headers, resolved.userAgent);
  const maxAttempts = resolved.retries + 1;
  for (let attempt = 1; ; attempt++) {
    await state.limiter?.acquire();
    let response: HttpResponse;
    try {
      response = await sendOnFreshIfStale(request, headers, state, attempt);
    } catch (error) {
      if (attempt >= maxAttempts || !(error instanceof HttpError) || request.signal?.aborted === true) throw error;
      await resolved.sleep(backoffAfter(attempt, resolved));
      continue;
    }
    if (attempt >= maxAttempts || !isRetryableStatus(response.status) || request.signal?.aborted === true) return { ...response, attempts: attempt };
    await resolved.sleep(
      computeRetryDelayMs({
        attempt,
        baseMs: resolved.retryBaseMs,
        maxDelayMs: resolved.retryMaxDelayMs,
        random: resolved.random(),
        retryAfter: response.headers['retry-after'],
        retryAfterMaxMs: resolved.retryAfterMaxMs,
        nowMs: resolved.waitClock.now(),
      }),
    );
  }
}

/**
 * Sends once; a request that a kept-alive connection fails before any of the answer came is sent again at once on
 * a new connection, as curl and browsers do (not counted as a retry): the server had closed that connection after
 * its last answer. When the new connection answers, the client keeps no connection alive from then on.
 */
async function sendOnFreshIfStale(request: HttpRequest, headers: Record<string, string>, state: ClientState, attempt: number): Promise<HttpResponse> {
  const { resolved, connections } = state;
  const keptAlive = connections.keepsAlive();
  try {
    return await sendOnce(request, headers, { ...resolved, dispatcher: connections.current(), attempt });
  } catch (error) {
    if (!(error instanceof HttpError) || !error.unanswered || !keptAlive || request.signal?.aborted === true) throw error;
    const response = await sendOnce(request, headers, { ...resolved, dispatcher: connections.oneEach(), attempt });
    connections.keepNone();
    return response;
  }
}

function backoffAfter(attempt: number, resolved: ResolvedHttpClientOptions): number {
  return computeBackoffMs({ attempt, baseMs: resolved.retryBaseMs, maxDelayMs: resolved.retryMaxDelayMs, random: resolved.random() });
}

/** Rejects a URL undici could not send, before any network work, so it is never retried. */
function checkUrl(request: HttpRequest): void {
  let protocol: string;
  try {
    protocol = new URL(request.url).protocol;
  } catch (error) {
    throw createHttpError(request.method, request.url, { code: HttpErrorCode.invalidUrl, text: 'invalid URL' }, { attempts: 0, cause: error });
  }
  if (protocol !== 'http:' && protocol !== 'https:') {
    const reason = { code: HttpErrorCode.invalidUrl, text: `invalid URL: unsupported protocol ${protocol}` };
    throw createHttpError(request.method, request.url, reason, { attempts: 0 });
  }
}

/** The request's headers, with the client's User-Agent and Accept-Encoding where the request names none. */
function withDefaultHeaders(headers: Record<string, string> | undefined, userAgent: string): Record<string, string> {
  const out = { ...headers };
  const named = new Set(Object.keys(out).map((name) => name.toLowerCase()));
  if (!named.has('user-agent')) out['user-agent'] = userAgent;
  if (!named.has('accept-encoding')) out['accept-encoding'] = ACCEPT_ENCODING;
  return out;
}
