// Dates, timestamps and times as text: read in the forms PostgreSQL, CKAN's two actions and other implementations
// write them (`2025-03-23 02:50:50.25+00`, `2025-03-23T02:50:50.250000`, `0044-03-15 BC`, `infinity`), checked
// against the calendar, and written back in one form whatever path read them: ISO with `T`, the fraction without
// trailing zeros, an offset as `+HH:MM`. So `…50.250` (CKAN 2.12's datastore_search) and `…50.250000` (its
// datastore_search_sql) are the same bytes.

/** A point in time as the text gave it (no time zone conversion). */
export interface TimestampParts {
  /** The year as written (4 digits or more), before ` BC`. */
  year: string;
  bc: boolean;
  month: number;
  day: number;
  /** Seconds since midnight, whole. */
  seconds: number;
  /** Digits of the fraction of a second, without trailing zeros. */
  fraction: string;
  /** Seconds east of UTC, when the text gave an offset. */
  offsetSeconds?: number;
}

/** PostgreSQL's `infinity` and `-infinity`, which dates and timestamps may hold. */
export type Infinite = 'infinity' | '-infinity';

const TIMESTAMP_TEXT = /^(\d{4,})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d+))?)?)? ?(Z|[+-]\d{2}(?::?\d{2}(?::?\d{2})?)?)?( BC)?$/;
const TIME_TEXT = /^(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d+))?)?(Z|[+-]\d{2}(?::?\d{2}(?::?\d{2})?)?)?$/;

/** Most digits of a second's fraction a PostgreSQL timestamp or time holds (microseconds). */
export const FRACTION_DIGITS = 6;

/** Reads a date or timestamp; a string saying what is wrong when the text is none. */
export function parseTimestamp(text: string): TimestampParts | Infinite | string {
  const lower = text.toLowerCase();
  if (lower === 'infinity' || lower === '-infinity') return lower;
  const match = TIMESTAMP_TEXT.exec(text);
  if (match === null) return 'is not a date or timestamp (YYYY-MM-DD[THH:MM:SS[.ffffff]][+HH:MM])';
  const [, year = '', month = '', day = '', hour = '0', minute = '0', second = '0', fraction = '', zone, bc] = match;
  const calendarYear = bc === undefined ? Number(year) : 1 - Number(year);
  if (Number(month) < 1 || Number(month) > 12 || Number(day) < 1 || Number(day) > daysInMonth(calendarYear, Number(month))) {
    return 'is not a date of the calendar';
  }
  const clock = clockSeconds(hour, minute, second, false);
  if (clock === undefined) return 'has no valid time of day';
  const parts: TimestampParts = { year, bc: bc !== undefined, month: Number(month), day: Number(day), seconds: clock, fraction: fraction.replace(/0+$/, '') };
  if (zone === undefined) return parts;
  const offset = offsetSecondsOf(zone);
  return offset === undefined ? 'has an offset beyond ±15:59' : { ...parts, offsetSeconds: offset };
}

/** A time of day: seconds since midnight, the fraction and any offset. */
export interface TimeParts {
  seconds: number;
  fraction: string;
  offsetSeconds?: number;
}

/** Reads a time of day (`23:59:59.5`, `23:59:59.500000`, `24:00:00`, `08:00:00+02`). */
export function parseTime(text: string): TimeParts | string {
  const match = TIME_TEXT.exec(text);
  if (match === null) return 'is not a time of day (HH:MM[:SS[.ffffff]])';
  const [, hour = '', minute = '', second = '0', fraction = '', zone] = match;
  const seconds = clockSeconds(hour, minute, second, true);
  const trimmed = fraction.replace(/0+$/, '');
  if (seconds === undefined || (seconds === 86_400 && trimmed !== '')) return 'is not a time of day';
  if (zone === undefined) return { seconds, fraction: trimmed };
  const offset = offsetSecondsOf(zone);
  return offset === undefined ? 'has an offset beyond ±15:59' : { seconds, fraction: trimmed, offsetSeconds: offset };
}

/** `2025-03-23T02:50:50.250000`, with `+HH:MM` when an offset is given, and ` BC` as PostgreSQL writes it. */
export function timestampText(parts: TimestampParts, offsetSeconds?: number): string {
  const date = `${parts.year}-${pad(parts.month)}-${pad(parts.day)}`;
  const zone = offsetSeconds === undefined ? '' : offsetText(offsetSeconds);
  return `${date}T${clockText(parts.seconds, parts.fraction)}${zone}${parts.bc ? ' BC' : ''}`;
}

/** `2025-03-23` (` BC` kept). */
export function dateText(parts: TimestampParts): string {
  return `${parts.year}-${pad(parts.month)}-${pad(parts.day)}${parts.bc ? ' BC' : ''}`;
}

/** `23:59:59.500000`, with `+HH:MM` when an offset is given. */
export function timeText(parts: TimeParts, offsetSeconds?: number): string {
  return `${clockText(parts.seconds, parts.fraction)}${offsetSeconds === undefined ? '' : offsetText(offsetSeconds)}`;
}

const DAY_MS = 86_400_000;

/** Days since 1970-01-01 (proleptic Gregorian; `0044 BC` is year -43). */
export function epochDays(parts: TimestampParts): number {
  return Math.round(utcMs(calendarYearOf(parts), parts.month, parts.day) / DAY_MS);
}

/** Microseconds since 1970-01-01T00:00:00 UTC: the wall time less its offset (none: taken as UTC). */
export function epochMicros(parts: TimestampParts): bigint {
  const ms = utcMs(calendarYearOf(parts), parts.month, parts.day) + parts.seconds * 1000;
  const micros = BigInt(ms) * 1000n + BigInt(parts.fraction.padEnd(FRACTION_DIGITS, '0').slice(0, FRACTION_DIGITS));
  return micros - BigInt(parts.offsetSeconds ?? 0) * 1_000_000n;
}

function calendarYearOf(parts: TimestampParts): number {
  return parts.bc ? 1 - Number(parts.year) : Number(parts.year);
}

// why: Date.UTC reads the years 0-99 as 1900-1999; setUTCFullYear takes any year as it is
function utcMs(year: number, month: number, day: number): number {
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  return date.getTime();
}

function daysInMonth(year: number, month: number): number {
  if (month === 2) return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0 ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

/** Seconds since midnight, or undefined out of range; `24:00:00` only for a time of day (PostgreSQL allows it). */
function clockSeconds(hour: string, minute: string, second: string, allowMidnightEnd: boolean): number | undefined {
  const [h, m, s] = [Number(hour), Number(minute), Number(second)];
  if (m > 59 || s > 59) return undefined;
  if (h === 24 && allowMidnightEnd && m === 0 && s === 0) return 86_400;
  return h > 23 ? undefined : h * 3600 + m * 60 + s;
}

function clockText(seconds: number, fraction: string): string {
  const clock = `${pad(Math.floor(seconds / 3600))}:${pad(Math.floor(seconds / 60) % 60)}:${pad(seconds % 60)}`;
  return fraction === '' ? clock : `${clock}.${fraction.padEnd(FRACTION_DIGITS, '0')}`;
}

/** `Z`, `+02`, `+0530`, `-03:30`, `+00:53:28` (PostgreSQL writes a historical local mean time with seconds). */
function offsetSecondsOf(zone: string): number | undefined {
  if (zone === 'Z') return 0;
  const sign = zone.startsWith('-') ? -1 : 1;
  const digits = zone.slice(1).replaceAll(':', '');
  const [h, m, s] = [Number(digits.slice(0, 2)), Number(digits.slice(2, 4) || '0'), Number(digits.slice(4, 6) || '0')];
  if (h > 15 || m > 59 || s > 59) return undefined;
  return sign * (h * 3600 + m * 60 + s);
}

function offsetText(offsetSeconds: number): string {
  const abs = Math.abs(offsetSeconds);
  const seconds = abs % 60;
  const text = `${offsetSeconds < 0 ? '-' : '+'}${pad(Math.floor(abs / 3600))}:${pad(Math.floor(abs / 60) % 60)}`;
  return seconds === 0 ? text : `${text}:${pad(seconds)}`;
}

function pad(value: number): string {
  return String(value).padStart(2, '0');
}
