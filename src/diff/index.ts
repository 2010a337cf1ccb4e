// Two-target runs (`diff`): the same requests sent to two targets, their answers normalised alike and compared;
// requests generated from target A's data with a seed, and each disagreement shrunk to its smallest request.
export type { DiffSide, RequestPair } from './types.ts';
export { comparePair, TOKEN_VARIABLE } from './compare-pair.ts';
export { describeValueDifferences, pairVariants } from './pairs.ts';
export { findSharedDifferences } from './kinds.ts';
export { runDiff, type DiffRunOptions, type DiffRunOutcome } from './run-diff.ts';
export {
  createRequestArbitrary,
  sampleRequests,
  shrinkRequest,
  describeRequest,
  type GeneratedRequest,
  type GenerationInput,
  type SampledResource,
} from './generate/index.ts';
