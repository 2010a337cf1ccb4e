// The API contract: JSON Schemas of CKAN DataStore read responses in two profiles (seed, and ckan for each
// CKAN version 2.8–2.12), and checkResponse(), which turns every violation into a Finding.
export { checkResponse } from './check-response.ts';
export type { CheckResponseOptions, CheckedResponse } from './check-response.ts';
export { inferCkanVersion } from './infer-version.ts';
export type { ObservedAnswer } from './infer-version.ts';
export { checkResponseForVersions, versionsIn } from './check-versions.ts';
