// High-level entry points that compose several modules (reference server + HTTP client + extract).
export { extract, extractJob, extractClientOptions } from './extract.ts';
export type { ExtractOptions, ExtractSource, ExtractJobOptions, JobOutcome, ExtractRunContext } from './extract.ts';
export { probeProfile } from './probe.ts';
export type { ProbeProfileOptions, ProbeProfileOutcome } from './probe.ts';
export { checkResponseFiles } from './contract-files.ts';
export type { CheckedFile, ContractFilesOptions, ContractFilesOutcome, UnreadableFile } from './contract-files.ts';
export { runAgainstContainer, startContainerTarget, CONTAINER_LOG_FILE } from './container-target.ts';
export type { ContainerSpec, ContainerRunOutcome, ContainerRunContext } from './container-target.ts';
