import { describe, expect, it } from 'vitest';
import { adaptPyValue, interpolateParams, StatementFormatError, UnadaptableValueError } from './psycopg.ts';

describe('adaptPyValue', () => {
  it.each<[unknown, string]>([
    [null, 'NULL'],
    [true, 'true'],
    [25, '25'],
    [-2014.5, ' -2014.5'],
    [13.4, '13.4'],
    [1e20, '100000000000000000000'],
    [-9223372036854776000, ' -9223372036854776000'],
    [1.5e-7, '1.5e-07'],
    [Number.NaN, "'NaN'::float"],
    ["O'Neil", "'O''Neil'"],
    ['back\\slash', "'back\\slash'"],
    [[], "'{}'"],
    [['a', 1], "ARRAY['a',1]"],
  ])('%j → %s', (value, literal) => {
    expect(adaptPyValue(value)).toBe(literal);
  });

  it('cannot adapt a dict', () => {
    expect(() => adaptPyValue({ lt: 5 })).toThrow(UnadaptableValueError);
  });
});

describe('interpolateParams', () => {
  it('fills %s from a list and turns %% into %', () => {
    expect(interpolateParams('SELECT "rating with %%" WHERE a = %s AND b in (%s,%s)', [1, 'x', -2])).toBe(
      `SELECT "rating with %" WHERE a = 1 AND b in ('x', -2)`,
    );
  });

  it('fills %(name)s from a dict', () => {
    expect(interpolateParams('WHERE (_id = %(value_0)s)', { value_0: 'not-a-number' })).toBe("WHERE (_id = 'not-a-number')");
  });

  it('fails as Python does on a bare % or a missing value (CKAN answers 500)', () => {
    expect(() => interpolateParams('ORDER BY "rating with % desc"', [])).toThrow(StatementFormatError);
    expect(() => interpolateParams('a = %s', [])).toThrow(StatementFormatError);
  });
});
