// A token bucket (capacity 1) shared by every request of one client. Callers reserve a slot at once and
// then wait for it, so concurrent callers queue in arrival order without a timer loop.
import type { Clock } from '../model/index.ts';

export interface RateLimiter {
  /** Resolves when this caller may start a request. */
  acquire(): Promise<void>;
}

export function createRateLimiter(rateRps: number, clock: Clock, sleep: (ms: number) => Promise<void>): RateLimiter {
  const intervalMs = 1000 / rateRps;
  // The earliest time the next request may start; in the past means a token is ready.
  let nextSlotMs = Number.NEGATIVE_INFINITY;
  return {
    async acquire(): Promise<void> {
      const now = clock.now();
      const slot = Math.max(now, nextSlotMs);
      nextSlotMs = slot + intervalMs;
      const waitMs = slot - now;
      if (waitMs > 0) await sleep(waitMs);
    },
  };
}
