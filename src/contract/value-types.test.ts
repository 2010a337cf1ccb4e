import { describe, expect, it } from 'vitest';
import { ruleForType } from './value-types.ts';

describe('ruleForType', () => {
  it.each([
    ['int4', 2014, true],
    ['int4', null, true],
    ['int4', '2014', false],
    // biome-ignore lint/correctness/noPrecisionLoss: an int8 past 2^53 arrives so from JSON.parse, and must still pass
    ['int8', 9007199254740993, true],
    ['numeric', 1.5, true],
    ['numeric', '1.50', false],
    ['float8', 'NaN', true],
    ['float8', '-Infinity', true],
    ['float8', '13.4', false],
    ['text', '', true],
    ['text', 5, false],
    ['varchar', 'x', true],
    ['bool', false, true],
    ['bool', 't', false],
    ['timestamp', '2020-01-01T08:00:00', true],
    ['timestamp', '2020-01-01T10:11:12.345678', true],
    ['timestamp', '2020-01-01 08:00:00', false],
    ['timestamptz', '2020-01-01T08:00:00+00:00', true],
    ['timestamptz', '2020-01-01T08:00:00', false],
    ['date', '2011-01-01', true],
    ['date', '2011-01-01T00:00:00', false],
    ['time', '12:42:00', true],
    ['time', '12:42', false],
    ['_text', ['one', null], true],
    ['_text', [1], false],
    ['_int4', [1, 2], true],
    ['_int4', '{1,2}', false],
  ])('%s accepts %j: %s', (type, value, expected) => {
    expect(ruleForType(type)?.accepts(value)).toBe(expected);
  });

  it.each(['json', 'jsonb', 'oid', 'geometry', 'money'])('has no rule for %s (any value goes)', (type) => {
    expect(ruleForType(type)).toBeUndefined();
  });
});
