// The comparison of responses shared by baselines (run --baseline) and two-target runs (diff): normalisation of
// what legitimately changes between runs, and one record-level comparison of two responses.
export type { Difference, NormaliseRules, ResponseSnapshot } from './types.ts';
export { normaliseSnapshot, resolveNormaliseRules } from './normalise.ts';
export { compareSnapshots } from './compare.ts';
export { replaceNames, resourceNames, targetNames } from './replace-names.ts';
