// The fitting of value-fit.ts for the cells of PostgreSQL's COPY text (the dump, records_format=csv): the cell's
// text in its column's one form, and, for the types PostgreSQL already writes in that form (integers, plain
// decimals, dates, timestamps), a check in place that makes no string or value of the cell, which keeps the dump
// the fast path.
import { type ColumnKind, columnKindOf } from './column-kinds.ts';
import { cellText } from './encode.ts';
import { createValueFitter, SHORT_DIGITS } from './value-fit.ts';

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
  const fitValue = createValueFitter(type);
  const fit = (text: string): string => cellText(fitValue(text));
  const isFit = inPlaceCheckOf(columnKindOf(type));
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
