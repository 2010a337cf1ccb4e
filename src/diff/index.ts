// Two-target runs (`diff`): the same requests sent to two targets, their answers normalised alike and compared;
// requests generated from target A's data with a seed, and each disagreement shrunk to its smallest request;
// requests from recorded traffic sent to both as the clients sent them.
export type { ComparedPair, DiffSide } from './types.ts';
export { describeValueDifferences, pairVariants } from './pairs.ts';
export { findSharedDifferences } from './kinds.ts';
export { runDiff, type DiffRunOutcome } from './run-diff.ts';
export type { PairAnswers } from './compare-pair.ts';
export { pairTraffic, summariseTraffic } from './traffic-pairs.ts';
export { quoteSqlName } from './generate/index.ts';
