// Applies the contract (src/contract) to a response: the case's own profile, else the run's default.
import { checkResponseForVersions } from '../contract/index.ts';
import type { Finding } from '../model/index.ts';
import { DEFAULT_CKAN_VERSION, type CkanVersion } from '../schema/index.ts';
import type { ObservedResponse } from './expect.ts';
import type { ContractProfile, RunVariant } from './types.ts';

/**
 * Contract findings for one variant's response; none when the case says `contract: none`. The ckan profile
 * checks the target's CKAN version (`versions`: one, or every version still possible; default 2.11).
 */
export function checkContractFor(
  variant: RunVariant,
  response: ObservedResponse,
  fallback: ContractProfile,
  versions: readonly CkanVersion[] = [DEFAULT_CKAN_VERSION],
): Finding[] {
  const chosen = variant.expect.contract ?? fallback;
  if (chosen === 'none') return [];
  const format = variant.request.params?.['records_format'];
  return checkResponseForVersions(
    { status: response.status, body: response.body },
    typeof format === 'string'
      ? { action: variant.request.action, profile: chosen, recordsFormat: format }
      : { action: variant.request.action, profile: chosen },
    versions,
  );
}
