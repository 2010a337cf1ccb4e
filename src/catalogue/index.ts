// The case catalogue: discover case files, parse them with positions, validate, resolve profile variables,
// expand variants and select (tags, grep, ids, shard). Also loads profiles.
export { loadCatalogue, type LoadOptions } from './load.ts';
export { loadProfile, parseProfile } from './profile.ts';
export { selectCases, type SelectOptions } from './select.ts';
export { expandCase, REQUEST_DEFAULTS, type ExpandOptions } from './expand.ts';
export { MATCHES_FLAGS } from './semantic-checks.ts';
export { VARIABLE_NAMESPACES } from './variables.ts';
export {
  buildCaseJsonSchema,
  buildProfileJsonSchema,
  renderCaseJsonSchema,
  renderProfileJsonSchema,
  CASE_SCHEMA_ID,
  PROFILE_SCHEMA_ID,
} from './case-json-schema.ts';
// Shared with other input-file loaders (extract jobs): YAML with positions and readable Ajv problems.
export { parseSource, locateProblems, type SourceFile, type SourcePosition } from './source.ts';
export { describeAjvErrors, type SchemaProblem } from './describe-errors.ts';
export type { Catalogue, LoadedCase, CaseVariant, ResolvedRequest } from './types.ts';
export { deriveImpliedOrder, parseSort, type ImpliedOrder, type OrderKey } from './implied-order.ts';
export { computeCoverage, renderCoverage, COVERAGE_FILE, type Coverage, type ClauseCoverage, type RenderCoverageOptions } from './coverage.ts';
export { API_CLAUSES, type SpecClause } from './coverage-clauses.ts';
export { collectCatalogueNames, findUnknownProfileNames, checkProfileNames, closestName, KIT_CAPABILITIES, type CatalogueNames } from './profile-names.ts';
export { CKAN_CAPABILITY, hasCapability, legacyCkanVersion } from './capabilities.ts';
export { renderProfile, type ProfileNotes, type LeftOutName } from './render-profile.ts';
