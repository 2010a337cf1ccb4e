import { describe, expect, it } from 'vitest';
import { hasNonFiniteTokens, parseNonFiniteJson } from './non-finite-json.ts';

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

  it('reads the tokens as marked strings, leaving strings that spell them alone', () => {
    expect(parseNonFiniteJson('{"a": [NaN, -Infinity], "b": "NaN"}')).toEqual({ value: { a: ['<bare NaN>', '<bare -Infinity>'], b: 'NaN' } });
  });
});
