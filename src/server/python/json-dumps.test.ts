import { describe, expect, it } from 'vitest';
import { RawJson } from '../types.ts';
import { pyJsonDumps } from './index.ts';

describe('pyJsonDumps', () => {
  it('uses simplejson separators and escapes non-ASCII outside raw JSON', () => {
    const value = { help: 'h', success: true, result: { title: 'Café 日本', n: [1, 2.5, null] } };
    expect(pyJsonDumps(value)).toBe('{"help": "h", "success": true, "result": {"title": "Caf\\u00e9 \\u65e5\\u672c", "n": [1, 2.5, null]}}');
  });

  it('splices RawJson verbatim, UTF-8 included', () => {
    const records = new RawJson('[{"_id":1,"title":"Café"}]');
    expect(pyJsonDumps({ records, total: 1 })).toBe('{"records": [{"_id":1,"title":"Café"}], "total": 1}');
  });

  it('escapes DEL and astral characters as UTF-16 units', () => {
    expect(pyJsonDumps('\x7f\u{1F600}')).toBe('"\\u007f\\ud83d\\ude00"');
  });

  it('leaves out undefined members and writes non-finite numbers as simplejson does', () => {
    expect(pyJsonDumps({ a: undefined, b: Number.NaN, c: Number.POSITIVE_INFINITY })).toBe('{"b": NaN, "c": Infinity}');
  });
});

describe('pyJsonDumps with sort_keys and without ensure_ascii', () => {
  it('sorts keys at every level and keeps non-ASCII text', () => {
    const value = { b: [{ z: 1, a: 'é' }], a: null, é: 2.5 };
    expect(pyJsonDumps(value, { sortKeys: true, ensureAscii: false })).toBe('{"a": null, "b": [{"a": "é", "z": 1}], "é": 2.5}');
  });
});
