// Two-target runs (`diff`): the same requests sent to two targets, their answers normalised alike and compared;
// requests generated from target A's data with a seed, and each disagreement shrunk to its smallest request.
export type { DiffSide, RequestPair, PairRules } from './types.ts';
export { comparePair, toSnapshot, TOKEN_VARIABLE } from './compare-pair.ts';
export { pairVariants, pairRules, sideNames, toSideRequest, toGeneratedPair } from './pairs.ts';
export { runDiff, MAX_SHRUNK, type DiffRunOptions, type DiffRunOutcome } from './run-diff.ts';
export {
  createRequestArbitrary,
  sampleRequests,
  shrinkRequest,
  sampleResources,
  describeRequest,
  renderRequest,
  type GeneratedRequest,
  type GenerationInput,
  type SampledResource,
} from './generate/index.ts';
