import { describe, expect, it } from 'vitest';
import { stringifyCkanJson } from './json-text.ts';
import { RawJson } from './types.ts';

describe('stringifyCkanJson', () => {
  it('uses simplejson separators and escapes non-ASCII outside raw JSON', () => {
    const value = { help: 'h', success: true, result: { title: 'Café 日本', n: [1, 2.5, null] } };
    expect(stringifyCkanJson(value)).toBe(
      '{"help": "h", "success": true, "result": {"title": "Caf\\u00e9 \\u65e5\\u672c", "n": [1, 2.5, null]}}',
    );
  });

  it('splices RawJson verbatim, UTF-8 included', () => {
    const records = new RawJson('[{"_id":1,"title":"Café"}]');
    expect(stringifyCkanJson({ records, total: 1 })).toBe('{"records": [{"_id":1,"title":"Café"}], "total": 1}');
  });

  it('escapes DEL and astral characters as UTF-16 units', () => {
    expect(stringifyCkanJson('\x7f\u{1F600}')).toBe('"\\u007f\\ud83d\\ude00"');
  });

  it('leaves out undefined members and writes non-finite numbers as simplejson does', () => {
    expect(stringifyCkanJson({ a: undefined, b: Number.NaN, c: Number.POSITIVE_INFINITY })).toBe('{"b": NaN, "c": Infinity}');
  });
});
