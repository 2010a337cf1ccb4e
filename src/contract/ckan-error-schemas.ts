// The `ckan` profile's error shapes: error envelopes by status, bare-string 400s (the same in 2.8–2.12).
import { createHelpSchema } from './ckan-schemas.ts';
import type { JsonSchema } from './json-schema.ts';

/** `{help, success: false, error}` with nothing else. */
export function createErrorEnvelopeSchema(action: string, error: JsonSchema): JsonSchema {
  return {
    type: 'object',
    required: ['help', 'success', 'error'],
    additionalProperties: false,
    properties: { help: createHelpSchema(action), success: { const: false }, error },
  };
}

// why no wording: CKAN translates "Access denied", "Not found" and "Bad request" into the site's default locale
// (`_()` in ckan/views/api.py), so a German portal's genuine 404 says "Nicht gefunden". Exact English wording is
// a case's business (`ckan-2.11` capability), not the contract's.
const MESSAGE: JsonSchema = { type: 'string', minLength: 1 };

function messageError(type: string, message: JsonSchema = MESSAGE): JsonSchema {
  return {
    type: 'object',
    required: ['__type', 'message'],
    additionalProperties: false,
    properties: { __type: { const: type }, message },
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
  403: messageError('Authorization Error'),
  404: messageError('Not Found Error'),
  400: {
    type: 'object',
    required: ['__type', 'message'],
    additionalProperties: false,
    properties: { __type: { const: 'Integrity Error' }, message: { type: 'string' }, data: true },
  },
  // This one is a literal in CKAN, never translated.
  500: messageError('Internal Server Error', { const: 'Internal Server Error' }),
};

/** Any other error status: an error object that names its `__type`. */
export const GENERIC_ERROR_OBJECT: JsonSchema = {
  type: 'object',
  required: ['__type'],
  properties: { __type: { type: 'string', minLength: 1 } },
};

/** A 400 raised before the action runs (unknown action, bad JSON): a bare JSON string, translated (§2.2). */
export const BARE_400_SCHEMA: JsonSchema = MESSAGE;
