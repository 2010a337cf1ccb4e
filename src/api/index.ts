// High-level entry points that compose several modules; session.ts is the one place a reference server, an HTTP
// client and the report folder are wired together (run, extract and later commands open a session).
export { extract, extractToStream } from './extract.ts';
export type { ExtractOptions, ExtractSource } from './extract.ts';
export { extractJob } from './extract-job.ts';
export type { JobOutcome } from './extract-job.ts';
export { probeProfile, verifyProfileOnTarget } from './probe.ts';
export type { ProbeProfileOptions, ProbeProfileOutcome } from './probe.ts';
export { checkResponseFiles } from './contract-files.ts';
export type { ContractFilesOutcome } from './contract-files.ts';
export { runAgainstContainer } from './container-target.ts';
export type { ContainerSpec, ContainerRunOutcome } from './container-target.ts';
export { runCatalogue } from './run-catalogue.ts';
export type { RunCatalogueOutcome } from './run-catalogue.ts';
export { checkMinApplicable, readUpdateBaseline, resolveRunOptions } from './run-options.ts';
export type { RunSettings, ResolvedRunOptions } from './run-options.ts';
export { openSession, withSession } from './session.ts';
export { diffTargets } from './diff.ts';
export type { DiffOutcome } from './diff.ts';
export { resolveDiffOptions } from './diff-options.ts';
export type { DiffOptions, DiffSettings } from './diff-options.ts';
