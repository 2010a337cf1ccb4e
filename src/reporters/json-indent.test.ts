import { describe, expect, it } from 'vitest';
import { indentJsonText } from './json-indent.ts';

describe('indentJsonText', () => {
  it('indents like JSON.stringify for plain values', () => {
    const value = { a: [1, { b: 'x' }], c: {}, d: [], e: null, f: 'q"uo\\te, [not] {json}: ' };
    expect(indentJsonText(JSON.stringify(value))).toBe(JSON.stringify(value, null, 2));
  });

  it('keeps numbers and escapes exactly as sent', () => {
    expect(indentJsonText('{"fee": 482.00, "n":1e3,"s":"\\u00e9"}')).toBe('{\n  "fee": 482.00,\n  "n": 1e3,\n  "s": "\\u00e9"\n}');
  });

  it('returns text that is not JSON unchanged', () => {
    expect(indentJsonText('<html>{oops}</html>')).toBe('<html>{oops}</html>');
    expect(indentJsonText('{"a": 1')).toBe('{"a": 1');
  });
});
