// DataStore columns as Parquet columns, from the kind of their declared type (column-kinds.ts): int2/int4/int
// (`_id`) INT32, int8 INT64, float4 FLOAT, float8 DOUBLE, numeric DECIMAL(precision, scale) sized from the values
// written (text where a DECIMAL cannot hold them: NaN, infinity, more than 38 digits), bool BOOLEAN, date DATE,
// timestamp TIMESTAMP (microseconds, not adjusted to UTC, as PostgreSQL's timestamp), timestamptz the same
// adjusted to UTC, json/jsonb their JSON text (UTF8), arrays three-level LISTs of their element's column, anything
// else (text, time, interval, ...) UTF8 text. The values come from the part file, already fitted to their
// column (value-fit.ts); a value this cannot convert is an error, never a NULL.
import { type ColumnKind, columnKindOf } from './column-kinds.ts';
import { parseDecimal, unscaledValue } from './decimal-text.ts';
import { JsonNumber, type LosslessValue, stringifyLossless } from './lossless-json.ts';
import { epochDays, epochMicros, parseTimestamp } from './temporal-text.ts';
import type { ExtractColumn } from './types.ts';

/** A Parquet schema element, as hyparquet-writer takes it. */
export interface ParquetSchemaElement {
  name: string;
  type?: 'BOOLEAN' | 'INT32' | 'INT64' | 'FLOAT' | 'DOUBLE' | 'BYTE_ARRAY' | 'FIXED_LEN_BYTE_ARRAY';
  type_length?: number;
  repetition_type?: 'REQUIRED' | 'OPTIONAL' | 'REPEATED';
  converted_type?: 'UTF8' | 'DATE' | 'LIST' | 'DECIMAL';
  logical_type?: { type: 'TIMESTAMP'; isAdjustedToUTC: boolean; unit: 'MICROS' } | { type: 'DECIMAL'; precision: number; scale: number };
  precision?: number;
  scale?: number;
  num_children?: number;
}

/** One output column: its schema elements and how a value of the part file becomes a Parquet value. */
export interface ParquetColumn {
  name: string;
  schema: ParquetSchemaElement[];
  convert(value: LosslessValue): unknown;
}

/**
 * How a numeric column's values fit a DECIMAL: its precision and scale (the most digits either side of the point
 * among the values written), or why they are written as text instead.
 */
export type NumericLayout = { precision: number; scale: number } | { text: string };

/** The most digits a DECIMAL column is given: what Arrow's decimal128 and DuckDB read. */
export const MAX_DECIMAL_PRECISION = 38;

/** The Parquet column of a DataStore column; `numeric` is the layout measured for a numeric column (or array of it). */
export function parquetColumnOf(column: ExtractColumn, numeric?: NumericLayout): ParquetColumn {
  const kind = columnKindOf(column.type);
  if (kind.kind === 'array') {
    const element = scalarOf(kind.element, numeric);
    return {
      name: column.id,
      schema: [
        { name: column.id, repetition_type: 'OPTIONAL', converted_type: 'LIST', num_children: 1 },
        { name: 'list', repetition_type: 'REPEATED', num_children: 1 },
        { ...element.element, name: 'element', repetition_type: 'OPTIONAL' },
      ],
      convert: (value) => {
        if (value === null) return null;
        if (!Array.isArray(value)) throw unconvertible(value, column);
        return value.map((item) => (item === null ? null : element.convert(item)));
      },
    };
  }
  const scalar = scalarOf(kind, numeric);
  return {
    name: column.id,
    schema: [{ ...scalar.element, name: column.id, repetition_type: 'OPTIONAL' }],
    convert: (value) => (value === null ? null : scalar.convert(value)),
  };
}

interface Scalar {
  element: Omit<ParquetSchemaElement, 'name'>;
  /** Converts a value that is not null; throws when it is not of the column's form. */
  convert(value: Exclude<LosslessValue, null>): unknown;
}

const UTF8 = { type: 'BYTE_ARRAY', converted_type: 'UTF8' } as const;

function scalarOf(kind: ColumnKind, numeric: NumericLayout | undefined): Scalar {
  switch (kind.kind) {
    case 'integer':
      return kind.type === 'int8'
        ? { element: { type: 'INT64' }, convert: (value) => BigInt(numberText(value)) }
        : { element: { type: 'INT32' }, convert: (value) => Number(numberText(value)) };
    case 'float':
      return { element: { type: kind.bits === 32 ? 'FLOAT' : 'DOUBLE' }, convert: (value) => floatOf(value) };
    case 'numeric':
      return decimalOf(numeric);
    case 'bool':
      return { element: { type: 'BOOLEAN' }, convert: (value) => booleanOf(value) };
    case 'date':
      return { element: { type: 'INT32', converted_type: 'DATE' }, convert: (value) => daysOf(textOf(value)) };
    case 'timestamp':
      return {
        element: { type: 'INT64', logical_type: { type: 'TIMESTAMP', isAdjustedToUTC: kind.zoned, unit: 'MICROS' } },
        convert: (value) => microsOf(textOf(value)),
      };
    case 'json':
      // why: UTF8, not Parquet's JSON type: the writer would encode a JS value again, and parsing here would lose
      // the exact text of numbers (int8 beyond 2^53) that the JSON text keeps
      return { element: UTF8, convert: (value) => stringifyLossless(value) };
    default:
      return { element: UTF8, convert: (value) => textOf(value) };
  }
}

function decimalOf(layout: NumericLayout | undefined): Scalar {
  if (layout === undefined || 'text' in layout) return { element: UTF8, convert: (value) => textOf(value) };
  const { precision, scale } = layout;
  // why: INT32 and INT64 hold DECIMALs of up to 9 and 18 digits and every reader takes them; more go in bytes
  const physical =
    precision <= 9
      ? ({ type: 'INT32' } as const)
      : precision <= 18
        ? ({ type: 'INT64' } as const)
        : ({ type: 'FIXED_LEN_BYTE_ARRAY', type_length: decimalBytes(precision) } as const);
  return {
    element: { ...physical, converted_type: 'DECIMAL', precision, scale, logical_type: { type: 'DECIMAL', precision, scale } },
    convert: (value) => {
      const decimal = parseDecimal(numberText(value));
      if (decimal === undefined) throw new Error(`the part file holds ${stringifyLossless(value)} in a numeric column`);
      return unscaledValue(decimal, scale);
    },
  };
}

/** Bytes of a two's-complement integer that holds every value of `precision` digits. */
function decimalBytes(precision: number): number {
  return Math.ceil((precision * Math.log2(10) + 1) / 8);
}

function numberText(value: Exclude<LosslessValue, null>): string {
  if (value instanceof JsonNumber) return value.text;
  if (typeof value === 'string') return value;
  throw new Error(`the part file holds ${stringifyLossless(value)} where a number belongs`);
}

function textOf(value: Exclude<LosslessValue, null>): string {
  if (typeof value === 'string') return value;
  if (value instanceof JsonNumber) return value.text;
  return typeof value === 'boolean' ? String(value) : stringifyLossless(value);
}

// why: PostgreSQL's float text for the specials is NaN, Infinity, -Infinity; the API sends them as strings
function floatOf(value: Exclude<LosslessValue, null>): number {
  const number = Number(numberText(value));
  if (Number.isNaN(number) && numberText(value) !== 'NaN') throw new Error(`the part file holds ${stringifyLossless(value)} in a float column`);
  return number;
}

function booleanOf(value: Exclude<LosslessValue, null>): boolean {
  if (typeof value !== 'boolean') throw new Error(`the part file holds ${stringifyLossless(value)} in a bool column`);
  return value;
}

/**
 * PostgreSQL's `infinity` and `-infinity` as the extremes of each Parquet type, as DuckDB reads and writes them
 * (a timestamp's are ±(2^63 - 1) microseconds, a date's ±(2^31 - 1) days).
 */
const INFINITE = { date: 2_147_483_647, micros: 9_223_372_036_854_775_807n } as const;

function daysOf(text: string): number {
  const parts = parseTimestamp(text);
  if (parts === 'infinity' || parts === '-infinity') return parts === 'infinity' ? INFINITE.date : -INFINITE.date;
  if (typeof parts === 'string') throw new Error(`"${text}" ${parts}`);
  return epochDays(parts);
}

function microsOf(text: string): bigint {
  const parts = parseTimestamp(text);
  if (parts === 'infinity' || parts === '-infinity') return parts === 'infinity' ? INFINITE.micros : -INFINITE.micros;
  if (typeof parts === 'string') throw new Error(`"${text}" ${parts}`);
  return epochMicros(parts);
}

function unconvertible(value: LosslessValue, column: ExtractColumn): Error {
  return new Error(`the part file holds ${stringifyLossless(value)} in the ${column.type} column "${column.id}"`);
}
