// The case's `expect` block (and `expectOnFixtures`, when the profile serves the bundled fixtures): the expectation
// language of expect.ts over one answer.
import type { Expect } from '../../model/index.ts';
import { checkExpect } from '../expect.ts';
import type { RunVariant } from '../types.ts';
import type { ResponseCheck } from './types.ts';
import { checkedRecords } from './vacuity.ts';

/**
 * Expectation keys that need a JSON body. CKAN answers routing errors (404, 405) with HTML, so a case that checks
 * only `status`/`maxMs` of an error answer may get a non-JSON body; anything else non-JSON is a case error.
 */
const BODY_KEYS = ['success', 'errorType', 'error', 'body', 'records', 'total', 'fields', 'result', 'resultAbsent', 'resultMatches'] as const;

/** A case that states what the raw body looks like (`bodyMatches`, e.g. JSONP) accepts a body that is not JSON. */
function acceptsRawBody(variant: RunVariant): boolean {
  return [variant.expect, variant.expectOnFixtures].some((e) => e?.bodyMatches !== undefined);
}

function createExpectCheck(name: 'expect' | 'expectOnFixtures', blockOf: (variant: RunVariant) => Expect | undefined): ResponseCheck {
  const rulePrefix = name === 'expect' ? '' : `${name}.`;
  return {
    name,
    evidence: 'records',
    appliesTo: (variant) => blockOf(variant) !== undefined,
    needsJson(variant, status) {
      const block = blockOf(variant);
      return block !== undefined && !acceptsRawBody(variant) && (status < 400 || BODY_KEYS.some((key) => key in block));
    },
    check(_context, answer, variant) {
      const block = blockOf(variant);
      if (block === undefined) return { findings: [], checked: false };
      const findings = checkExpect(block, answer, { rulePrefix, params: variant.request.params });
      return { findings, checked: checkedRecords(block, answer.returned) };
    },
  };
}

/** `expect`: every variant has one. */
export const expectCheck: ResponseCheck = createExpectCheck('expect', (variant) => variant.expect);

/** `expectOnFixtures`: only against the bundled fixtures (catalogue/expand.ts keeps it only for `data: fixtures`). */
export const expectOnFixturesCheck: ResponseCheck = createExpectCheck('expectOnFixtures', (variant) => variant.expectOnFixtures);
