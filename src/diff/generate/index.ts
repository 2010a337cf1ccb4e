// Generated requests: sampling target A's data, the fast-check arbitrary of valid requests over it (seeded),
// shrinking a disagreement, and rendering a request for one target or for people.
export type { GeneratedRequest, GeneratedSearch, GeneratedSql, GenerationInput, SampledField, SampledResource, LikePlacement } from './types.ts';
export { LIKE_PLACEMENTS } from './types.ts';
export { sampleResources, SAMPLE_RECORDS, type SampleTarget } from './sample.ts';
export { createRequestArbitrary, sampleRequests, shrinkRequest, ABSENT_TEXT, ABSENT_NUMBER, MAX_EDGE_LIMIT, GENERATED_LOCALES } from './arbitrary.ts';
export { renderRequest, describeRequest, toLikePattern, type RenderedRequest } from './render.ts';
