// Generated requests: sampling target A's data, the fast-check arbitrary of valid requests over it (seeded),
// shrinking a disagreement, and rendering a request for one target or for people.
export type { GeneratedRequest, GenerationOptions } from './types.ts';
export { sampleResources } from './sample.ts';
export { createRequestArbitrary, sampleRequests, shrinkRequest } from './arbitrary.ts';
export { renderRequest, describeRequest, quoteSqlName } from './render.ts';
export { listRequestParts } from './parts.ts';
