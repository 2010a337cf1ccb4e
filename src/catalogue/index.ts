// The case catalogue: discover case files, parse them with positions, validate, resolve profile variables,
// expand variants and select (tags, grep, ids, shard). Also loads profiles.
export { loadCatalogue } from './load.ts';
export { loadProfile, parseProfile } from './profile.ts';
export { selectCases } from './select.ts';
export { CKAN_SETTING_VALUES, expandCase } from './expand.ts';
export { MATCHES_FLAGS } from './semantic-checks.ts';
export { buildCaseJsonSchema, buildProfileJsonSchema, renderCaseJsonSchema, renderProfileJsonSchema } from './case-json-schema.ts';
// Shared with other input-file loaders (extract jobs): YAML with positions and readable Ajv problems.
export { parseSource, locateProblems } from './source.ts';
export { describeAjvErrors } from './describe-errors.ts';
export type { Catalogue, LoadedCase, CaseVariant } from './types.ts';
export type { ImpliedOrder } from './implied-order.ts';
export type { ResolvedRelation, ResolvedRequest } from './types.ts';
export { computeCoverage, renderCoverage, COVERAGE_FILE } from './coverage.ts';
export { API_CLAUSES } from './coverage-clauses.ts';
export { collectCatalogueNames, nameHint, checkProfileNames, KIT_CAPABILITIES, type CatalogueNames } from './profile-names.ts';
export { CKAN_CAPABILITY, legacyCkanVersion } from './capabilities.ts';
export { renderProfile, type ProfileNotes, type LeftOutName } from './render-profile.ts';
