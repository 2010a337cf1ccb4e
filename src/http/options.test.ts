import { describe, expect, it } from 'vitest';
import { KitError } from '../errors.ts';
import { DEFAULT_USER_AGENT, HTTP_CLIENT_DEFAULTS, resolveHttpClientOptions } from './options.ts';

describe('resolveHttpClientOptions', () => {
  it('fills in the documented defaults', () => {
    const resolved = resolveHttpClientOptions();
    expect(resolved).toMatchObject({ ...HTTP_CLIENT_DEFAULTS, rateRps: undefined, userAgent: DEFAULT_USER_AGENT });
    expect(HTTP_CLIENT_DEFAULTS).toMatchObject({ timeoutMs: 30_000, retries: 0, retryBaseMs: 200, concurrency: 16, maxBodyBytes: 10 * 1024 * 1024 });
    expect(Object.isFrozen(resolved)).toBe(true);
  });

  it('computes waits on an injected clock only when its sleep is injected too', () => {
    const fixed = { now: () => 0 };
    expect(resolveHttpClientOptions({ clock: fixed }).waitClock).not.toBe(fixed);
    expect(resolveHttpClientOptions({ clock: fixed, sleep: async () => undefined }).waitClock).toBe(fixed);
    expect(resolveHttpClientOptions({ clock: fixed }).clock).toBe(fixed);
  });

  it.each([
    [{ timeoutMs: 0 }, 'timeoutMs must be a positive number, got 0'],
    [{ retries: -1 }, 'retries must be an integer >= 0, got -1'],
    [{ retries: 1.5 }, 'retries must be an integer >= 0, got 1.5'],
    [{ concurrency: 0 }, 'concurrency must be an integer >= 1, got 0'],
    [{ rateRps: -2 }, 'rateRps must be a positive number, got -2'],
    [{ maxBodyBytes: Number.NaN }, 'maxBodyBytes must be an integer >= 1, got NaN'],
  ])('rejects %j', (options, message) => {
    expect(() => resolveHttpClientOptions(options)).toThrow(new KitError('E_USAGE', message));
  });
});
