// The `ckan` profile: the full response shapes of a CKAN version (2.8–2.12) for the read actions (success
// envelope, datastore_search result, datastore_search_sql result); errors are in ckan-error-schemas.ts.
import type { CkanVersion } from '../schema/index.ts';
import { contractTraits, type ContractTraits } from './ckan-traits.ts';
import { escapeRegExp, RECORDS_FORMATS, type JsonSchema, type RecordsFormat } from './json-schema.ts';

// `info` is the column's data dictionary: CKAN returns whatever JSON the column comment holds (2.8–2.10 parse
// the whole comment, 2.11+ its `_info` key), so any JSON value with any keys goes. `_id` is always reported as
// `int` by datastore_search (`_get_fields_types`); very old DataStores said `int4`, which is a finding here.
const SEARCH_FIELDS: JsonSchema = {
  type: 'array',
  items: {
    type: 'object',
    required: ['id', 'type'],
    additionalProperties: false,
    properties: { id: { type: 'string' }, type: { type: 'string', minLength: 1 }, info: true },
    if: { required: ['id'], properties: { id: { const: '_id' } } },
    then: { properties: { type: { const: 'int' } } },
  },
};

// Relative to the site root: CKAN builds them from PATH_INFO (locale and sub-path stripped) and the query
// string (never the POST body). `start` drops `offset`; `next` and `prev` set it (ckan-datastore.md §3.11).
const LINK_PATH = '^/api/(3/)?action/datastore_search(\\?|$)';
const OFFSET_PARAM = '[?&]offset=-?\\d+(&|$)';
const START_PATH = '^/api/(3/)?action/datastore_search(?![^#]*[?&]offset=)(\\?|$)';
const LINKS: JsonSchema = {
  type: 'object',
  required: ['start', 'next'],
  additionalProperties: false,
  properties: {
    start: { type: 'string', pattern: START_PATH },
    next: { type: 'string', allOf: [{ pattern: LINK_PATH }, { pattern: OFFSET_PARAM }] },
    prev: { type: 'string', allOf: [{ pattern: LINK_PATH }, { pattern: OFFSET_PARAM }] },
  },
};

// 2.12 keyset paging: `{"_id": {"gt": <last _id>}}` (`lt` when sorted `_id desc`), only with include_next_page.
const NEXT_PAGE: JsonSchema = {
  type: 'object',
  required: ['_id'],
  additionalProperties: false,
  properties: {
    _id: { type: 'object', minProperties: 1, maxProperties: 1, additionalProperties: false, properties: { gt: { type: 'integer' }, lt: { type: 'integer' } } },
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
 * The datastore_search result of a CKAN version (default 2.11) for a format. Echoed params are typed when
 * present; other keys are allowed (CKAN echoes the validated input).
 */
export function createSearchResultSchema(format: SearchFormat, version?: CkanVersion): JsonSchema {
  const traits = contractTraits(version);
  const never = false;
  return {
    type: 'object',
    required: [
      'resource_id',
      'records_format',
      'include_total',
      'records',
      'fields',
      ...(traits.limitAlwaysEchoed ? ['limit'] : []),
      ...(traits.totalEstimation ? ['total_estimation_threshold'] : []),
      ...(traits.links ? ['_links'] : []),
      ...(traits.nextPage ? ['include_next_page'] : []),
    ],
    properties: {
      resource_id: { type: 'string', minLength: 1 },
      limit: { type: 'integer', minimum: 0 },
      records_format: format.exact === undefined ? { enum: [...RECORDS_FORMATS] } : { const: format.exact },
      include_total: { type: 'boolean' },
      total_estimation_threshold: traits.totalEstimation ? { type: ['integer', 'null'] } : never,
      total: { type: 'integer', minimum: 0 },
      total_was_estimated: traits.totalEstimation ? { type: 'boolean' } : never,
      records: format.records === undefined ? { type: ['array', 'string'] } : RECORDS_BY_FORMAT[format.records],
      fields: SEARCH_FIELDS,
      _links: traits.links ? LINKS : never,
      include_next_page: traits.nextPage ? { type: 'boolean' } : never,
      next_page: traits.nextPage ? NEXT_PAGE : never,
      offset: { type: 'integer', minimum: 0 },
      filters: { type: traits.filterLists ? ['object', 'array'] : 'object' },
      q: { type: ['string', 'object'] },
      sort: { type: ['string', 'array'], items: { type: 'string' } },
      distinct: { type: 'boolean' },
      plain: { type: 'boolean' },
      language: { type: 'string' },
      full_text: { type: 'string' },
    },
    allOf: [totalRule(traits), ...(traits.nextPage ? [NEXT_PAGE_RULE] : [])],
  };
}

// `total` (and, 2.9–2.11, `total_was_estimated`) are present exactly when include_total is true (§3.10).
function totalRule(traits: ContractTraits): JsonSchema {
  const totals = traits.totalEstimation ? ['total', 'total_was_estimated'] : ['total'];
  return {
    if: { required: ['include_total'], properties: { include_total: { const: true } } },
    then: { required: totals },
    else: { properties: Object.fromEntries(totals.map((key) => [key, false])) },
  };
}

// 2.12 adds next_page only when include_next_page is true (and the page is sorted by `_id` and not empty).
const NEXT_PAGE_RULE: JsonSchema = {
  if: { required: ['include_next_page'], properties: { include_next_page: { const: false } } },
  then: { properties: { next_page: false } },
};

/**
 * The datastore_search_sql result of a CKAN version (§4.3): no `info` in fields, `records_truncated` only ever
 * `true` and only from 2.9 (2.8 has no row cap).
 */
export function createSqlResultSchema(version?: CkanVersion): JsonSchema {
  const traits = contractTraits(version);
  return {
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
      records_truncated: traits.sqlTruncation ? { const: true } : false,
    },
  };
}

/** `{help, success: true, result}` with nothing else. */
export function createSuccessEnvelopeSchema(action: string, result: JsonSchema): JsonSchema {
  return {
    type: 'object',
    required: ['help', 'success', 'result'],
    additionalProperties: false,
    properties: { help: createHelpSchema(action), success: { const: true }, result },
  };
}
