// probe: asks a live CKAN what it is (API paths, version, capabilities) and which of its resources and values
// fit the catalogue, and writes that as a profile; also verifies an existing profile's resources and values
// against the target. Talks HTTP only through src/http and writes YAML only through src/catalogue.
export { probeTarget } from './probe.ts';
export type { ProbeResult } from './types.ts';
export { PROBE_RESOURCES, PROBE_VALUES } from './names.ts';
export { RELATION_LIMIT } from './search.ts';
export { verifyProfile, type VerifyResult } from './verify.ts';
export { findMissingResources } from './resources-answer.ts';
