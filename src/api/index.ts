// High-level entry points that compose several modules; session.ts is the one place a reference server, an HTTP
// client and the report folder are wired together (run, extract and later commands open a session). This index is
// what the public API (src/index.ts) and other folders take from api/; each CLI command imports its own use case's
// file instead, so that a command's start loads that use case alone.
export { extract } from './extract.ts';
export type { ExtractOptions } from './extract.ts';
export { extractJob } from './extract-job.ts';
export type { JobOutcome } from './extract-job.ts';
export { probeProfile } from './probe.ts';
export type { ProbeProfileOptions, ProbeProfileOutcome } from './probe.ts';
export { runCatalogue } from './run-catalogue.ts';
export type { RunCatalogueOutcome } from './run-catalogue.ts';
export { resolveRunOptions } from './run-options.ts';
export type { RunSettings, ResolvedRunOptions } from './run-options.ts';
export { openSession, withSession } from './session.ts';
export { diffTargets } from './diff.ts';
export type { DiffOutcome } from './diff.ts';
export { mergeReports } from './merge-reports.ts';
export { resolveDiffOptions } from './diff-options.ts';
export type { DiffOptions, DiffSettings } from './diff-options.ts';
export { checkUpgrade } from './upgrade-check.ts';
export type { UpgradeOutcome } from './upgrade-check.ts';
export { resolveUpgradeOptions } from './upgrade-options.ts';
export type { UpgradeOptions, UpgradeSettings } from './upgrade-options.ts';
export { twinTarget } from './twin.ts';
export type { TwinOutcome } from './twin.ts';
export { resolveTwinOptions } from './twin-options.ts';
export type { TwinOptions, TwinSettings } from './twin-options.ts';
