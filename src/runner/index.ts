// The runner: orchestration of a run (prepare, pre-flight, pool, expectations, variant agreement) into the
// result model, the run options, and the list/check helpers the CLI uses.
export { run, BAIL_REASON, INTERRUPTED_REASON } from './run.ts';
export { runCatalogue } from './run-catalogue.ts';
export type { RunCatalogueContext, RunCatalogueOutcome } from './run-catalogue.ts';
export { resolveRunOptions, RUN_DEFAULTS } from './options.ts';
export type { RunSettings, ResolvedRunOptions, RunTarget } from './options.ts';
export { prepareCatalogue, DEFAULT_PROFILE } from './prepare.ts';
export type { SelectionOptions, PreparedCatalogue } from './prepare.ts';
export { checkReachable } from './preflight.ts';
export { suggestBaseUrl } from './preflight-hint.ts';
export { buildRequest, encodeQuery } from './build-request.ts';
export { checkExpect } from './expect.ts';
export type { ObservedResponse, ExpectOptions } from './expect.ts';
export { createRedactor, REDACTED, maskUrlCredentials, urlSecrets } from '../util/redact.ts';
export type { RunOptions, RunCollaborators, RunVariant, ContractProfile } from './types.ts';
