import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isLosslessObject, JsonNumber, parseLossless, stringifyLossless, type LosslessValue } from './lossless-json.ts';

describe('parseLossless', () => {
  it.each([
    ['9007199254740993', '9007199254740993'],
    ['-9223372036854775808', '-9223372036854775808'],
    ['1.50', '1.50'],
    ['1e+20', '1e+20'],
    ['-0.5E-3', '-0.5E-3'],
    ['0', '0'],
  ])('keeps the number %s as its exact text', (text, expected) => {
    const value = parseLossless(`{"n": ${text}, "list": [${text}]}`);
    expect(isLosslessObject(value) && value['n']).toEqual(new JsonNumber(expected));
    expect(isLosslessObject(value) && value['list']).toEqual([new JsonNumber(expected)]);
  });

  it('leaves digits inside strings and keys alone, escapes included', () => {
    const value = parseLossless('{"1.50": "12 \\"34\\" 5\\\\", "k\\\\": "\\\\"}');
    expect(value).toEqual({ '1.50': '12 "34" 5\\', 'k\\': '\\' });
  });

  it('reads keys that repeat from record to record, escaped or not, and refuses a record that only looks like the last', () => {
    const text = '[{"a": 1, "q\\"k": 2, "b": 3}, {"a": 4, "q\\"k": 5, "b": 6}, {"a": 7, "b": 8}]';
    expect(parseLossless(text)).toEqual(JSON.parse(text, (_key, value: unknown) => (typeof value === 'number' ? new JsonNumber(String(value)) : value)));
    expect(() => parseLossless('[{"q\\"k": 1}, {"q"k": 2}]')).toThrow(SyntaxError);
    expect(() => parseLossless('[{"ab": 1}, {"ab\u0001": 2}]')).toThrow(SyntaxError);
  });

  it('keeps strings that start with U+0000 apart from numbers', () => {
    const value = parseLossless('["\\u0000#12", "\\u0000", "\\u0000\\u0000#1", 12]');
    expect(value).toEqual(['\u0000#12', '\u0000', '\u0000\u0000#1', new JsonNumber('12')]);
  });

  it('parses nested values, unicode escapes and literals as JSON.parse does', () => {
    const text = '{"a": [true, false, null, {"b": "caf\\u00e9 \\ud83d\\ude00"}], "__proto__": "own", "empty": {}, "none": []}';
    const value = parseLossless(text);
    expect(value).toEqual(JSON.parse(text));
    expect(Object.getPrototypeOf(value)).toBe(Object.prototype);
    expect(isLosslessObject(value) && Object.keys(value)).toEqual(['a', '__proto__', 'empty', 'none']);
  });

  it('round-trips through stringifyLossless with every number as given', () => {
    const text = '{"_id":1,"fee":1.50,"big":9007199254740993,"tags":["x",2.0],"ok":true,"no":null}';
    expect(stringifyLossless(parseLossless(text))).toBe(text);
  });

  it.each([
    '',
    '{',
    '{"a": 01}',
    '[1,]',
    '"unterminated',
    '{"a": 1} x',
    '[.5]',
    '[1.]',
    '+1',
    'NaNa',
    '[-]',
    '{"a" 1}',
    '"tab\there"',
    '[0x1]',
    '[-01]',
    '[1e]',
    '[1e+]',
    '[1 2]',
    '[--1]',
  ])('refuses malformed JSON %j with a SyntaxError', (text) => {
    expect(() => parseLossless(text)).toThrow(SyntaxError);
  });

  it('refuses a body nested too deeply for its stack with a SyntaxError, not a crash', () => {
    expect(() => parseLossless(`${'['.repeat(200_000)}${']'.repeat(200_000)}`)).toThrow(SyntaxError);
    expect(parseLossless(`${'['.repeat(500)}1${']'.repeat(500)}`)).toBeInstanceOf(Array);
  });

  it('agrees with JSON.parse on generated records whose numbers are exact doubles', () => {
    const records: LosslessValue[] = [];
    for (let n = 0; n < 200; n += 1) records.push({ _id: new JsonNumber(String(n)), title: `Row ${n} "q", \\ é`, on: n % 2 === 0, none: null });
    const text = stringifyLossless(records);
    expect(JSON.stringify(parseLossless(text))).toBe(JSON.stringify(JSON.parse(text)));
  });

  // why: JSON.parse is the reference; the two must agree on every text, valid or not (numbers compared as doubles)
  const asDoubles = (value: LosslessValue): unknown => {
    if (value instanceof JsonNumber) return Number(value.text);
    if (Array.isArray(value)) return value.map(asDoubles);
    if (isLosslessObject(value)) return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, asDoubles(item)]));
    return value;
  };
  const outcome = (read: () => unknown): { ok: true; value: unknown } | { ok: false } => {
    try {
      return { ok: true, value: read() };
    } catch (error) {
      expect(error).toBeInstanceOf(SyntaxError);
      return { ok: false };
    }
  };

  it('agrees with JSON.parse on generated JSON texts, and on the same texts with a character cut or changed', () => {
    const damaged = fc.tuple(fc.json(), fc.nat(), fc.constantFrom('', '"', '\\', ',', '}', ']', '-', '0', 'e', '\u0001', 'u'));
    fc.assert(
      fc.property(damaged, ([text, at, inserted]) => {
        for (const variant of [text, `${text.slice(0, at % (text.length + 1))}${inserted}${text.slice((at % (text.length + 1)) + 1)}`]) {
          const expected = outcome(() => JSON.parse(variant));
          const actual = outcome(() => asDoubles(parseLossless(variant)));
          expect(actual.ok).toBe(expected.ok);
          if (actual.ok && expected.ok) expect(actual.value).toEqual(expected.value);
        }
      }),
      { numRuns: 2000 },
    );
  });
});

describe('parseLossless on CKAN 2.9-2.11 SQL answers', () => {
  it('reads the bare NaN and Infinity tokens simplejson writes as the strings datastore_search gives', () => {
    expect(parseLossless('[NaN, Infinity, -Infinity, -1]')).toEqual(['NaN', 'Infinity', '-Infinity', new JsonNumber('-1')]);
  });
});
