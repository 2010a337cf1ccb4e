// Every value on its way into an output is checked against its column's declared type and brought into one form
// per type, whatever path read it and whatever format it is written in: booleans from true/false, t/f or 1/0;
// integers in their column's range (`5.0` is 5, `5.5` is refused); floats that hold what their text says; numeric
// as its exact decimal text (from a JSON number or a string); dates, timestamps and times checked against the
// calendar, in one ISO form (temporal-text.ts). A value that does not fit fails the extract naming the column,
// the row and the value: it is never written as NULL, rounded, or passed on for a reader to misread.
import { type ColumnKind, columnKindOf } from './column-kinds.ts';
import { fitsFloat, integerText, jsonNumberText, parseDecimal } from './decimal-text.ts';
import { JsonNumber, type LosslessValue, stringifyLossless } from './lossless-json.ts';
import { dateText, FRACTION_DIGITS, parseTime, parseTimestamp, timestampText, timeText } from './temporal-text.ts';
import type { ExtractColumn } from './types.ts';

/** A value that does not fit its column: which column, which row, the value, and why. */
export class ValueMisfitError extends Error {
  override readonly name = 'ValueMisfitError';
  constructor(
    readonly column: ExtractColumn,
    /** `_id 17`, or `17 of the query` for an SQL extract without `_id`. */
    readonly row: string,
    readonly value: string,
    readonly reason: string,
  ) {
    super(`row ${row}, column "${column.id}" (${column.type}): ${value} ${reason}`);
  }
}

/** Why a value does not fit; fitters throw it, and the row's fitter adds the column and the row. */
export class Misfit extends Error {
  override readonly name = 'Misfit';
}

/** Checks one value and gives it in its column's form; throws Misfit when it does not fit. */
export type ValueFitter = (value: LosslessValue) => LosslessValue;

/** The fitter of a declared type. */
export function createValueFitter(type: string): ValueFitter {
  return fitterOf(columnKindOf(type));
}

function fitterOf(kind: ColumnKind): ValueFitter {
  switch (kind.kind) {
    case 'bool':
      return fitBool;
    case 'integer':
      return (value) => fitInteger(value, kind);
    case 'float':
      return (value) => fitFloat(value, kind.bits, kind.type);
    case 'numeric':
      return fitNumeric;
    case 'date':
      return fitDate;
    case 'timestamp':
      return (value) => fitTimestamp(value, kind.zoned);
    case 'time':
      return (value) => fitTime(value, kind.zoned);
    case 'array': {
      const element = fitterOf(kind.element);
      return (value) => {
        if (value === null) return null;
        if (!Array.isArray(value)) throw new Misfit('is not an array');
        return value.map(element);
      };
    }
    default:
      return (value) => value;
  }
}

/** A record's values in `columns` order, each fitted; throws ValueMisfitError naming the row by `_id` or `rowNumber`. */
export function createRecordFitter(columns: readonly ExtractColumn[]): (record: { [key: string]: LosslessValue }, rowNumber: number) => LosslessValue[] {
  const fitters = columns.map((column) => createValueFitter(column.type));
  return (record, rowNumber) =>
    columns.map((column, index) => {
      const value = record[column.id] ?? null;
      try {
        return (fitters[index] ?? fitIdentity)(value);
      } catch (error) {
        if (!(error instanceof Misfit)) throw error;
        throw new ValueMisfitError(column, rowLabel(record['_id'], rowNumber), showValue(value), error.message);
      }
    });
}

/** How a row is named in a message: by its `_id`, else by its place in the extract. */
export function rowLabel(id: LosslessValue | undefined, rowNumber: number): string {
  if (id instanceof JsonNumber) return `_id ${id.text}`;
  if (typeof id === 'string' && id !== '') return `_id ${id}`;
  return `${rowNumber} of the extract`;
}

/** A value as a message shows it: JSON text, cut at 80 characters. */
export function showValue(value: LosslessValue): string {
  const text = stringifyLossless(value);
  return text.length > 80 ? `${text.slice(0, 77)}...` : text;
}

const fitIdentity: ValueFitter = (value) => value;

function fitBool(value: LosslessValue): LosslessValue {
  if (value === null || typeof value === 'boolean') return value;
  const text = value instanceof JsonNumber ? value.text : typeof value === 'string' ? value.toLowerCase() : undefined;
  if (text === 't' || text === 'true' || text === '1') return true;
  if (text === 'f' || text === 'false' || text === '0') return false;
  throw new Misfit('is not a boolean (true/false, t/f or 1/0)');
}

/** A number's text, from a JSON number or a string. */
function numberText(value: LosslessValue): string | undefined {
  if (value instanceof JsonNumber) return value.text;
  return typeof value === 'string' ? value : undefined;
}

// why: most integers are short plain digits; those need no decimal reading (an int8 of 15 digits is in range)
const SHORT_INTEGER = /^-?[1-9]\d{0,14}$|^0$/;

function fitInteger(value: LosslessValue, kind: Extract<ColumnKind, { kind: 'integer' }>): LosslessValue {
  if (value === null) return null;
  const text = numberText(value);
  if (text !== undefined && SHORT_INTEGER.test(text)) {
    const number = BigInt(text);
    if (number >= kind.min && number <= kind.max) return value instanceof JsonNumber ? value : new JsonNumber(text);
  }
  const decimal = text === undefined ? undefined : parseDecimal(text.trim());
  if (decimal === undefined) throw new Misfit('is not a number');
  const integer = integerText(decimal);
  if (integer === undefined) throw new Misfit(`is not a whole number, which ${kind.type} holds`);
  const number = BigInt(integer);
  if (number < kind.min || number > kind.max) throw new Misfit(`is outside ${kind.type}'s range (${kind.min} to ${kind.max})`);
  return new JsonNumber(integer);
}

/** PostgreSQL's float and numeric specials, as CKAN's datastore_search gives them (strings). */
function specialNumber(value: LosslessValue): 'NaN' | 'Infinity' | '-Infinity' | undefined {
  if (typeof value !== 'string') return undefined;
  const lower = value.toLowerCase();
  if (lower === 'nan') return 'NaN';
  if (lower === 'infinity' || lower === 'inf' || lower === '+infinity' || lower === '+inf') return 'Infinity';
  return lower === '-infinity' || lower === '-inf' ? '-Infinity' : undefined;
}

// why: a plain decimal of at most 15 digits (float8) or 6 (float4) is held by the float it names; longer ones are checked
const SHORT_FLOAT = /^-?(?:0|[1-9]\d*)(?:\.\d+)?$/;
export const SHORT_DIGITS = { 64: 15, 32: 6 } as const;

function fitFloat(value: LosslessValue, bits: 32 | 64, type: string): LosslessValue {
  if (value === null) return null;
  const special = specialNumber(value);
  if (special !== undefined) return special;
  const text = numberText(value);
  if (text !== undefined && SHORT_FLOAT.test(text) && text.replace(/[-.]/g, '').length <= SHORT_DIGITS[bits]) {
    return value instanceof JsonNumber ? value : new JsonNumber(text);
  }
  const decimal = text === undefined ? undefined : parseDecimal(text.trim());
  if (decimal === undefined) throw new Misfit('is not a number');
  if (!fitsFloat(decimal, bits)) throw new Misfit(`is not a ${type}: the number has more digits or range than a ${bits}-bit float holds`);
  return value instanceof JsonNumber ? value : new JsonNumber(jsonNumberText(text?.trim() ?? ''));
}

function fitNumeric(value: LosslessValue): LosslessValue {
  if (value === null) return null;
  const special = specialNumber(value);
  if (special !== undefined) return special;
  if (value instanceof JsonNumber) return value;
  const text = typeof value === 'string' ? value.trim() : undefined;
  if (text === undefined || parseDecimal(text) === undefined) throw new Misfit('is not a number');
  return new JsonNumber(jsonNumberText(text));
}

function temporalText(value: LosslessValue, what: string): string {
  if (typeof value !== 'string') throw new Misfit(`is not ${what} (not a string)`);
  return value.trim();
}

function fitDate(value: LosslessValue): LosslessValue {
  if (value === null) return null;
  const parts = parseTimestamp(temporalText(value, 'a date'));
  if (parts === 'infinity' || parts === '-infinity') return parts;
  if (typeof parts === 'string') throw new Misfit(parts);
  if (parts.seconds !== 0 || parts.fraction !== '') throw new Misfit('has a time of day, which a date does not hold');
  if ((parts.offsetSeconds ?? 0) !== 0) throw new Misfit('has a UTC offset, which a date does not hold');
  return dateText(parts);
}

function fitTimestamp(value: LosslessValue, zoned: boolean): LosslessValue {
  if (value === null) return null;
  const parts = parseTimestamp(temporalText(value, 'a timestamp'));
  if (parts === 'infinity' || parts === '-infinity') return parts;
  if (typeof parts === 'string') throw new Misfit(parts);
  return timestampText(parts, keptOffset(parts, zoned ? 'timestamptz' : 'timestamp'));
}

function fitTime(value: LosslessValue, zoned: boolean): LosslessValue {
  if (value === null) return null;
  const parts = parseTime(temporalText(value, 'a time'));
  if (typeof parts === 'string') throw new Misfit(parts);
  return timeText(parts, keptOffset(parts, zoned ? 'timetz' : 'time'));
}

/**
 * The offset a timestamp or time of `type` keeps (timestamptz, timetz: theirs, which they need), or none (timestamp,
 * time: a zero offset is dropped, another has no exact wall time); throws Misfit past microseconds.
 */
function keptOffset(parts: { fraction: string; offsetSeconds?: number }, type: 'timestamp' | 'timestamptz' | 'time' | 'timetz'): number | undefined {
  if (parts.fraction.length > FRACTION_DIGITS) throw new Misfit(`is more precise than the microseconds a ${type} holds`);
  if (type === 'timestamptz' || type === 'timetz') {
    if (parts.offsetSeconds === undefined) throw new Misfit(`has no UTC offset, which a ${type} needs to be exact`);
    return parts.offsetSeconds;
  }
  if ((parts.offsetSeconds ?? 0) !== 0) throw new Misfit(`has a UTC offset, which a ${type} without time zone does not hold`);
  return undefined;
}
