// The public programmatic API of datastore-kit (what `exports` publishes as `datastore-kit`): the documented uses
// (run the catalogue, check a response against the contract, start the reference server, extract, diff, probe,
// check an upgrade)
// in a deliberate set of names, each shown in docs/programmatic-api.md. The CLI does not go through this module;
// it imports src/api/ and the folders it needs directly. The reference server on its own is `datastore-kit/server`.
export { KitError, InputError, KitErrorCode, isKitError } from './errors.ts';
export type { RunResult, CaseResult, Finding } from './model/index.ts';
export { BUNDLED_CASES_DIR, BUNDLED_FIXTURES_DIR, BUNDLED_PROFILES_DIR } from './util/bundled.ts';

// Running the catalogue
export { runCatalogue, resolveRunOptions } from './api/index.ts';
export type { RunSettings, ResolvedRunOptions, RunCatalogueOutcome } from './api/index.ts';
export { loadCatalogue, loadProfile, selectCases, expandCase } from './catalogue/index.ts';
export type { Catalogue } from './catalogue/index.ts';
export type { Profile } from './schema/profile.ts';

// Reports
export { writeReports, readReport, reporters } from './reporters/index.ts';
export { mergeReports } from './api/index.ts';
export type { ReportFormat } from './reporters/index.ts';

// The contract
export { checkResponse } from './contract/index.ts';
export type { CheckResponseOptions, CheckedResponse } from './contract/index.ts';
export { CKAN_VERSIONS, type CkanVersion } from './schema/ckan-version.ts';

// The reference server, extracts, diff and probe
export { startReferenceServer } from './server/index.ts';
export type { ReferenceServer, ReferenceServerOptions } from './server/index.ts';
export { extract, extractJob, diffTargets, resolveDiffOptions, probeProfile } from './api/index.ts';
export type { ExtractOptions, JobOutcome, DiffOptions, DiffOutcome, ProbeProfileOptions, ProbeProfileOutcome } from './api/index.ts';
export { checkUpgrade, resolveUpgradeOptions } from './api/index.ts';
export type { UpgradeOptions, UpgradeOutcome, UpgradeSettings } from './api/index.ts';
export type { Manifest } from './schema/extract-files.ts';
// The twin: the target's own tables mirrored into the reference server, every difference judged
export { twinTarget, resolveTwinOptions } from './api/index.ts';
export type { TwinOptions, TwinSettings, TwinOutcome } from './api/index.ts';
export type { TwinReport, ClassVerdict } from './schema/twin-report.ts';
