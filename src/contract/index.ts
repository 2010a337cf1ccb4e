// The API contract: JSON Schemas of CKAN DataStore read responses in two profiles (seed, and ckan for each
// CKAN version 2.8–2.12), and checkResponse(), which turns every violation into a Finding.
export { checkResponse } from './check-response.ts';
export type { CheckResponseOptions, CheckedResponse, ContractProfile } from './check-response.ts';
export { SEED_SUCCESS_SCHEMA, SEED_SUCCESS_ANY_FORMAT_SCHEMA } from './seed-schemas.ts';
export { BARE_400_SCHEMA, ERROR_OBJECT_BY_STATUS, GENERIC_ERROR_OBJECT, createErrorEnvelopeSchema } from './ckan-error-schemas.ts';
export {
  SQL_RESULT_SCHEMA,
  createHelpSchema,
  createSearchResultSchema,
  createSqlResultSchema,
  createSuccessEnvelopeSchema,
} from './ckan-schemas.ts';
export { contractTraits } from './ckan-traits.ts';
export type { ContractTraits } from './ckan-traits.ts';
export type { SearchFormat } from './ckan-schemas.ts';
export { RECORDS_FORMATS, isRecordsFormat } from './json-schema.ts';
export type { JsonSchema, RecordsFormat } from './json-schema.ts';
export { ruleForType } from './value-types.ts';
export type { ValueRule } from './value-types.ts';
export { describeRange, inferCkanVersion } from './infer-version.ts';
export type { InferredCkanVersion, ObservedAnswer } from './infer-version.ts';
export { checkResponseForVersions, versionsIn } from './check-versions.ts';
