import { describe, expect, it } from 'vitest';
import { hasNonFiniteTokens } from './non-finite-json.ts';

describe('hasNonFiniteTokens', () => {
  it.each([
    ['{"records": [{"ratio": NaN}, {"ratio": Infinity}, {"ratio": -Infinity}]}', true],
    ['[NaN]', true],
    ['{"text": "NaN is fine in a string", "n": 1}', false],
    ['{"text": "a \\" NaN", "n": NaN}', true],
    ['{"n": NaNa}', false],
    ['<html>NaN</html>', false],
    ['{"n": 1}', false],
  ])('%s -> %s', (text, expected) => {
    expect(hasNonFiniteTokens(text)).toBe(expected);
  });
});
