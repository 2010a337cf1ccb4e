import { describe, expect, it } from 'vitest';
import { JsonNumber, type LosslessValue, stringifyLossless } from './lossless-json.ts';
import { createRecordFitter, createValueFitter, Misfit, ValueMisfitError } from './value-fit.ts';

const n = (text: string): JsonNumber => new JsonNumber(text);

/** The fitted value as JSON text (numbers as their text), or the reason it does not fit. */
function fitted(type: string, value: LosslessValue): string {
  try {
    return stringifyLossless(createValueFitter(type)(value));
  } catch (error) {
    if (error instanceof Misfit) return `misfit: ${error.message}`;
    throw error;
  }
}

describe('createValueFitter', () => {
  it.each([
    ['bool', true, 'true'],
    ['bool', n('1'), 'true'],
    ['bool', n('0'), 'false'],
    ['bool', 't', 'true'],
    ['bool', 'F', 'false'],
    ['bool', 'TRUE', 'true'],
    ['bool', '0', 'false'],
    ['boolean', 'f', 'false'],
    ['bool', null, 'null'],
    ['bool', n('2'), 'misfit: is not a boolean (true/false, t/f or 1/0)'],
    ['bool', 'yes', 'misfit: is not a boolean (true/false, t/f or 1/0)'],
    ['bool', '', 'misfit: is not a boolean (true/false, t/f or 1/0)'],
    ['int4', n('42'), '42'],
    ['int4', '42', '42'],
    ['int4', n('5.00'), '5'],
    ['int4', n('1e3'), '1000'],
    ['int4', '-0', '0'],
    ['int4', n('2147483647'), '2147483647'],
    ['int4', n('2147483648'), "misfit: is outside int4's range (-2147483648 to 2147483647)"],
    ['int2', n('-32769'), "misfit: is outside int2's range (-32768 to 32767)"],
    ['int', n('12.5'), 'misfit: is not a whole number, which int4 holds'],
    ['int8', n('9007199254740993'), '9007199254740993'],
    ['int8', '-9223372036854775808', '-9223372036854775808'],
    ['int8', '9223372036854775808', "misfit: is outside int8's range (-9223372036854775808 to 9223372036854775807)"],
    ['int8', n('1e400'), "misfit: is outside int8's range (-9223372036854775808 to 9223372036854775807)"],
    ['int4', 'abc', 'misfit: is not a number'],
    ['int4', true, 'misfit: is not a number'],
    ['float8', n('13.4'), '13.4'],
    ['float8', '13.4', '13.4'],
    ['float8', n('1e+20'), '1e+20'],
    ['float8', n('0.10000000000000001'), '0.10000000000000001'],
    ['float8', 'NaN', '"NaN"'],
    ['float8', '-Infinity', '"-Infinity"'],
    ['float8', 'inf', '"Infinity"'],
    ['float8', '.5', '0.5'],
    ['float8', '+3.', '3'],
    ['float8', n('9007199254740993'), 'misfit: is not a float8: the number has more digits or range than a 64-bit float holds'],
    ['float8', n('1e400'), 'misfit: is not a float8: the number has more digits or range than a 64-bit float holds'],
    ['float4', n('13.4'), '13.4'],
    ['float4', n('13.399999618530273'), '13.399999618530273'],
    ['float4', n('16777217'), 'misfit: is not a float4: the number has more digits or range than a 32-bit float holds'],
    ['float8', 'x', 'misfit: is not a number'],
    ['numeric', n('482.00'), '482.00'],
    ['numeric', '482.00', '482.00'],
    ['numeric', '123456789012345678901234567890.123456789', '123456789012345678901234567890.123456789'],
    ['numeric', '-.5', '-0.5'],
    ['numeric', 'NaN', '"NaN"'],
    ['numeric', 'twelve', 'misfit: is not a number'],
    ['timestamp', '2025-03-23T02:50:50', '"2025-03-23T02:50:50"'],
    ['timestamp', '2025-03-23T02:50:50.250', '"2025-03-23T02:50:50.250000"'],
    ['timestamp', '2025-03-23T02:50:50.250000', '"2025-03-23T02:50:50.250000"'],
    ['timestamp', '2025-03-23 02:50:50.000', '"2025-03-23T02:50:50"'],
    ['timestamp', '2025-03-23T02:50:50Z', '"2025-03-23T02:50:50"'],
    ['timestamp', '2025-03-23', '"2025-03-23T00:00:00"'],
    ['timestamp', '0044-03-15 10:00:00 BC', '"0044-03-15T10:00:00 BC"'],
    ['timestamp', 'infinity', '"infinity"'],
    ['timestamp', '2025-03-23T02:50:50+02:00', 'misfit: has a UTC offset, which a timestamp without time zone does not hold'],
    ['timestamp', '2025-03-23T02:50:50.1234567', 'misfit: is more precise than the microseconds a timestamp holds'],
    ['timestamp', '2025-02-29T00:00:00', 'misfit: is not a date of the calendar'],
    ['timestamp', '2025-03-23T25:00:00', 'misfit: has no valid time of day'],
    ['timestamp', n('1742698250'), 'misfit: is not a timestamp (not a string)'],
    ['timestamptz', '2020-01-01 08:00:00+00', '"2020-01-01T08:00:00+00:00"'],
    ['timestamptz', '2025-03-23T02:50:50.25+05:30', '"2025-03-23T02:50:50.250000+05:30"'],
    ['timestamptz', '1880-01-01 00:00:00+00:53:28', '"1880-01-01T00:00:00+00:53:28"'],
    ['timestamptz', '2025-03-23T02:50:50', 'misfit: has no UTC offset, which a timestamptz needs to be exact'],
    ['date', '2025-02-06', '"2025-02-06"'],
    ['date', '2025-02-06T00:00:00', '"2025-02-06"'],
    ['date', '2025-02-06T10:00:00', 'misfit: has a time of day, which a date does not hold'],
    ['date', '2025-02-06T00:00:00+02:00', 'misfit: has a UTC offset, which a date does not hold'],
    ['date', '06/02/2025', 'misfit: is not a date or timestamp (YYYY-MM-DD[THH:MM:SS[.ffffff]][+HH:MM])'],
    ['time', '23:59:59.5', '"23:59:59.500000"'],
    ['time', '23:59:59.500000', '"23:59:59.500000"'],
    ['time', '24:00:00', '"24:00:00"'],
    ['time', '12:42', '"12:42:00"'],
    ['time', '12:61:00', 'misfit: is not a time of day'],
    ['_int4', [n('1'), '2', null], '[1,2,null]'],
    ['int4[]', [n('1')], '[1]'],
    ['_int4', [n('1.5')], 'misfit: is not a whole number, which int4 holds'],
    ['_text', '{a,b}', 'misfit: is not an array'],
    ['json', { a: n('1.50') }, '{"a":1.50}'],
    ['text', n('5'), '5'],
    ['interval', '1 day', '"1 day"'],
  ] satisfies [string, LosslessValue, string][])('%s %j -> %s', (type, value, expected) => {
    expect(fitted(type, value)).toBe(expected);
  });
});

describe('createRecordFitter', () => {
  const columns = [
    { id: '_id', type: 'int' },
    { id: 'member', type: 'bool' },
  ];

  it('gives the values in column order, each in its one form', () => {
    expect(createRecordFitter(columns)({ member: n('1'), _id: n('7') }, 1)).toEqual([n('7'), true]);
  });

  it('names the column, the row by its _id, and the value that does not fit', () => {
    const fit = (): unknown => createRecordFitter(columns)({ _id: n('17'), member: n('2') }, 3);
    expect(fit).toThrow(ValueMisfitError);
    expect(fit).toThrow('row _id 17, column "member" (bool): 2 is not a boolean (true/false, t/f or 1/0)');
  });

  it('names a row without _id by its place in the extract', () => {
    expect(() => createRecordFitter([{ id: 'member', type: 'bool' }])({ member: 'maybe' }, 12)).toThrow(
      'row 12 of the extract, column "member" (bool): "maybe" is not a boolean',
    );
  });
});
