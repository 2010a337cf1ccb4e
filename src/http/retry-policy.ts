// When to retry and how long to wait: network errors, 5xx and 429 only; full-jitter exponential backoff,
// or the server's Retry-After (RFC 9110 §10.2.3: delay-seconds or an HTTP-date) when it sends one.

/** 5xx and 429 are worth another attempt; any other status is the answer. */
export function isRetryableStatus(status: number): boolean {
  return status === 429 || (status >= 500 && status <= 599);
}

/** `Retry-After` as a wait in ms (never negative), or undefined when absent or unparseable. */
export function parseRetryAfter(value: string | undefined, nowMs: number): number | undefined {
  if (value === undefined) return undefined;
  const text = value.trim();
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  // why: Date.parse reads bare numbers like "-5" as years; an HTTP-date always names its month
  if (!/[a-z]{3}/i.test(text)) return undefined;
  const date = Date.parse(text);
  if (Number.isNaN(date)) return undefined;
  return Math.max(0, date - nowMs);
}

export interface BackoffInput {
  /** The attempt that just failed, 1-based. */
  attempt: number;
  baseMs: number;
  maxDelayMs: number;
  /** In [0, 1). */
  random: number;
}

/** Full jitter (AWS architecture blog, "Exponential Backoff And Jitter"): uniform in [0, min(cap, base*2^(n-1))]. */
export function computeBackoffMs(input: BackoffInput): number {
  const ceiling = Math.min(input.maxDelayMs, input.baseMs * 2 ** (input.attempt - 1));
  return Math.floor(input.random * ceiling);
}

export interface RetryDelayInput extends BackoffInput {
  retryAfter: string | undefined;
  retryAfterMaxMs: number;
  nowMs: number;
}

/** The wait before the next attempt after a retryable response: Retry-After (capped) when given, else backoff. */
export function computeRetryDelayMs(input: RetryDelayInput): number {
  const serverWish = parseRetryAfter(input.retryAfter, input.nowMs);
  if (serverWish !== undefined) return Math.min(serverWish, input.retryAfterMaxMs);
  return computeBackoffMs(input);
}
