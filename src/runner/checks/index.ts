// The checks, one file each, and the registry that lists them in the order they run: response checks judge one
// answer, case checks a case's variants, run checks the run. Adding a check is one file and one row here.
import { baselineCheck } from './baseline.ts';
import { contractCheck } from './contract.ts';
import { expectCheck, expectOnFixturesCheck } from './expect.ts';
import { impliedOrderCheck } from './implied-order.ts';
import { inconclusiveCheck } from './inconclusive.ts';
import { knownDeviationCheck } from './known-deviation.ts';
import { minApplicableCheck } from './min-applicable.ts';
import { relationCheck } from './relation.ts';
import type { CaseCheck, ResponseCheck, RunCheck } from './types.ts';
import { variantsAgreeCheck } from './variants-agree.ts';

/**
 * Response checks in the order their findings are listed. A check that ends in a case error stops the ones after it:
 * the relation's related requests go out only for an answer the checks before it could judge, and the baseline
 * is compared last, with the relation's verdict known.
 */
export const RESPONSE_CHECKS: readonly ResponseCheck[] = Object.freeze([
  contractCheck,
  expectCheck,
  expectOnFixturesCheck,
  impliedOrderCheck,
  relationCheck,
  baselineCheck,
]);

/** Case checks: the known deviation of each variant as it finishes, then the agreement of a case's variants. */
export const CASE_CHECKS: readonly CaseCheck[] = Object.freeze([knownDeviationCheck, variantsAgreeCheck]);

/** Run checks, judged once every case is in (in this order in the report). */
export const RUN_CHECKS: readonly RunCheck[] = Object.freeze([inconclusiveCheck, minApplicableCheck]);

export { isVacuousAnswer, describeVacuity, type AppliedCheck } from './vacuity.ts';
export { rememberParsedBody } from './variants-agree.ts';
export type { CaseError, CheckContext, ObservedAnswer, ResponseCheck, CaseCheck, RunCheck, RunCheckContext } from './types.ts';
