// run's pre-flight for the profile, after the target's own (checkReachable): each resource the profile names is
// asked once, as `check --target` asks it (probe's askResources), and one the target does not have stops the run in
// one line (exit 2) instead of failing every case that reads it (139 failures under 6 root causes for one wrong id).
import { KitError, KitErrorCode } from '../errors.ts';
import type { HttpClient } from '../http/index.ts';
import { findMissingResources } from '../probe/index.ts';
import type { Profile } from '../schema/profile.ts';

/** Throws KitError E_PROFILE_INVALID (exit 2) naming each resource of `profile` that `baseUrl` says does not exist. */
export async function checkProfileResources(client: HttpClient, where: { baseUrl: string; token: string | undefined }, profile: Profile): Promise<void> {
  const missing = await findMissingResources(client, where, profile.resources ?? {});
  if (missing.length === 0) return;
  const named = missing.map((resource) => `resources.${resource.name} (${resource.id}): ${String(resource.answer)}`).join('; ');
  const count = missing.length === 1 ? 'a resource' : `${missing.length} resources`;
  throw new KitError(
    KitErrorCode.profileInvalid,
    `profile "${profile.name}" names ${count} the target does not have (check --profile FILE --target URL verifies a profile): ${named}`,
  );
}
