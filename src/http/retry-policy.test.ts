import { describe, expect, it } from 'vitest';
import { computeBackoffMs, computeRetryDelayMs, isRetryableStatus, parseRetryAfter } from './retry-policy.ts';

const NOW = Date.parse('2026-01-01T00:00:00Z');

describe('isRetryableStatus', () => {
  it.each([
    [200, false],
    [304, false],
    [400, false],
    [404, false],
    [409, false],
    [429, true],
    [500, true],
    [503, true],
    [599, true],
  ])('%i -> %s', (status, expected) => {
    expect(isRetryableStatus(status)).toBe(expected);
  });
});

describe('parseRetryAfter', () => {
  it.each([
    [undefined, undefined],
    ['0', 0],
    ['1', 1000],
    [' 120 ', 120_000],
    ['Thu, 01 Jan 2026 00:00:10 GMT', 10_000],
    ['Wed, 31 Dec 2025 23:00:00 GMT', 0],
    ['soon', undefined],
    ['-5', undefined],
  ])('%j -> %j ms', (value, expected) => {
    expect(parseRetryAfter(value, NOW)).toBe(expected);
  });
});

describe('computeBackoffMs', () => {
  it.each([
    [1, 0.5, 100],
    [2, 0.5, 200],
    [3, 0.5, 400],
    [10, 0.5, 5000],
    [3, 0, 0],
  ])('attempt %i with random %d waits %i ms (base 200, cap 10000)', (attempt, random, expected) => {
    expect(computeBackoffMs({ attempt, random, baseMs: 200, maxDelayMs: 10_000 })).toBe(expected);
  });
});

describe('computeRetryDelayMs', () => {
  const base = { attempt: 1, random: 0.5, baseMs: 200, maxDelayMs: 10_000, retryAfterMaxMs: 30_000, nowMs: NOW };

  it('prefers Retry-After over backoff, capped', () => {
    expect(computeRetryDelayMs({ ...base, retryAfter: '2' })).toBe(2000);
    expect(computeRetryDelayMs({ ...base, retryAfter: '99999' })).toBe(30_000);
  });

  it('falls back to backoff when Retry-After is absent or unreadable', () => {
    expect(computeRetryDelayMs({ ...base, retryAfter: undefined })).toBe(100);
    expect(computeRetryDelayMs({ ...base, retryAfter: 'later' })).toBe(100);
  });
});
