// The contract when the CKAN version is not known exactly: a response keeps it when it keeps the contract of any
// version still possible, so an unknown version never turns a genuine answer into a failure.
import type { Finding } from '../model/index.ts';
import { CKAN_VERSIONS, isInCkanRange, type CkanVersion } from '../schema/index.ts';
import { checkResponse, type CheckedResponse, type CheckResponseOptions } from './check-response.ts';

/** The versions a range allows (all known versions when there is no range). */
export function versionsIn(range: { min: CkanVersion; max: CkanVersion } | undefined): CkanVersion[] {
  return range === undefined ? [...CKAN_VERSIONS] : CKAN_VERSIONS.filter((v) => isInCkanRange(v, range));
}

/**
 * checkResponse against each candidate version: [] when one of them holds, else the findings of the version
 * with the fewest. One candidate is the plain check of that version.
 */
export function checkResponseForVersions(
  response: CheckedResponse,
  options: Omit<CheckResponseOptions, 'ckanVersion'>,
  versions: readonly CkanVersion[],
): Finding[] {
  let best: Finding[] | undefined;
  for (const ckanVersion of versions) {
    const findings = checkResponse(response, { ...options, ckanVersion });
    if (findings.length === 0) return findings;
    if (best === undefined || findings.length < best.length) best = findings;
  }
  return best ?? checkResponse(response, options);
}
