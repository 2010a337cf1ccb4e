// Applies the contract (src/contract) to a response: the case's own profile, else the run's default.
import { checkResponse } from '../contract/index.ts';
import type { Finding } from '../model/index.ts';
import type { ObservedResponse } from './expect.ts';
import type { ContractProfile, RunVariant } from './types.ts';

/** Contract findings for one variant's response; none when the case says `contract: none`. */
export function checkContractFor(variant: RunVariant, response: ObservedResponse, fallback: ContractProfile): Finding[] {
  const chosen = variant.expect.contract ?? fallback;
  if (chosen === 'none') return [];
  const format = variant.request.params?.['records_format'];
  return checkResponse(
    { status: response.status, body: response.body },
    typeof format === 'string'
      ? { action: variant.request.action, profile: chosen, recordsFormat: format }
      : { action: variant.request.action, profile: chosen },
  );
}
