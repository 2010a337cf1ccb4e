// Which CKAN version a run is for, before the first request: the flag's, the profile's, or (with the reference
// target) the one the server will answer as; the catalogue is expanded for it.
import { KitError, KitErrorCode } from '../errors.ts';
import { chooseContract, planCkanVersion, type CkanVersionPlan, type PreparedCatalogue } from '../runner/index.ts';
import { DEFAULT_CKAN_VERSION, type CkanVersion } from '../schema/index.ts';
import { isServerCkanVersion, SERVER_CKAN_VERSIONS, type ServerCkanVersion } from '../server/index.ts';
import type { ResolvedRunOptions } from './run-options.ts';

/** The catalogue for a version, the plan, the contract it implies, and the version the reference server answers as. */
export interface VersionedCatalogue {
  prepared: PreparedCatalogue;
  plan: CkanVersionPlan;
  contract: ReturnType<typeof chooseContract>;
  serverVersion: ServerCkanVersion | undefined;
}

/**
 * The catalogue expanded for the version the flag, the profile or the reference server names (with `auto`, none
 * yet: it is asked of the target after the pre-flight), that plan, and the contract it implies.
 */
export async function prepareForVersion(
  options: ResolvedRunOptions,
  prepare: (ckanVersion: CkanVersion | undefined) => Promise<PreparedCatalogue>,
): Promise<VersionedCatalogue> {
  const reference = options.target.kind === 'reference';
  const flagVersion = options.ckanVersion === 'auto' ? undefined : options.ckanVersion;
  const prepared = await prepare(flagVersion);
  const serverVersion = reference ? chooseServerVersion(flagVersion, prepared.profile.ckan) : undefined;
  const plan = planCkanVersion(options.ckanVersion, prepared.profile, serverVersion);
  const contract = chooseContract(options.contract, plan, reference);
  // prepareCatalogue already used the flag's or the profile's version; a capability or the server may name another
  const used = flagVersion ?? (prepared.profile.ckan === 'auto' ? undefined : prepared.profile.ckan);
  const expanded = plan.kind === 'known' && plan.version !== used ? await prepare(plan.version) : prepared;
  return { prepared: expanded, plan, contract, serverVersion };
}

/** The version the reference server answers as: the flag's, else the profile's, else 2.11; E_USAGE for one it cannot. */
function chooseServerVersion(flag: CkanVersion | undefined, profile: CkanVersion | 'auto' | undefined): ServerCkanVersion {
  const chosen = flag ?? (profile === 'auto' ? undefined : profile) ?? DEFAULT_CKAN_VERSION;
  if (isServerCkanVersion(chosen)) return chosen;
  const source = flag === undefined ? 'the profile names' : '--ckan-version names';
  throw new KitError(KitErrorCode.usage, `the reference server answers as CKAN ${SERVER_CKAN_VERSIONS.join(', ')}; ${source} ${chosen}`);
}
