// The contract (src/contract) of the answer's action: the case's own profile (seed, ckan, none), else the run's.
import { checkResponseForVersions } from '../../contract/index.ts';
import { DEFAULT_CKAN_VERSION } from '../../schema/index.ts';
import type { ResponseCheck } from './types.ts';

/**
 * Applies to every JSON answer of a case that does not say `contract: none`. The ckan profile checks the target's
 * CKAN version (one, or every version still possible; default 2.11). A contract holds on an empty page of any
 * resource, so it never counts as having checked the data.
 */
export const contractCheck: ResponseCheck = {
  name: 'contract',
  evidence: 'none',
  appliesTo: (variant, answer) => answer.json && variant.expect.contract !== 'none',
  check(context, answer, variant) {
    const profile = variant.expect.contract ?? context.options.contract;
    if (profile === 'none') return { findings: [], checked: false };
    const format = variant.request.params?.['records_format'];
    const findings = checkResponseForVersions(
      { status: answer.status, body: answer.body },
      typeof format === 'string' ? { action: variant.request.action, profile, recordsFormat: format } : { action: variant.request.action, profile },
      context.options.ckan?.versions ?? [DEFAULT_CKAN_VERSION],
    );
    return { findings, checked: false };
  },
};
