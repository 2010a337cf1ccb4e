import { describe, expect, it } from 'vitest';
import { copyCellValue, parseCopyCsv } from './copy-csv.ts';
import { JsonNumber } from './lossless-json.ts';

describe('parseCopyCsv', () => {
  it('tells NULL (unquoted empty) from the empty string (quoted), and keeps quoted delimiters, quotes and newlines', () => {
    expect(parseCopyCsv('1,,"",x\n2,"a,""b""\nc",null,\n')).toEqual([
      ['1', null, '', 'x'],
      ['2', 'a,"b"\nc', 'null', null],
    ]);
  });

  it('reads an empty page as no rows and a last line without newline as a row', () => {
    expect(parseCopyCsv('')).toEqual([]);
    expect(parseCopyCsv('1,a')).toEqual([['1', 'a']]);
  });

  it('refuses an unterminated quoted cell', () => {
    expect(() => parseCopyCsv('1,"abc\n')).toThrow(SyntaxError);
  });
});

describe('copyCellValue', () => {
  it.each([
    ['t', { id: 'flag', type: 'bool' }, true],
    ['f', { id: 'flag', type: 'bool' }, false],
    ['null', { id: 'meta', type: 'json' }, null],
    ['null', { id: 'tags', type: '_text' }, null],
    ['null', { id: 'note', type: 'text' }, 'null'],
    ['1.50', { id: 'fee', type: 'numeric' }, '1.50'],
    ['7', { id: '_id', type: 'int4' }, new JsonNumber('7')],
  ])('%s in a %j column', (cell, column, expected) => {
    expect(copyCellValue(cell, column)).toEqual(expected);
  });

  it('parses json and array cells with their numbers exact', () => {
    expect(copyCellValue('{"a": [1.50, "x"]}', { id: 'meta', type: 'json' })).toEqual({ a: [new JsonNumber('1.50'), 'x'] });
  });
});
