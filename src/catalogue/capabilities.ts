// Whether a profile gives a capability a case needs. `ckan` means "answers exactly as CKAN does for its version
// (messages, defaults, rendering)"; the version itself comes from the profile's `ckan` field or the run. The
// older spelling `ckan-<version>` (e.g. ckan-2.11) names both at once and is still understood either way.
import { isCkanVersion, type CkanVersion } from '../schema/ckan-version.ts';

/** The capability of a target that answers as CKAN does, for whichever version it runs. */
export const CKAN_CAPABILITY = 'ckan';

const LEGACY = /^ckan-(.+)$/;

/** The CKAN version a legacy `ckan-<version>` capability names, if it is one. */
export function legacyCkanVersion(capability: string): CkanVersion | undefined {
  const version = LEGACY.exec(capability)?.[1];
  return isCkanVersion(version) ? version : undefined;
}

/**
 * Whether `capabilities` (a profile's) give `need`, for a target on `ckanVersion`: listed as is; `ckan` is also
 * given by any legacy `ckan-<version>`; a legacy need `ckan-<version>` is also given by `ckan` on that version.
 */
export function hasCapability(capabilities: readonly string[], need: string, ckanVersion: CkanVersion | undefined): boolean {
  if (capabilities.includes(need)) return true;
  if (need === CKAN_CAPABILITY) return capabilities.some((c) => legacyCkanVersion(c) !== undefined);
  const needed = legacyCkanVersion(need);
  return needed !== undefined && needed === ckanVersion && capabilities.includes(CKAN_CAPABILITY);
}
