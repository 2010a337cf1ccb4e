// Whether a profile gives a capability a case needs. `ckan` means "answers exactly as CKAN does for its version
// (messages, defaults, rendering)"; the version itself comes from the profile's `ckan` field or the run. The
// older spelling `ckan-<version>` (e.g. ckan-2.11) names both at once and is still understood either way.
import { isCkanVersion, type CkanVersion } from '../schema/ckan-version.ts';

/** The capability of a target that answers as CKAN does, for whichever version it runs. */
export const CKAN_CAPABILITY = 'ckan';

/**
 * Features a target has by behaviour, whoever wrote it: `probe` detects each by asking, and a case that uses one
 * needs it. CKAN has them all, so `ckan` gives them too.
 */
export const BEHAVIOUR_CAPABILITIES: readonly string[] = Object.freeze(['offset', 'sort', 'fields', 'distinct', 'total']);

const LEGACY = /^ckan-(.+)$/;

/** The CKAN version a legacy `ckan-<version>` capability names, if it is one. */
export function legacyCkanVersion(capability: string): CkanVersion | undefined {
  const version = LEGACY.exec(capability)?.[1];
  return isCkanVersion(version) ? version : undefined;
}

/**
 * Whether `capabilities` (a profile's) give `need`, for a target on `ckanVersion`: listed as is; `ckan` and the
 * behaviour capabilities are also given by `ckan` or any legacy `ckan-<version>`; a legacy need `ckan-<version>` is also given by `ckan` on that version.
 */
export function hasCapability(capabilities: readonly string[], need: string, ckanVersion: CkanVersion | undefined): boolean {
  if (capabilities.includes(need)) return true;
  const claimsCkan = capabilities.includes(CKAN_CAPABILITY) || capabilities.some((c) => legacyCkanVersion(c) !== undefined);
  if (need === CKAN_CAPABILITY || BEHAVIOUR_CAPABILITIES.includes(need)) return claimsCkan;
  const needed = legacyCkanVersion(need);
  return needed !== undefined && needed === ckanVersion && capabilities.includes(CKAN_CAPABILITY);
}
