// Rendering PostgreSQL text values as CKAN's datastore_search_sql does (spec 4.4), straight to JSON text
// written as simplejson writes it (CKAN decodes SQL results to Python values, then dumps them).
import { pyJsonDumps } from '../python/index.ts';
import { parsePgArray, type PgArray } from './pg-array.ts';

const jsonNumber = /^-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?$/;
const numberTypes = new Set(['int2', 'int4', 'int8', 'oid', 'float4', 'float8', 'numeric']);

/** How a value is rendered: a CKAN json column (sent parsed), numeric as a string (CKAN up to 2.10). */
export interface RenderOptions {
  ckanJson?: boolean;
  numericAsString?: boolean;
}

/**
 * One value (PostgreSQL text form, null for SQL NULL) as JSON text. `ckanJson` marks a CKAN json
 * column, whose values are sent parsed; other json/jsonb values (from expressions) are sent as a string
 * holding the JSON text, as CKAN does (quirk). CKAN up to 2.10 sent Decimals (`numeric`) as their str().
 */
export function renderValueJson(text: string | null, typeName: string, options: RenderOptions = {}): string {
  if (text === null) return 'null';
  if (options.ckanJson === true) return renderCkanJson(text);
  if (typeName.startsWith('_')) {
    const array = parsePgArray(text);
    if (array !== undefined) return renderArray(array, typeName.slice(1), options.numericAsString === true);
  }
  return renderScalar(text, typeName, options.numericAsString === true);
}

function renderArray(items: PgArray, elementType: string, numericAsString: boolean): string {
  const parts = items.map((item) =>
    Array.isArray(item) ? renderArray(item, elementType, numericAsString) : renderValueJson(item, elementType, { numericAsString }),
  );
  return `[${parts.join(', ')}]`;
}

function renderScalar(text: string, typeName: string, numericAsString: boolean): string {
  if (typeName === 'numeric' && numericAsString) return pyJsonDumps(text);
  if (numberTypes.has(typeName)) return jsonNumber.test(text) ? text : pyJsonDumps(text);
  switch (typeName) {
    case 'bool':
      return text === 't' ? 'true' : 'false';
    case 'timestamp':
    case 'timestamptz':
    case 'time':
    case 'timetz':
      return pyJsonDumps(toIsoDateTime(text));
    default:
      return pyJsonDumps(text);
  }
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
