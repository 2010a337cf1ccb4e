// The `ckan` profile: CKAN 2.11's full response shapes for the read actions (envelope, datastore_search
// result, datastore_search_sql result, error envelopes by status, bare-string 400s).
import { escapeRegExp, RECORDS_FORMATS, type JsonSchema, type RecordsFormat } from './json-schema.ts';

const FIELDS: JsonSchema = {
  type: 'array',
  items: {
    type: 'object',
    required: ['id', 'type'],
    additionalProperties: false,
    properties: { id: { type: 'string' }, type: { type: 'string', minLength: 1 }, info: { type: 'object' } },
  },
};

// Relative paths built from the request path (ckan-datastore.md §3.11); `prev` only when offset > limit.
const LINKS: JsonSchema = {
  type: 'object',
  required: ['start', 'next'],
  additionalProperties: false,
  properties: {
    start: { type: 'string', pattern: '^/' },
    next: { type: 'string', pattern: '^/' },
    prev: { type: 'string', pattern: '^/' },
  },
};

// csv/tsv pages are one string with no header, every line ending in \n; an empty page is "" (§3.12).
const DELIMITED_RECORDS: JsonSchema = { type: 'string', pattern: '^(|[\\s\\S]*\\n)$' };

const RECORDS_BY_FORMAT: Record<RecordsFormat, JsonSchema> = {
  objects: { type: 'array', items: { type: 'object' } },
  lists: { type: 'array', items: { type: 'array' } },
  csv: DELIMITED_RECORDS,
  tsv: DELIMITED_RECORDS,
};

/** `help`: an absolute URL of help_show for the called action, always under /api/3/ (locale prefix allowed). */
export function createHelpSchema(action: string): JsonSchema {
  return { type: 'string', format: 'uri', pattern: `^https?://\\S+/api/3/action/help_show\\?name=${escapeRegExp(action)}$` };
}

/** Which records_format a search result must report, and which shape its records must have. */
export interface SearchFormat {
  /** The value `records_format` must have; undefined accepts any of the four names. */
  exact: RecordsFormat | undefined;
  /** The records' shape; undefined accepts any JSON array or string. */
  records: RecordsFormat | undefined;
}

/**
 * The datastore_search result for a format. Echoed params are typed when present; other keys are allowed
 * (CKAN echoes the validated input).
 */
export function createSearchResultSchema(format: SearchFormat): JsonSchema {
  return {
    type: 'object',
    required: ['resource_id', 'limit', 'records_format', 'include_total', 'total_estimation_threshold', 'records', 'fields', '_links'],
    properties: {
      resource_id: { type: 'string', minLength: 1 },
      limit: { type: 'integer', minimum: 0 },
      records_format: format.exact === undefined ? { enum: [...RECORDS_FORMATS] } : { const: format.exact },
      include_total: { type: 'boolean' },
      total_estimation_threshold: { type: ['integer', 'null'] },
      total: { type: 'integer', minimum: 0 },
      total_was_estimated: { type: 'boolean' },
      records: format.records === undefined ? { type: ['array', 'string'] } : RECORDS_BY_FORMAT[format.records],
      fields: FIELDS,
      _links: LINKS,
      offset: { type: 'integer', minimum: 0 },
      filters: { type: 'object' },
      q: { type: ['string', 'object'] },
      sort: { type: ['string', 'array'], items: { type: 'string' } },
      distinct: { type: 'boolean' },
      plain: { type: 'boolean' },
      language: { type: 'string' },
      full_text: { type: 'string' },
    },
    // total and total_was_estimated are present exactly when include_total is true (§3.10).
    if: { required: ['include_total'], properties: { include_total: { const: true } } },
    then: { required: ['total', 'total_was_estimated'] },
    else: { properties: { total: false, total_was_estimated: false } },
  };
}

/** The datastore_search_sql result (§4.3): no `info` in fields, `records_truncated` only ever `true`. */
export const SQL_RESULT_SCHEMA: JsonSchema = {
  type: 'object',
  required: ['sql', 'records', 'fields'],
  properties: {
    sql: { type: 'string' },
    records: RECORDS_BY_FORMAT.objects,
    fields: {
      type: 'array',
      items: {
        type: 'object',
        required: ['id', 'type'],
        additionalProperties: false,
        properties: { id: { type: 'string' }, type: { type: 'string', minLength: 1 } },
      },
    },
    records_truncated: { const: true },
  },
};

/** `{help, success: true, result}` with nothing else. */
export function createSuccessEnvelopeSchema(action: string, result: JsonSchema): JsonSchema {
  return {
    type: 'object',
    required: ['help', 'success', 'result'],
    additionalProperties: false,
    properties: { help: createHelpSchema(action), success: { const: true }, result },
  };
}

/** `{help, success: false, error}` with nothing else. */
export function createErrorEnvelopeSchema(action: string, error: JsonSchema): JsonSchema {
  return {
    type: 'object',
    required: ['help', 'success', 'error'],
    additionalProperties: false,
    properties: { help: createHelpSchema(action), success: { const: false }, error },
  };
}

function messageError(type: string, pattern: string): JsonSchema {
  return {
    type: 'object',
    required: ['__type', 'message'],
    additionalProperties: false,
    properties: { __type: { const: type }, message: { type: 'string', pattern } },
  };
}

/** The `error` object CKAN sends for each status (§2.2). */
export const ERROR_OBJECT_BY_STATUS: Readonly<Record<number, JsonSchema>> = {
  // Param name -> list of messages, plus __type; `info` (database details) is an object; never a `message`.
  409: {
    type: 'object',
    required: ['__type'],
    properties: { __type: { const: 'Validation Error' }, message: false, info: { type: 'object' } },
    additionalProperties: { type: 'array', items: { type: 'string' } },
  },
  403: messageError('Authorization Error', '^Access denied(: [\\s\\S]+)?$'),
  404: messageError('Not Found Error', '^Not found(: [\\s\\S]+)?$'),
  400: {
    type: 'object',
    required: ['__type', 'message'],
    additionalProperties: false,
    properties: { __type: { const: 'Integrity Error' }, message: { type: 'string' }, data: true },
  },
  500: messageError('Internal Server Error', '^Internal Server Error$'),
};

/** Any other error status: an error object that names its `__type`. */
export const GENERIC_ERROR_OBJECT: JsonSchema = {
  type: 'object',
  required: ['__type'],
  properties: { __type: { type: 'string', minLength: 1 } },
};

/** A 400 raised before the action runs (unknown action, bad JSON): a bare JSON string (§2.2). */
export const BARE_400_SCHEMA: JsonSchema = { type: 'string', pattern: '^Bad request' };
