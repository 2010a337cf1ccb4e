// The `seed` profile: only what the API description fixes. A success is a JSON object whose `result` object
// holds `records`, an array of record objects. Nothing is said about errors beyond the body being JSON.
import type { JsonSchema } from './json-schema.ts';

/** Success body for either read action under the seed profile (records as objects). */
export const SEED_SUCCESS_SCHEMA: JsonSchema = Object.freeze({
  type: 'object',
  required: ['result'],
  properties: {
    result: {
      type: 'object',
      required: ['records'],
      properties: { records: { type: 'array', items: { type: 'object' } } },
    },
  },
});

/**
 * Success body when the request asked for a records_format the API description does not know (lists, csv,
 * tsv): `result.records` must be present, its shape is the ckan profile's business.
 */
export const SEED_SUCCESS_ANY_FORMAT_SCHEMA: JsonSchema = Object.freeze({
  type: 'object',
  required: ['result'],
  properties: { result: { type: 'object', required: ['records'] } },
});
