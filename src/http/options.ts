// Options of the HTTP client: defaults, validation, and the frozen resolved form the client runs on.
import { PACKAGE_INFO } from '../util/package-info.ts';
import { KitError, KitErrorCode } from '../errors.ts';
import type { Clock } from '../model/index.ts';

/** `datastore-kit/<version>`, sent as `User-Agent` unless the options or the request set another. */
export const DEFAULT_USER_AGENT = `datastore-kit/${PACKAGE_INFO.version}`;

export interface HttpClientOptions {
  /** Whole-request budget per attempt, from sending to the last body byte, headers AND body (ms). Default 30000. */
  timeoutMs?: number;
  /** Extra attempts after the first, only on network errors, 5xx and 429. Default 0. */
  retries?: number;
  /** Backoff base (ms): attempt n waits a random time in [0, min(retryMaxDelayMs, base * 2^(n-1))]. Default 200. */
  retryBaseMs?: number;
  /** Cap on one backoff wait (ms). Default 10000. */
  retryMaxDelayMs?: number;
  /** Cap on a server's `Retry-After` wait (ms). Default 30000. */
  retryAfterMaxMs?: number;
  /** Requests started per second (token bucket, burst 1, shared by all requests). Default: unlimited. */
  rateRps?: number;
  /** Connections per origin in the keep-alive pool; more requests queue. Default 16. */
  concurrency?: number;
  /** Body bytes read before the client stops reading and sets `bodyTruncated`. Default 10 MiB. */
  maxBodyBytes?: number;
  /** `User-Agent` header. Default `datastore-kit/<version>`. */
  userAgent?: string;
  /**
   * Time source for reported durations. Rate limiting and `Retry-After` dates use it too, but only when `sleep`
   * is injected as well (a fake clock and its sleep go together); with the real sleep they use wall time, so a
   * fixed clock passed for stable reports cannot stretch waits. Default: wall clock.
   */
  clock?: Clock;
  /** Waits for backoff, `Retry-After` and rate limiting; tests pass one that returns at once. Default: setTimeout. */
  sleep?: (ms: number) => Promise<void>;
  /** Jitter source in [0, 1). Default Math.random. */
  random?: () => number;
}

export type ResolvedHttpClientOptions = Readonly<Required<Omit<HttpClientOptions, 'rateRps'>>> & {
  readonly rateRps: number | undefined;
  /** The clock that waits are computed on: `clock` when `sleep` was injected, else wall time. */
  readonly waitClock: Clock;
};

export const HTTP_CLIENT_DEFAULTS = Object.freeze({
  timeoutMs: 30_000,
  retries: 0,
  retryBaseMs: 200,
  retryMaxDelayMs: 10_000,
  retryAfterMaxMs: 30_000,
  concurrency: 16,
  maxBodyBytes: 10 * 1024 * 1024,
});

const wallClock: Clock = { now: () => performance.timeOrigin + performance.now() };

function sleepFor(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** Fills in defaults and checks ranges; throws KitError E_USAGE naming the bad option. */
export function resolveHttpClientOptions(options: HttpClientOptions = {}): ResolvedHttpClientOptions {
  const resolved = {
    timeoutMs: options.timeoutMs ?? HTTP_CLIENT_DEFAULTS.timeoutMs,
    retries: options.retries ?? HTTP_CLIENT_DEFAULTS.retries,
    retryBaseMs: options.retryBaseMs ?? HTTP_CLIENT_DEFAULTS.retryBaseMs,
    retryMaxDelayMs: options.retryMaxDelayMs ?? HTTP_CLIENT_DEFAULTS.retryMaxDelayMs,
    retryAfterMaxMs: options.retryAfterMaxMs ?? HTTP_CLIENT_DEFAULTS.retryAfterMaxMs,
    rateRps: options.rateRps,
    concurrency: options.concurrency ?? HTTP_CLIENT_DEFAULTS.concurrency,
    maxBodyBytes: options.maxBodyBytes ?? HTTP_CLIENT_DEFAULTS.maxBodyBytes,
    userAgent: options.userAgent ?? DEFAULT_USER_AGENT,
    clock: options.clock ?? wallClock,
    waitClock: options.sleep === undefined ? wallClock : (options.clock ?? wallClock),
    sleep: options.sleep ?? sleepFor,
    random: options.random ?? Math.random,
  };
  requirePositive('timeoutMs', resolved.timeoutMs);
  requireInteger('retries', resolved.retries, 0);
  requireInteger('retryBaseMs', resolved.retryBaseMs, 0);
  requireInteger('retryMaxDelayMs', resolved.retryMaxDelayMs, 0);
  requireInteger('retryAfterMaxMs', resolved.retryAfterMaxMs, 0);
  requireInteger('concurrency', resolved.concurrency, 1);
  requireInteger('maxBodyBytes', resolved.maxBodyBytes, 1);
  if (resolved.rateRps !== undefined) requirePositive('rateRps', resolved.rateRps);
  return Object.freeze(resolved);
}

function requirePositive(name: string, value: number): void {
  if (!Number.isFinite(value) || value <= 0) {
    throw new KitError(KitErrorCode.usage, `${name} must be a positive number, got ${String(value)}`);
  }
}

function requireInteger(name: string, value: number, min: number): void {
  if (!Number.isInteger(value) || value < min) {
    throw new KitError(KitErrorCode.usage, `${name} must be an integer >= ${min}, got ${String(value)}`);
  }
}
