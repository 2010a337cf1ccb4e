import { describe, expect, it } from 'vitest';
import { parsePgArray } from './pg-array.ts';
import { renderResult, translateEngineError } from './action.ts';
import { renderValueJson, toIsoDateTime } from './render.ts';
import { createSqlStatement } from './statement.ts';
import { ckanTraits } from '../ckan-versions.ts';
import { EngineQueryError, EngineTimeoutError } from '../engine.ts';
import { ActionAuthorizationError, ActionValidationError, RawJson, UnencodableResultError } from '../types.ts';

describe('renderValueJson', () => {
  it.each([
    ['5', 'int4', '5'],
    ['9007199254740993', 'int8', '9007199254740993'],
    ['2014.5000000000000000', 'numeric', '2014.5000000000000000'],
    ['1.50', 'numeric', '1.50'],
    ['1e+20', 'float8', '1e+20'],
    ['t', 'bool', 'true'],
    ['f', 'bool', 'false'],
    ['2005-03-01 00:00:00', 'timestamp', '"2005-03-01T00:00:00"'],
    ['2020-01-01 10:11:12.345678', 'timestamp', '"2020-01-01T10:11:12.345678"'],
    ['2020-01-01 10:11:12.5', 'timestamp', '"2020-01-01T10:11:12.500000"'],
    ['2020-01-01 08:00:00+00', 'timestamptz', '"2020-01-01T08:00:00+00:00"'],
    ['2020-01-01 08:00:00+05:30', 'timestamptz', '"2020-01-01T08:00:00+05:30"'],
    ['infinity', 'timestamp', '"infinity"'],
    ['2011-01-01', 'date', '"2011-01-01"'],
    ['12:42:00', 'time', '"12:42:00"'],
    ['', 'text', '""'],
    ['{"a": 1}', 'json', '"{\\"a\\": 1}"'],
    ['{"a": 1}', 'jsonb', '"{\\"a\\": 1}"'],
    ['zwei bük', 'text', '"zwei b\\u00fck"'],
    ["'2005':3 'tolstoy':2", 'tsvector', "\"'2005':3 'tolstoy':2\""],
    ['{1,2,3}', '_int4', '[1, 2, 3]'],
    ['{"a b",c,NULL,"q\\"x"}', '_text', '["a b", "c", null, "q\\"x"]'],
    ['{{1,2},{3,4}}', '_int4', '[[1, 2], [3, 4]]'],
    ['{}', '_text', '[]'],
    ['[0:1]={7,8}', '_int4', '[7, 8]'],
    ['{t,f}', '_bool', '[true, false]'],
    ['-2147483648', 'int4', '-2147483648'],
    ['0044-03-15 12:00:00 BC', 'timestamp', '"0044-03-15 12:00:00 BC"'],
    ['12345-01-01 00:00:00', 'timestamp', '"12345-01-01T00:00:00"'],
    ['not an array', '_int4', '"not an array"'],
  ])('renders %j (%s) as %s', (text, type, json) => {
    expect(renderValueJson(text, type)).toBe(json);
    expect(() => JSON.parse(renderValueJson(text, type))).not.toThrow();
  });

  it('parses a CKAN json column and writes it as simplejson does', () => {
    expect(renderValueJson('{"a":1,"b":[1,"é"]}', 'json', { ckanJson: true })).toBe('{"a": 1, "b": [1, "\\u00e9"]}');
    expect(renderValueJson('{"a":1}', 'json', { ckanJson: false })).toBe('"{\\"a\\":1}"');
  });

  // CKAN 2.9-2.11 answer bare tokens (simplejson 3 with allow_nan): recordings 2.11 generated-seed1#158, #178
  it.each([
    ['NaN', 'float8', 'NaN'],
    ['Infinity', 'float8', 'Infinity'],
    ['-Infinity', 'float4', '-Infinity'],
    ['NaN', 'numeric', 'NaN'],
    ['{1.50,NaN}', '_numeric', '[1.50, NaN]'],
    ['{1,Infinity}', '_float8', '[1, Infinity]'],
  ])('writes %j (%s) as the bare token %s, as CKAN up to 2.11 does', (text, type, json) => {
    expect(renderValueJson(text, type)).toBe(json);
    expect(renderValueJson(text, type, { nonFiniteFloats: 'token' })).toBe(json);
  });

  it('refuses NaN/Infinity floats where the encoder does (2.12), but not numeric values', () => {
    expect(() => renderValueJson('NaN', 'float8', { nonFiniteFloats: 'refuse' })).toThrow(UnencodableResultError);
    expect(() => renderValueJson('{1,-Infinity}', '_float4', { nonFiniteFloats: 'refuse' })).toThrow(UnencodableResultError);
    expect(renderValueJson('13.4', 'float8', { nonFiniteFloats: 'refuse' })).toBe('13.4');
    expect(renderValueJson('NaN', 'numeric', { nonFiniteFloats: 'refuse' })).toBe('NaN');
    expect(renderValueJson('NaN', 'numeric', { numericAsString: true })).toBe('"NaN"');
  });

  it('renders SQL NULL as null whatever the type', () => {
    expect(renderValueJson(null, 'int4')).toBe('null');
    expect(renderValueJson(null, '_text')).toBe('null');
  });
});

describe('toIsoDateTime', () => {
  it('drops an all-zero fraction and keeps odd offsets', () => {
    expect(toIsoDateTime('2020-01-01 10:11:12.000000')).toBe('2020-01-01T10:11:12');
    expect(toIsoDateTime('1900-01-01 00:00:00+05:53:28')).toBe('1900-01-01T00:00:00+05:53:28');
  });
});

describe('parsePgArray', () => {
  it('refuses text that is not an array literal', () => {
    expect(parsePgArray('nope')).toBeUndefined();
    expect(parsePgArray('{1,2')).toBeUndefined();
  });
});

describe('renderResult', () => {
  const result = {
    fields: [
      { name: '_id', typeName: 'int4' },
      { name: 'n', typeName: 'numeric' },
    ],
    rows: [
      ['1', '1.50'],
      ['2', null],
      ['3', '7'],
    ],
  };

  it('reports fields with type names and keeps numeric text as JSON numbers', () => {
    const out = renderResult(result, 10);
    expect(out['fields']).toEqual([
      { id: '_id', type: 'int4' },
      { id: 'n', type: 'numeric' },
    ]);
    const records = out['records'];
    expect(records).toBeInstanceOf(RawJson);
    expect(records instanceof RawJson ? records.text : '').toBe('[{"_id": 1, "n": 1.50}, {"_id": 2, "n": null}, {"_id": 3, "n": 7}]');
    expect(out).not.toHaveProperty('records_truncated');
  });

  it('drops the extra row and says records_truncated only past rows_max', () => {
    const out = renderResult(result, 2);
    expect(out['records_truncated']).toBe(true);
    expect(JSON.parse(out['records'] instanceof RawJson ? out['records'].text : '')).toHaveLength(2);
    expect(renderResult(result, 3)).not.toHaveProperty('records_truncated');
  });

  it('parses json only for CKAN json columns, by name', () => {
    const json = {
      fields: [
        { name: 'meta', typeName: 'json' },
        { name: 'built', typeName: 'json' },
      ],
      rows: [['{"x":1}', '{"y":2}']],
    };
    const out = renderResult(json, 5, { ckanJsonColumns: new Set(['meta']) });
    expect(JSON.parse(out['records'] instanceof RawJson ? out['records'].text : '')).toEqual([{ meta: { x: 1 }, built: '{"y":2}' }]);
  });

  it('keeps the last value of a repeated column name, as a Python dict does', () => {
    const out = renderResult(
      {
        fields: [
          { name: 'a', typeName: 'int4' },
          { name: 'a', typeName: 'text' },
        ],
        rows: [['1', 'x']],
      },
      5,
    );
    expect(out['records'] instanceof RawJson ? out['records'].text : '').toBe('[{"a": "x"}]');
  });
});

describe('translateEngineError', () => {
  const statement = createSqlStatement('SELECT nope', 100, ckanTraits('2.11'));

  it.each([
    [new EngineTimeoutError('slow'), ActionValidationError, { query: ['Query took too long'] }],
    [new EngineQueryError('canceling statement due to statement timeout', '57014'), ActionValidationError, { query: ['Query took too long'] }],
  ])('maps %s to a 409', (error, type, errors) => {
    const out = translateEngineError(error, statement);
    expect(out).toBeInstanceOf(type);
    expect(out instanceof ActionValidationError ? out.errors : undefined).toEqual(errors);
  });

  it('maps SQLSTATE 42501 to the 403 CKAN gives', () => {
    const out = translateEngineError(new EngineQueryError('permission denied for table x', '42501'), statement);
    expect(out).toBeInstanceOf(ActionAuthorizationError);
    expect(out instanceof ActionAuthorizationError ? out.detail : '').toBe('Not authorized to read resource.');
  });

  it('maps query errors to 409 with the PostgreSQL message and info, positioned in the EXPLAIN CKAN ran', () => {
    const out = translateEngineError(new EngineQueryError('column "nope" does not exist', '42703', { position: 23 }), statement);
    const orig =
      'column "nope" does not exist\nLINE 1: ...LAIN (VERBOSE, FORMAT JSON) SELECT * FROM (SELECT nope) AS b...\n                                                             ^\n';
    expect(out instanceof ActionValidationError ? out.errors : undefined).toEqual({
      query: [
        `(psycopg2.errors.UndefinedColumn) ${orig}\n[SQL: SELECT * FROM (SELECT nope) AS blah LIMIT 101 ;]\n(Background on this error at: https://sqlalche.me/e/14/f405)`,
      ],
      info: { statement: ['SELECT * FROM (SELECT nope) AS blah LIMIT 101 ;'], params: [{}], orig: [orig] },
    });
  });

  it('maps runtime errors (division by zero) to 409 with the PostgreSQL message too', () => {
    const out = translateEngineError(new EngineQueryError('division by zero', '22012'), statement);
    expect(out instanceof ActionValidationError ? out.errors['info'] : undefined).toMatchObject({ orig: ['division by zero\n'] });
  });

  it('leaves server-side failures (internal, resources) as a plain error: a 500', () => {
    const out = translateEngineError(new EngineQueryError('out of memory', '53200'), statement);
    expect(out).toBeInstanceOf(Error);
    expect(out).not.toBeInstanceOf(ActionValidationError);
    expect(out).not.toBeInstanceOf(ActionAuthorizationError);
  });
});
