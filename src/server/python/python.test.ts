import { describe, expect, it } from 'vitest';
import { parsePyJson, pyRepr, pyReprString, pyStr, reprFloat, reprPy, toJsValue } from './index.ts';

function repr(text: string): string {
  const parsed = parsePyJson(text);
  if (!parsed.ok) throw new Error(parsed.message);
  return reprPy(parsed.value);
}

describe('parsePyJson', () => {
  // Expected messages are what CPython's json.loads says for the same text.
  it.each([
    ['foo', 'Expecting value: line 1 column 1 (char 0)'],
    ['', 'Expecting value: line 1 column 1 (char 0)'],
    ['{"a":', 'Expecting value: line 1 column 6 (char 5)'],
    ['{a:1}', 'Expecting property name enclosed in double quotes: line 1 column 2 (char 1)'],
    ['[1,2', "Expecting ',' delimiter: line 1 column 5 (char 4)"],
    ['"abc', 'Unterminated string starting at: line 1 column 1 (char 0)'],
    ['1 2', 'Extra data: line 1 column 3 (char 2)'],
    ['{"a" 1}', "Expecting ':' delimiter: line 1 column 6 (char 5)"],
    ['"ab\ncd"', 'Invalid control character at: line 1 column 4 (char 3)'],
    ['"a\\x"', 'Invalid \\escape: line 1 column 3 (char 2)'],
    ['"\\u12"', 'Invalid \\uXXXX escape: line 1 column 3 (char 2)'],
    ['[1,]', 'Expecting value: line 1 column 4 (char 3)'],
    ['{"a":1,}', 'Expecting property name enclosed in double quotes: line 1 column 8 (char 7)'],
    ['\n\n  x', 'Expecting value: line 3 column 3 (char 4)'],
    ['1.5.', 'Extra data: line 1 column 4 (char 3)'],
  ])('reports %j as Python does', (text, message) => {
    expect(parsePyJson(text)).toEqual({ ok: false, message });
  });

  it('decodes to the same JavaScript value as JSON.parse', () => {
    const text = '{"a": [1, 2.5, "x\\u00e9", null, true, {"b": {}}], "c": -0.0}';
    const parsed = parsePyJson(text);
    expect(parsed.ok && toJsValue(parsed.value)).toEqual(JSON.parse(text));
  });

  it('keeps a repeated key at its first position with its last value', () => {
    expect(repr('{"a": 1, "b": 2, "a": 3}')).toBe("{'a': 3, 'b': 2}");
  });

  it('keeps "__proto__" as a plain key', () => {
    const parsed = parsePyJson('{"__proto__": {"x": 1}}');
    const value = parsed.ok ? toJsValue(parsed.value) : undefined;
    expect(Object.keys(value as object)).toEqual(['__proto__']);
    expect(Object.getPrototypeOf(value)).toBe(Object.prototype);
  });
});

describe('reprPy', () => {
  it.each([
    ['[1, 2]', '[1, 2]'],
    ['[1.0, 2.50, -0, 1e2]', '[1.0, 2.5, 0, 100.0]'],
    ['"abc"', "'abc'"],
    ['null', 'None'],
    ['[true, false]', '[True, False]'],
    ['{"a": {"b": [null]}}', "{'a': {'b': [None]}}"],
    ['12345678901234567890123', '12345678901234567890123'],
    ['NaN', 'nan'],
    ['-Infinity', '-inf'],
  ])('writes %s as %s', (text, expected) => {
    expect(repr(text)).toBe(expected);
  });
});

describe('pyReprString', () => {
  it.each([
    ["a'b", `"a'b"`],
    [`a'"b`, `'a\\'"b'`],
    ['\x7f\x80\u2028\u{1F600}é', "'\\x7f\\x80\\u2028\u{1F600}é'"],
    ['tab\there\\', "'tab\\there\\\\'"],
    ['\u0000', "'\\x00'"],
  ])('writes %j as Python does', (text, expected) => {
    expect(pyReprString(text)).toBe(expected);
  });
});

describe('reprFloat', () => {
  it.each([
    [1e16, '1e+16'],
    [1e-5, '1e-05'],
    [0.0001, '0.0001'],
    [123456789012345680000, '1.2345678901234568e+20'],
    [1.5e300, '1.5e+300'],
    [1234.5, '1234.5'],
    [-0.5, '-0.5'],
    [0, '0.0'],
    [1e15, '1000000000000000.0'],
  ])('writes %d as %s', (value, expected) => {
    expect(reprFloat(value)).toBe(expected);
  });
});

describe('parsePyJson nesting', () => {
  it('refuses nesting deeper than Python can decode instead of overflowing the stack', () => {
    const deep = `${'['.repeat(100_000)}${']'.repeat(100_000)}`;
    expect(parsePyJson(deep)).toMatchObject({ ok: false, message: expect.stringContaining('Too deeply nested') });
    expect(parsePyJson(`${'['.repeat(999)}${']'.repeat(999)}`).ok).toBe(true);
  });
});

describe('parsePyJson size', () => {
  it('decodes an object with many keys', () => {
    const text = JSON.stringify(Object.fromEntries(Array.from({ length: 50_000 }, (_, i) => [`k${i}`, i])));
    const parsed = parsePyJson(text);
    expect(parsed.ok && parsed.value.type === 'dict' && parsed.value.entries.length).toBe(50_000);
  });
});

describe('pyRepr of plain JS values', () => {
  it.each([
    [null, 'None'],
    [true, 'True'],
    [2, '2'],
    [-0, '0'],
    [2.5, '2.5'],
    [1e-5, '1e-05'],
    [1.5e16, '15000000000000000'],
    [1.25e-7, '1.25e-07'],
    [1e21, '1e+21'],
    [Number.NaN, 'nan'],
    [['a', 1, { k: null }], "['a', 1, {'k': None}]"],
    ["it's", '"it\'s"'],
  ])('spells %j as %s', (value, expected) => {
    expect(pyRepr(value)).toBe(expected);
  });

  it('gives str() of a string as the string itself', () => {
    expect(pyStr('a b')).toBe('a b');
    expect(pyStr(['a'])).toBe("['a']");
  });
});
