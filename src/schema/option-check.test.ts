import { Type } from '@sinclair/typebox';
import { describe, expect, it } from 'vitest';
import { compileSchema } from './ajv.ts';
import { DIFF_OPTIONS, DIFF_RUN_OPTIONS, DIFF_SIDE_OPTIONS } from './diff-options.ts';
import { EXTRACT_HTTP_OPTIONS, EXTRACT_JOB_OPTIONS, EXTRACT_OPTIONS, EXTRACT_SOURCE_OPTIONS } from './extract-options.ts';
import { checkOptionValue, readOptionValues, withDefaults } from './option-check.ts';
import { option, type OptionTable } from './option-table.ts';
import { PROBE_DOOR_OPTIONS, PROBE_OPTIONS } from './probe-options.ts';
import { RUN_DOOR_OPTIONS, RUN_OPTIONS, SELECTION_OPTIONS } from './run-options.ts';

const TABLES: Record<string, OptionTable> = {
  EXTRACT_OPTIONS,
  EXTRACT_HTTP_OPTIONS,
  EXTRACT_SOURCE_OPTIONS,
  EXTRACT_JOB_OPTIONS,
  SELECTION_OPTIONS,
  RUN_OPTIONS,
  RUN_DOOR_OPTIONS,
  DIFF_SIDE_OPTIONS,
  DIFF_OPTIONS,
  DIFF_RUN_OPTIONS,
  PROBE_OPTIONS,
  PROBE_DOOR_OPTIONS,
};

/** Values of every kind, at and beyond the bounds the tables use. */
const PROBES: readonly unknown[] = [
  0,
  1,
  -1,
  0.5,
  1.5,
  5,
  16,
  17,
  20,
  21,
  100,
  100.5,
  1_000_000,
  1_000_001,
  Number.NaN,
  Number.POSITIVE_INFINITY,
  '',
  'x',
  'csv',
  'xml',
  'parquet',
  'A_B',
  'a-b',
  '9x',
  'https://x.example',
  'seed',
  'ckan',
  'none',
  'missing',
  'all',
  true,
  false,
  null,
  [],
  ['a'],
  [''],
  [1],
  {},
  { a: 1 },
];

describe('checkOptionValue', () => {
  // why: a job file is validated by Ajv and a flag by checkOptionValue; for every declared option they must agree
  it.each(Object.entries(TABLES).flatMap(([name, table]) => Object.entries(table).map(([key, declared]) => [`${name}.${key}`, declared] as const)))(
    'agrees with Ajv on %s for values of every kind',
    (_name, declared) => {
      const validate = compileSchema(declared.schema);
      for (const value of PROBES) {
        // why: JSON has no NaN or Infinity; Ajv's number type takes them, which no job file can hold
        if (typeof value === 'number' && !Number.isFinite(value)) {
          if (declared.schema['type'] === 'number' || declared.schema['type'] === 'integer') expect(checkOptionValue(declared.schema, value)).toBeDefined();
          continue;
        }
        expect(checkOptionValue(declared.schema, value) === undefined, `${JSON.stringify(value)}`).toBe(validate(value));
      }
    },
  );

  it.each([
    [Type.Integer({ minimum: 1, maximum: 1_000_000 }), 0, 'must be a whole number from 1 to 1000000, got 0'],
    [Type.Integer({ minimum: 0 }), 1.5, 'must be a whole number >= 0, got 1.5'],
    [Type.Number({ exclusiveMinimum: 0 }), 0, 'must be a number > 0, got 0'],
    [Type.Number({ minimum: 0, maximum: 100 }), '5', 'must be a number from 0 to 100, got "5"'],
    [Type.String({ minLength: 1 }), '', 'must not be empty'],
    [Type.String({ pattern: '^[a-z]+$' }), 'A', 'must match ^[a-z]+$, got "A"'],
    [Type.Union([Type.Literal('a'), Type.Literal('b')]), 'c', 'must be one of a, b, got "c"'],
    [Type.Boolean(), 'yes', 'must be true or false, got "yes"'],
    [Type.Array(Type.String({ minLength: 1 }), { minItems: 1 }), ['a', ''], 'item 2 must not be empty'],
    [Type.Array(Type.String()), 'a,b', 'must be a list, got "a,b"'],
    [Type.Record(Type.String(), Type.Unknown()), [1], 'must be an object, got [1]'],
  ])('says what is wrong with a value of %j: %j', (schema, value, detail) => {
    expect(checkOptionValue(schema, value)).toBe(detail);
  });
});

describe('readOptionValues and withDefaults', () => {
  const table = {
    size: option(Type.Integer({ minimum: 1 }), { flag: { name: 'size' }, job: { key: 'size' }, default: 10 }),
    name: option(Type.String({ minLength: 1 }), { flag: null, job: null }),
  };

  it('keeps the accepted values, lists the refused ones, and leaves out what was not given', () => {
    expect(readOptionValues(table, { size: 0, name: 'n', other: 1 })).toEqual({
      values: { name: 'n' },
      problems: [{ key: 'size', detail: 'must be a whole number >= 1, got 0' }],
    });
  });

  it('fills in the defaults, frozen', () => {
    const resolved = withDefaults(table, {});
    expect(resolved).toEqual({ size: 10, name: undefined });
    expect(Object.isFrozen(resolved)).toBe(true);
  });

  it('does not compile a declaration that does not say whether it has a flag', () => {
    // @ts-expect-error: `flag` is missing (Vitest's CLIOptions habit: every option says whether it has a flag)
    const declared = option(Type.Integer(), { job: null });
    // @ts-expect-error: a default must be a value of the option's schema
    const wrong = option(Type.Integer(), { flag: null, job: null, default: 'ten' });
    expect([declared, wrong]).toHaveLength(2);
  });
});
