// The runner: orchestration of a run (prepare, pre-flight, pool, the registry of checks in checks/) into the result
// model and its judgement (run checks, verdicts), and the list/check helpers the CLI uses. It starts no server and
// writes no report: the API's composition root (src/api/session.ts) wires those around it.
export { run } from './run.ts';
export { prepareCatalogue, checkSomethingApplies } from './prepare.ts';
export type { SelectionOptions, PreparedCatalogue } from './prepare.ts';
export { chooseContract, detectCkanVersion, planCkanVersion, resolvePlan, withStatusRelease } from './ckan-version.ts';
export type { CkanVersionPlan } from './ckan-version.ts';
export { runPool } from './pool.ts';
export { judgeRun } from './judge-run.ts';
export { buildRequest, encodeQuery } from './build-request.ts';
export type { RunOptions, RunVariant } from './types.ts';
