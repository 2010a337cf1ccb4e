// "Checked nothing on this data": a variant whose record checks all held vacuously is not a pass.
import type { ImpliedOrder } from '../catalogue/index.ts';
import type { Expect, RecordsExpect } from '../model/index.ts';
import { VACUOUS_REASON } from '../schema/index.ts';
import { checkableKeys, type ReturnedRecords } from './order-check.ts';

export { VACUOUS_REASON };

/** Expectation keys that describe the data of the answer (besides `records`), and so count on their own. */
const DATA_KEYS = ['total', 'fields', 'body', 'bodyMatches'] as const;

/**
 * Whether a variant whose checks all held checked something on this data. Only a variant whose point is records
 * (an applied `expect` block has `records`) can be vacuous; it checked something when one of these held:
 * - `total`, `fields`, `body` or `bodyMatches` was expected (they describe the data);
 * - `records.exact`, `records.count` (0 included: an empty answer was the claim), `records.min` of 1 or more, or a
 *   non-empty `records.includes` was expected (they fail on an empty answer);
 * - at least 1 record was returned to `records.every`, `records.max`, `records.atMostLimit` or `records.fillsLimit`;
 * - at least 2 records were returned to `records.sortedBy`, `records.unique`, or the implied order (when the
 *   records carry its first key).
 * `status`, `success`, `contract`, `errorType`, `error`, `result`, `resultAbsent`, `contentType` and `maxMs` alone
 * do not count for such a variant: they hold for an empty page of any resource.
 */
export function checkedSomething(expects: readonly (Expect | undefined)[], returned: ReturnedRecords | undefined, order: ImpliedOrder | undefined): boolean {
  const applied = expects.filter((e): e is Expect => e !== undefined);
  const recordExpects = applied.flatMap((e) => (e.records === undefined ? [] : [e.records]));
  if (recordExpects.length === 0) return true;
  if (applied.some((e) => DATA_KEYS.some((key) => key in e))) return true;
  if (recordExpects.some(claimsWithoutRecords)) return true;
  const n = returned?.records.length ?? 0;
  if (n >= 1 && recordExpects.some((r) => r.every !== undefined || r.max !== undefined || r.atMostLimit === true || r.fillsLimit === true)) return true;
  if (n >= 2 && recordExpects.some((r) => r.sortedBy !== undefined || r.unique === true)) return true;
  return n >= 2 && order !== undefined && returned !== undefined && checkableKeys(order, returned.records).length > 0;
}

function claimsWithoutRecords(r: RecordsExpect): boolean {
  return r.exact !== undefined || r.count !== undefined || (r.min ?? 0) >= 1 || (r.includes?.length ?? 0) > 0;
}
