// The API contract: JSON Schemas of CKAN DataStore read responses in two profiles (seed, and ckan for each
// CKAN version 2.8–2.12), and checkResponse(), which turns every violation into a Finding.
export { checkResponse } from './check-response.ts';
export type { CheckResponseOptions, CheckedResponse, ContractProfile } from './check-response.ts';
export { SEED_SUCCESS_SCHEMA } from './seed-schemas.ts';
export { SQL_RESULT_SCHEMA, createSearchResultSchema, createSqlResultSchema } from './ckan-schemas.ts';
export type { JsonSchema, RecordsFormat } from './json-schema.ts';
export { inferCkanVersion } from './infer-version.ts';
export type { InferredCkanVersion, ObservedAnswer } from './infer-version.ts';
export { checkResponseForVersions, versionsIn } from './check-versions.ts';
