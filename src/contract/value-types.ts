// What JSON value a column of each PostgreSQL type may hold in objects/lists records (ckan-datastore.md
// §3.12 and §4.4). NULL is always allowed. Unknown types accept anything: no finding without knowledge.

/** How the values of one column type must look. */
export interface ValueRule {
  /** Human wording, e.g. `a number or null`. */
  expected: string;
  accepts(value: unknown): boolean;
}

const ISO_DATE = '\\d{4,}-\\d{2}-\\d{2}';
const ISO_TIME = '\\d{2}:\\d{2}:\\d{2}(\\.\\d{1,6})?';

const NUMBER_TYPES = new Set(['int', 'int2', 'int4', 'int8', 'numeric']);
// PostgreSQL special float values do not fit in JSON, so CKAN emits them as strings (§3.12).
const FLOAT_TYPES = new Set(['float', 'float4', 'float8']);
const FLOAT_SPECIALS = new Set(['NaN', 'Infinity', '-Infinity']);
const STRING_TYPES = new Set(['text', 'varchar', 'bpchar', 'char', 'name', 'citext', 'uuid', 'tsvector']);
// oid: PostgreSQL's to_json writes it as a string (search), psycopg2 as a number (SQL), so both occur.
const ANY_TYPES = new Set(['json', 'jsonb', 'oid']);

function patternRule(shape: string, pattern: RegExp): ValueRule {
  return { expected: `a string like ${shape} or null`, accepts: (v) => v === null || (typeof v === 'string' && pattern.test(v)) };
}

const SHAPED_STRINGS: Record<string, ValueRule> = {
  timestamp: patternRule('"2020-01-01T08:00:00"', new RegExp(`^${ISO_DATE}T${ISO_TIME}$`)),
  timestamptz: patternRule('"2020-01-01T08:00:00+00:00"', new RegExp(`^${ISO_DATE}T${ISO_TIME}[+-]\\d{2}:\\d{2}$`)),
  date: patternRule('"2011-01-01"', new RegExp(`^${ISO_DATE}$`)),
  time: patternRule('"12:42:00"', new RegExp(`^${ISO_TIME}$`)),
};

const isNumber = (v: unknown): boolean => typeof v === 'number' && Number.isFinite(v);

/** The rule for a `fields[].type` name, or undefined when the type is unknown (or any JSON goes). */
export function ruleForType(typeName: string): ValueRule | undefined {
  if (NUMBER_TYPES.has(typeName)) return { expected: 'a number or null', accepts: (v) => v === null || isNumber(v) };
  if (FLOAT_TYPES.has(typeName)) {
    return {
      expected: 'a number or null',
      accepts: (v) => v === null || isNumber(v) || (typeof v === 'string' && FLOAT_SPECIALS.has(v)),
    };
  }
  if (STRING_TYPES.has(typeName)) return { expected: 'a string or null', accepts: (v) => v === null || typeof v === 'string' };
  if (typeName === 'bool') return { expected: 'a boolean or null', accepts: (v) => v === null || typeof v === 'boolean' };
  if (ANY_TYPES.has(typeName)) return undefined;
  const shaped = SHAPED_STRINGS[typeName];
  if (shaped !== undefined) return shaped;
  if (typeName.startsWith('_')) return arrayRule(ruleForType(typeName.slice(1)));
  return undefined;
}

/** PostgreSQL array types are named `_<element>`: a JSON array whose elements follow the element's rule. */
function arrayRule(element: ValueRule | undefined): ValueRule {
  return {
    expected: element === undefined ? 'an array or null' : `an array (of ${element.expected}) or null`,
    accepts: (v) => v === null || (Array.isArray(v) && (element === undefined || v.every((item) => element.accepts(item)))),
  };
}

/** Where a value was read, for the rules that differ by action and CKAN version. */
export interface ValueContext {
  action: 'search' | 'sql';
  /** SQL `numeric` values are JSON strings (CKAN up to 2.10 sends Python Decimals through str()). */
  sqlNumericAsString: boolean;
  /** Search `timestamp` values carry milliseconds (2.12); before, `to_char` drops every fraction. */
  timestampMilliseconds: boolean;
}

const NUMERIC_TEXT = /^(-?\d+(\.\d+)?|NaN|-?Infinity)$/;

/**
 * ruleForType, narrowed or widened where CKAN's versions render a type differently: SQL `numeric` as strings up
 * to 2.10, search `timestamp` as `to_char(..., 'YYYY-MM-DD"T"HH24:MI:SS[.MS]')`.
 */
export function ruleForValue(typeName: string, context: ValueContext): ValueRule | undefined {
  if (context.action === 'sql' && typeName === 'numeric' && context.sqlNumericAsString) {
    return {
      expected: 'a string of digits (CKAN up to 2.10 sends SQL numerics as strings) or null',
      accepts: (v) => v === null || (typeof v === 'string' && NUMERIC_TEXT.test(v)),
    };
  }
  if (context.action === 'search' && typeName === 'timestamp') {
    return context.timestampMilliseconds
      ? patternRule('"2020-01-01T08:00:00.000"', new RegExp(`^${ISO_DATE}T\\d{2}:\\d{2}:\\d{2}(\\.\\d{3})?$`))
      : patternRule('"2020-01-01T08:00:00" (no fraction)', new RegExp(`^${ISO_DATE}T\\d{2}:\\d{2}:\\d{2}$`));
  }
  // SQL array elements go through CKAN's convert() one by one (search arrays go through PostgreSQL's to_json).
  if (typeName.startsWith('_') && context.action === 'sql') return arrayRule(ruleForValue(typeName.slice(1), context));
  return ruleForType(typeName);
}

/** A short description of a JSON value for messages: `string "2014"`, `number 3`, `object`. */
export function describeValue(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'object') return 'object';
  const text = JSON.stringify(value);
  return `${typeof value} ${text.length > 60 ? `${text.slice(0, 57)}...` : text}`;
}
