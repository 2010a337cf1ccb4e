import { describe, expect, it } from 'vitest';
import { JsonNumber, parseLossless } from '../extract/index.ts';
import { canonicalText, fitsType, NULL_CELL, relateSqlValue, toCell } from './values.ts';

describe('toCell', () => {
  it.each([
    ['text as it is', 'a, "b"\nc', undefined, 'a, "b"\nc'],
    ['a number with its digits', new JsonNumber('1.50'), 'numeric', '1.50'],
    ['a big integer exactly', new JsonNumber('9007199254740993'), 'int8', '9007199254740993'],
    ['a boolean', false, 'bool', 'false'],
    ['an array as JSON', ['a', new JsonNumber('2.0')], '_text', '["a",2.0]'],
    ['a JSON string of a json column with its quotes', 'just a string', 'json', '"just a string"'],
    ['NULL as the NUL marker', null, 'text', NULL_CELL],
  ])('writes %s', (_, value, type, cell) => {
    expect(toCell(value, type)).toBe(cell);
  });
});

describe('relateSqlValue', () => {
  it.each([
    ['the same value', 'x', 'x', 'same'],
    ['numbers equal as numbers', new JsonNumber('1.5'), new JsonNumber('1.50'), 'same'],
    ['a numeric written as a string (CKAN 2.10)', new JsonNumber('482.00'), '482.00', 'equal'],
    ['a timestamp cut to the second', '2025-03-23T02:50:50', '2025-03-23T02:50:50.250000', 'finer'],
    ['a timestamp cut to milliseconds (2.12)', '2020-01-01T10:11:12.345', '2020-01-01T10:11:12.345678', 'finer'],
    ['a time with another precision', '23:59:59.5', '23:59:59.500000', 'equal'],
    ['another text', 'Zürich', 'Z?rich', 'differ'],
    ['a boolean served as text', 'true', true, 'differ'],
    ['another second', '2025-03-23T02:50:51', '2025-03-23T02:50:50.250000', 'differ'],
  ] as const)('tells %s', (_, search, sql, relation) => {
    expect(relateSqlValue(search, sql)).toBe(relation);
  });
});

describe('fitsType and canonicalText', () => {
  it('tells a value of the kind its column type is served as', () => {
    expect([
      fitsType(true, 'bool'),
      fitsType('true', 'bool'),
      fitsType(new JsonNumber('2'), 'int4'),
      fitsType('NaN', 'float8'),
      fitsType(['a'], '_text'),
    ]).toEqual([true, false, true, true, true]);
  });

  it('reads values as the comparison does: numbers as doubles, keys in any order', () => {
    expect(canonicalText(parseLossless('{"b": 1.50, "a": [2]}'))).toBe(canonicalText(parseLossless('{"a":[2],"b":1.5}')));
  });
});
