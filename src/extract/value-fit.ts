// Every value on its way into an output is checked against its column's declared type and brought into one form
// per type, whatever path read it and whatever format it is written in: booleans from true/false, t/f or 1/0;
// integers in their column's range (`5.0` is 5, `5.5` is refused); floats that hold what their text says; numeric
// as its exact decimal text (from a JSON number or a string); dates, timestamps and times checked against the
// calendar, in one ISO form (temporal-text.ts). A value that does not fit fails the extract naming the column,
// the row and the value: it is never written as NULL, rounded, or passed on for a reader to misread.
import { type ColumnKind, columnKindOf } from './column-kinds.ts';
import { fitsFloat, integerText, jsonNumberText, parseDecimal } from './decimal-text.ts';
import { cellText } from './encode.ts';
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

/** How the cells of a column of PostgreSQL's COPY text (the dump, records_format=csv) are fitted. */
export interface TextFitter {
  /** The cell's text in its column's one form; throws Misfit when it does not fit. */
  fit(text: string): string;
  /**
   * Whether `text` between `start` and `end` already is that form (most PostgreSQL writes are), checked in place
   * without making a string or a value of it: the dump is the fast path. False means: ask `fit`.
   */
  isFit?(text: string, start: number, end: number): boolean;
}

/** The text fitter of a declared type. */
export function createTextFitter(type: string): TextFitter {
  const kind = columnKindOf(type);
  const fitValue = fitterOf(kind);
  const fit = (text: string): string => cellText(fitValue(text));
  const isFit = inPlaceCheckOf(kind);
  return isFit === undefined ? { fit } : { fit, isFit };
}

function inPlaceCheckOf(kind: ColumnKind): TextFitter['isFit'] {
  switch (kind.kind) {
    case 'integer': {
      const min = Number(kind.min);
      const max = Number(kind.max);
      return (text, start, end) => {
        const value = plainInteger(text, start, end);
        return value !== undefined && value >= min && value <= max;
      };
    }
    case 'float':
      return (text, start, end) => plainDecimalDigits(text, start, end) <= SHORT_DIGITS[kind.bits];
    case 'numeric':
      return (text, start, end) => plainDecimalDigits(text, start, end) < Number.POSITIVE_INFINITY;
    case 'date':
      return (text, start, end) => end - start === 10 && isCalendarDate(text, start);
    case 'timestamp':
      return kind.zoned ? undefined : isCanonicalTimestamp;
    default:
      return undefined;
  }
}

const ZERO = 0x30;
const NINE = 0x39;

function digitAt(text: string, at: number): number {
  const code = text.charCodeAt(at);
  return code >= ZERO && code <= NINE ? code - ZERO : -1;
}

/** The value of `-?(0|[1-9][0-9]{0,14})` between start and end, else undefined. */
function plainInteger(text: string, start: number, end: number): number | undefined {
  const negative = text.charCodeAt(start) === 0x2d;
  const first = negative ? start + 1 : start;
  if (end - first < 1 || end - first > 15 || (text.charCodeAt(first) === ZERO && end - first > 1)) return undefined;
  let value = 0;
  for (let at = first; at < end; at += 1) {
    const digit = digitAt(text, at);
    if (digit < 0) return undefined;
    value = value * 10 + digit;
  }
  return negative ? (value === 0 ? undefined : -value) : value;
}

/** The digits of a plain JSON decimal (`-?(0|[1-9]\d*)(\.\d+)?`) between start and end; Infinity when it is none. */
function plainDecimalDigits(text: string, start: number, end: number): number {
  let at = text.charCodeAt(start) === 0x2d ? start + 1 : start;
  if (at >= end || digitAt(text, at) < 0 || (digitAt(text, at) === 0 && at + 1 < end && text.charCodeAt(at + 1) !== 0x2e)) return Number.POSITIVE_INFINITY;
  let digits = 0;
  let point = false;
  for (; at < end; at += 1) {
    if (digitAt(text, at) >= 0) digits += 1;
    else if (text.charCodeAt(at) === 0x2e && !point && at + 1 < end) point = true;
    else return Number.POSITIVE_INFINITY;
  }
  return digits;
}

/** The number of `width` digits at `at`, or -1. */
function numberAt(text: string, at: number, width: number): number {
  let value = 0;
  for (let index = at; index < at + width; index += 1) {
    const digit = digitAt(text, index);
    if (digit < 0) return -1;
    value = value * 10 + digit;
  }
  return value;
}

/** `YYYY-MM-DD` at `at`, a day of the calendar. */
function isCalendarDate(text: string, at: number): boolean {
  if (text.charCodeAt(at + 4) !== 0x2d || text.charCodeAt(at + 7) !== 0x2d) return false;
  const year = numberAt(text, at, 4);
  const month = numberAt(text, at + 5, 2);
  const day = numberAt(text, at + 8, 2);
  if (year < 0 || month < 1 || month > 12 || day < 1) return false;
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  return day <= (month === 2 ? (leap ? 29 : 28) : month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31);
}

/** `YYYY-MM-DDTHH:MM:SS[.ffffff]` (a fraction not all zeros) between start and end: a timestamp in its one form. */
function isCanonicalTimestamp(text: string, start: number, end: number): boolean {
  const length = end - start;
  if ((length !== 19 && length !== 26) || !isCalendarDate(text, start) || text.charCodeAt(start + 10) !== 0x54) return false;
  if (text.charCodeAt(start + 13) !== 0x3a || text.charCodeAt(start + 16) !== 0x3a) return false;
  const hour = numberAt(text, start + 11, 2);
  const minute = numberAt(text, start + 14, 2);
  const second = numberAt(text, start + 17, 2);
  if (hour < 0 || hour > 23 || minute < 0 || minute > 59 || second < 0 || second > 59) return false;
  return length === 19 || (text.charCodeAt(start + 19) === 0x2e && numberAt(text, start + 20, 6) > 0);
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
const SHORT_DIGITS = { 64: 15, 32: 6 } as const;

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
