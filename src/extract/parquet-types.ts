// DataStore field types as Parquet columns: int2/int4/int (`_id`) INT32, int8 INT64, float4 FLOAT, float8 and numeric
// DOUBLE (numeric has no fixed scale in the DataStore, so it cannot be a Parquet DECIMAL), bool BOOLEAN, date
// DATE, timestamp TIMESTAMP (microseconds, not adjusted to UTC, as PostgreSQL's timestamp), timestamptz the same
// adjusted to UTC, json/jsonb their JSON text (UTF8), arrays (`_text`, `_int4`, ...) three-level LISTs of
// their element type, anything else (text, time, interval, ...) UTF8 text as the API gave it.
import { JsonNumber, type LosslessValue, stringifyLossless } from './lossless-json.ts';
import type { ExtractColumn } from './types.ts';

/** A Parquet schema element, as hyparquet-writer takes it. */
export interface ParquetSchemaElement {
  name: string;
  type?: 'BOOLEAN' | 'INT32' | 'INT64' | 'FLOAT' | 'DOUBLE' | 'BYTE_ARRAY';
  repetition_type?: 'REQUIRED' | 'OPTIONAL' | 'REPEATED';
  converted_type?: 'UTF8' | 'DATE' | 'LIST';
  logical_type?: { type: 'TIMESTAMP'; isAdjustedToUTC: boolean; unit: 'MICROS' };
  num_children?: number;
}

/** One output column: its schema elements and how a JSON value of the API becomes a Parquet value. */
export interface ParquetColumn {
  name: string;
  schema: ParquetSchemaElement[];
  convert(value: LosslessValue): unknown;
}

/** The Parquet column of a DataStore column. */
export function parquetColumnOf(column: ExtractColumn): ParquetColumn {
  const type = column.type.toLowerCase();
  if (type.startsWith('_')) {
    const element = scalarOf(type.slice(1));
    return {
      name: column.id,
      schema: [
        { name: column.id, repetition_type: 'OPTIONAL', converted_type: 'LIST', num_children: 1 },
        { name: 'list', repetition_type: 'REPEATED', num_children: 1 },
        { ...element.element, name: 'element', repetition_type: 'OPTIONAL' },
      ],
      convert: (value) => (Array.isArray(value) ? value.map(element.convert) : null),
    };
  }
  const scalar = scalarOf(type);
  return { name: column.id, schema: [{ ...scalar.element, name: column.id, repetition_type: 'OPTIONAL' }], convert: scalar.convert };
}

interface Scalar {
  element: Omit<ParquetSchemaElement, 'name'>;
  convert(value: LosslessValue): unknown;
}

function scalarOf(type: string): Scalar {
  switch (type) {
    case 'int':
    case 'int2':
    case 'int4':
      return { element: { type: 'INT32' }, convert: (value) => (value === null ? null : Number(textOf(value))) };
    case 'int8':
      return { element: { type: 'INT64' }, convert: (value) => (value === null ? null : BigInt(textOf(value))) };
    case 'float4':
      return { element: { type: 'FLOAT' }, convert: toDouble };
    case 'float8':
    case 'numeric':
      return { element: { type: 'DOUBLE' }, convert: toDouble };
    case 'bool':
      return { element: { type: 'BOOLEAN' }, convert: (value) => (typeof value === 'boolean' ? value : null) };
    case 'date':
      return { element: { type: 'INT32', converted_type: 'DATE' }, convert: (value) => (value === null ? null : daysOf(textOf(value))) };
    case 'timestamp':
    case 'timestamptz':
      return {
        element: { type: 'INT64', logical_type: { type: 'TIMESTAMP', isAdjustedToUTC: type === 'timestamptz', unit: 'MICROS' } },
        convert: (value) => (value === null ? null : microsOf(textOf(value))),
      };
    case 'json':
    case 'jsonb':
      // why: UTF8, not Parquet's JSON type: the writer would encode a JS value again, and parsing here would lose
      // the exact text of numbers (int8 beyond 2^53) that the JSON text keeps
      return { element: { type: 'BYTE_ARRAY', converted_type: 'UTF8' }, convert: (value) => (value === null ? null : stringifyLossless(value)) };
    default:
      return { element: { type: 'BYTE_ARRAY', converted_type: 'UTF8' }, convert: (value) => (value === null ? null : textOf(value)) };
  }
}

function textOf(value: LosslessValue): string {
  if (typeof value === 'string') return value;
  if (value instanceof JsonNumber) return value.text;
  return typeof value === 'boolean' ? String(value) : stringifyLossless(value);
}

// why: PostgreSQL's float text for the specials is NaN, Infinity, -Infinity; the API sends them as strings
function toDouble(value: LosslessValue): number | null {
  return value === null ? null : Number(textOf(value));
}

const DAY_MS = 86_400_000;

/**
 * PostgreSQL's `infinity` and `-infinity` as the extremes of each Parquet type, as DuckDB reads and writes them
 * (a timestamp's are ±(2^63 - 1) microseconds, a date's ±(2^31 - 1) days).
 */
const INFINITE = { date: 2_147_483_647, micros: 9_223_372_036_854_775_807n } as const;

/** `2025-02-02` (or `0044-03-15 BC`, or a year past 9999) as days since 1970; ±infinity as INT32's extremes. */
function daysOf(text: string): number {
  if (text === 'infinity' || text === '-infinity') return text === 'infinity' ? INFINITE.date : -INFINITE.date;
  const match = /^(\d{4,})-(\d{2})-(\d{2})( BC)?$/.exec(text);
  if (match === null) throw new Error(`"${text}" is not a date`);
  const [, year, month, day, bc] = match;
  return Math.round(utcMs(calendarYear(year, bc), Number(month), Number(day)) / DAY_MS);
}

/**
 * `2025-02-02T01:07:13.345678` (or with a space, an offset for timestamptz, ` BC`, or a year past 9999) as
 * microseconds since 1970; ±infinity as INT64's extremes.
 */
function microsOf(text: string): bigint {
  if (text === 'infinity' || text === '-infinity') return text === 'infinity' ? INFINITE.micros : -INFINITE.micros;
  const match = /^(\d{4,})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2}):(\d{2})(?:\.(\d{1,6}))?(Z|[+-]\d{2}(?::?\d{2}(?::?\d{2})?)?)?( BC)?$/.exec(text);
  if (match === null) throw new Error(`"${text}" is not a timestamp`);
  const [, year, month, day, hour, minute, second, fraction = '', zone, bc] = match;
  const ms = utcMs(calendarYear(year, bc), Number(month), Number(day), Number(hour), Number(minute), Number(second));
  const micros = BigInt(ms) * 1000n + BigInt(fraction.padEnd(6, '0'));
  return micros - BigInt(offsetSeconds(zone)) * 1_000_000n;
}

/** The proleptic Gregorian year PostgreSQL's text names: `0044 … BC` is year -43 (there is no year 0 BC). */
function calendarYear(year: string | undefined, bc: string | undefined): number {
  return bc === undefined ? Number(year) : 1 - Number(year);
}

// why: Date.UTC reads the years 0-99 as 1900-1999; setUTCFullYear takes any year as it is
function utcMs(year: number, month: number, day: number, hour = 0, minute = 0, second = 0): number {
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  date.setUTCHours(hour, minute, second, 0);
  return date.getTime();
}

function offsetSeconds(zone: string | undefined): number {
  if (zone === undefined || zone === 'Z') return 0;
  const sign = zone.startsWith('-') ? -1 : 1;
  const digits = zone.slice(1).replaceAll(':', '');
  // why: PostgreSQL writes an offset with seconds (+00:53:28, a historical local mean time) as such
  return sign * (Number(digits.slice(0, 2)) * 3600 + Number(digits.slice(2, 4) || '0') * 60 + Number(digits.slice(4, 6) || '0'));
}
