// "Checked nothing on this data": a variant whose applicable checks all held vacuously is not a pass.
import type { Expect, RecordsExpect } from '../../model/index.ts';
import { VACUOUS_REASON } from '../../schema/index.ts';
import type { ReturnedRecords } from '../order-check.ts';
import type { RunVariant } from '../types.ts';
import type { CheckOutcome, Evidence, ResponseCheck } from './types.ts';

export { VACUOUS_REASON };

/** Expectation keys that describe the data of the answer (besides `records`), and so count on their own. */
const DATA_KEYS = ['total', 'fields', 'body', 'bodyMatches'] as const;

/**
 * Whether one applied `expect` block checked something on this data:
 * - `total`, `fields`, `body` or `bodyMatches` was expected (they describe the data);
 * - `records.exact`, `records.count` (0 included: an empty answer was the claim), `records.min` of 1 or more, or a
 *   non-empty `records.includes` was expected (they fail on an empty answer);
 * - at least 1 record was returned to `records.every`, `records.max`, `records.atMostLimit` or `records.fillsLimit`;
 * - at least 2 records were returned to `records.sortedBy` or `records.unique`.
 * `status`, `success`, `contract`, `errorType`, `error`, `result`, `resultAbsent`, `contentType` and `maxMs` do not
 * count: they hold for an empty page of any resource.
 */
export function checkedRecords(block: Expect, returned: ReturnedRecords | undefined): boolean {
  if (DATA_KEYS.some((key) => key in block)) return true;
  const r = block.records;
  if (r === undefined) return false;
  if (claimsWithoutRecords(r)) return true;
  const n = returned?.records.length ?? 0;
  if (n >= 1 && (r.every !== undefined || r.max !== undefined || r.atMostLimit === true || r.fillsLimit === true)) return true;
  return n >= 2 && (r.sortedBy !== undefined || r.unique === true);
}

function claimsWithoutRecords(r: RecordsExpect): boolean {
  return r.exact !== undefined || r.count !== undefined || (r.min ?? 0) >= 1 || (r.includes?.length ?? 0) > 0;
}

/** One check that ran on the answer, and what it found. */
export interface AppliedCheck {
  check: Pick<ResponseCheck, 'name' | 'evidence'>;
  outcome: CheckOutcome;
}

/**
 * What the variant is for, as far as vacuity goes: its relation (a relation checked, and no `records` of its own
 * in `expect`), its records (an applied `expect` block with `records`), or neither: a variant that only states a
 * status, an error or a contract is never vacuous.
 */
export function pointOf(variant: RunVariant, applied: readonly AppliedCheck[]): Evidence {
  if (variant.expect.records === undefined && applied.some((a) => a.check.evidence === 'relation')) return 'relation';
  return variant.expect.records !== undefined || variant.expectOnFixtures?.records !== undefined ? 'records' : 'none';
}

/**
 * Vacuity: a variant with no finding is vacuous when every applicable check that answers for its point said it
 * checked nothing. For records every check of the data answers (the expectations, the implied order, a relation);
 * for a relation only the relation does (the implied order over a full page proves nothing about the relation).
 */
export function isVacuousAnswer(variant: RunVariant, applied: readonly AppliedCheck[]): boolean {
  const point = pointOf(variant, applied);
  if (point === 'none' || applied.some((a) => a.outcome.findings.length > 0)) return false;
  const answers = (evidence: Evidence): boolean => (point === 'records' ? evidence !== 'none' : evidence === 'relation');
  return !applied.some((a) => a.outcome.checked && answers(a.check.evidence));
}

/** The reason of a vacuous variant: `checked nothing on this data`, and why when a check said (`: <why>`). */
export function describeVacuity(applied: readonly AppliedCheck[]): string {
  const why = [...new Set(applied.flatMap((a) => (a.outcome.undecided === undefined ? [] : [a.outcome.undecided])))];
  return why.length === 0 ? VACUOUS_REASON : `${VACUOUS_REASON}: ${why.join('; ')}`;
}
