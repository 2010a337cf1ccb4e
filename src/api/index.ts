// High-level entry points that compose several modules; session.ts is the one place a reference server, an HTTP
// client and the report folder are wired together (run, extract and later commands open a session).
export { extract, extractClientOptions, extractToStream } from './extract.ts';
export type { ExtractOptions, ExtractSource, ExtractRunContext } from './extract.ts';
export { extractJob } from './extract-job.ts';
export type { ExtractJobOptions, JobOutcome } from './extract-job.ts';
export { probeProfile } from './probe.ts';
export type { ProbeProfileOptions, ProbeProfileOutcome } from './probe.ts';
export { checkResponseFiles } from './contract-files.ts';
export type { CheckedFile, ContractFilesOptions, ContractFilesOutcome, UnreadableFile } from './contract-files.ts';
export { runAgainstContainer, startContainerTarget, CONTAINER_LOG_FILE } from './container-target.ts';
export type { ContainerSpec, ContainerRunOutcome, ContainerRunContext } from './container-target.ts';
export { runCatalogue } from './run-catalogue.ts';
export type { RunCatalogueContext, RunCatalogueOutcome } from './run-catalogue.ts';
export { readUpdateBaseline, resolveRunOptions } from './run-options.ts';
export type { RunSettings, ResolvedRunOptions, RunTarget } from './run-options.ts';
export { openSession, withSession } from './session.ts';
export type { Session, SessionOptions, SessionTarget } from './session.ts';
export { diffTargets } from './diff.ts';
export type { DiffContext, DiffOutcome } from './diff.ts';
export { resolveDiffOptions } from './diff-options.ts';
export type { DiffOptions, DiffSettings } from './diff-options.ts';
