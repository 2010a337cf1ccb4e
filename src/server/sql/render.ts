// Rendering PostgreSQL text values as CKAN's datastore_search_sql does (spec 4.4), straight to JSON text
// written as simplejson writes it (CKAN decodes SQL results to Python values, then dumps them).
import { pyJsonDumps } from '../python/index.ts';
import { UnencodableResultError } from '../types.ts';
import { parsePgArray, type PgArray } from './pg-array.ts';

const jsonNumber = /^-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?$/;
const integerTypes = new Set(['int2', 'int4', 'int8', 'oid']);
const floatTypes = new Set(['float4', 'float8']);
// PostgreSQL's text of the values JSON has no number for; Python writes the same words (float repr, Decimal str)
const nonFiniteTexts = new Set(['NaN', 'Infinity', '-Infinity']);
const dateTimeTypes = new Set(['timestamp', 'timestamptz', 'time', 'timetz']);

/**
 * How a value is rendered: a CKAN json column (sent parsed), numeric as a string (CKAN up to 2.10), NaN/Infinity
 * floats as bare tokens (default, CKAN up to 2.11) or refused (2.12).
 */
export interface RenderOptions {
  ckanJson?: boolean;
  numericAsString?: boolean;
  nonFiniteFloats?: NonFiniteFloats;
}

/** How a JSON encoder treats NaN and Infinity floats: writes them as bare tokens, or refuses to encode. */
export type NonFiniteFloats = 'token' | 'refuse';

/** Renders one non-null value (PostgreSQL text form) of a column as JSON text. */
export type ValueRenderer = (text: string) => string;

/**
 * One value (PostgreSQL text form, null for SQL NULL) as JSON text. `ckanJson` marks a CKAN json
 * column, whose values are sent parsed; other json/jsonb values (from expressions) are sent as a string
 * holding the JSON text, as CKAN does (quirk). CKAN up to 2.10 sent Decimals (`numeric`) as their str().
 */
export function renderValueJson(text: string | null, typeName: string, options: RenderOptions = {}): string {
  return text === null ? 'null' : valueRenderer(typeName, options)(text);
}

/**
 * The renderer of a column's values, chosen once per column (a page runs to rows_max rows): renderValueJson
 * without deciding the type again for every cell.
 */
export function valueRenderer(typeName: string, options: RenderOptions = {}): ValueRenderer {
  const numericAsString = options.numericAsString === true;
  if (options.ckanJson === true) return renderCkanJson;
  if (typeName.startsWith('_')) {
    const renderItem = valueRenderer(typeName.slice(1), { ...options, ckanJson: false });
    return (text) => {
      const array = parsePgArray(text);
      return array === undefined ? pyJsonDumps(text) : renderArray(array, renderItem);
    };
  }
  if (typeName === 'numeric' && numericAsString) return pyJsonDumps;
  // why: PostgreSQL prints integers only as digits, always a JSON number
  if (integerTypes.has(typeName)) return (text) => text;
  // why: simplejson writes a Decimal as its str() whatever allow_nan says, so a numeric NaN is a bare token everywhere
  if (typeName === 'numeric') return renderNumber;
  if (floatTypes.has(typeName)) return options.nonFiniteFloats === 'refuse' ? renderFiniteFloat : renderNumber;
  if (typeName === 'bool') return (text) => (text === 't' ? 'true' : 'false');
  if (dateTimeTypes.has(typeName)) return renderDateTime;
  return pyJsonDumps;
}

// As simplejson 3.x with allow_nan writes numbers (CKAN up to 2.11): NaN and Infinity as bare tokens, not JSON.
function renderNumber(text: string): string {
  return jsonNumber.test(text) || nonFiniteTexts.has(text) ? text : pyJsonDumps(text);
}

function renderFiniteFloat(text: string): string {
  if (nonFiniteTexts.has(text)) throw new UnencodableResultError(`Out of range float values are not JSON compliant: ${text}`);
  return renderNumber(text);
}

function renderArray(items: PgArray, renderItem: ValueRenderer): string {
  const parts = items.map((item) => (Array.isArray(item) ? renderArray(item, renderItem) : item === null ? 'null' : renderItem(item)));
  return `[${parts.join(', ')}]`;
}

function renderDateTime(text: string): string {
  // why: the common case, PostgreSQL's "YYYY-MM-DD HH:MM:SS" (no fraction, no zone), skips the pattern
  if (text.length === 19 && text.charCodeAt(10) === 0x20) return `"${text.slice(0, 10)}T${text.slice(11)}"`;
  return pyJsonDumps(toIsoDateTime(text));
}

// CKAN decodes these values and simplejson writes them again: ", " and ": " separators, escaped non-ASCII.
function renderCkanJson(text: string): string {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return pyJsonDumps(text);
  }
  return pyJsonDumps(value);
}

/**
 * PostgreSQL ISO output to Python's isoformat(), which CKAN's values go through: `T` between date and
 * time, fractions padded to microseconds, and `+HH` offsets as `+HH:MM`. Infinite or BC values stay as text.
 */
export function toIsoDateTime(text: string): string {
  const match = /^(?:(\d{4,}-\d{2}-\d{2}) )?(\d{2}:\d{2}:\d{2})(?:\.(\d{1,6}))?([+-]\d{2}(?::\d{2}){0,2})?$/.exec(text);
  if (match === null) return text;
  const [, date, time, fraction, offset] = match;
  let out = date === undefined ? `${time}` : `${date}T${time}`;
  if (fraction !== undefined && !/^0+$/.test(fraction)) out += `.${fraction.padEnd(6, '0')}`;
  if (offset !== undefined) out += offset.length === 3 ? `${offset}:00` : offset;
  return out;
}
