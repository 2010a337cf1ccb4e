import { describe, expect, it } from 'vitest';
import { createRedactor } from './redact.ts';

describe('createRedactor', () => {
  it('replaces the token in every string, key and escaped form', () => {
    const redact = createRedactor(['s3cr"et']);
    const out = redact({ a: 'x s3cr"et y', b: ['s3cr\\"et'], 's3cr"et': 1, c: 's3cr%22et', n: 5 });
    expect(JSON.stringify(out)).not.toContain('s3cr');
    expect(out.n).toBe(5);
  });

  it('returns the value unchanged without a token', () => {
    const value = { a: 'b' };
    expect(createRedactor([undefined, ''])(value)).toBe(value);
  });
});
