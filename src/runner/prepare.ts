// Loads, selects and expands the catalogue for a run, list or check: everything before the first request.
import {
  checkProfileNames,
  collectCatalogueNames,
  expandCase,
  loadCatalogue,
  loadProfile,
  selectCases,
  type CaseVariant,
  type CatalogueNames,
  type LoadedCase,
} from '../catalogue/index.ts';
import { KitError, KitErrorCode } from '../errors.ts';
import type { CkanVersion, Profile } from '../schema/index.ts';
import { resolveWithBundled } from '../util/bundled.ts';
import { RUN_DEFAULTS } from '../util/run-defaults.ts';

/** The profile used when none is given: another deployment's data, no optional capabilities. */
export const DEFAULT_PROFILE: Profile = Object.freeze({ name: 'default', data: 'other', capabilities: [] });

/** Which catalogue and profile, and which of its cases. Paths are relative to `cwd`. */
export interface SelectionOptions {
  cwd: string;
  casesDir: string;
  profileFile?: string | undefined;
  tags?: readonly string[] | undefined;
  grep?: string | undefined;
  ids?: readonly string[] | undefined;
  shard?: { index: number; count: number } | undefined;
  /** Only these case variants, by their report id (`run --last-failed`), besides the other criteria. Default all. */
  variantIds?: readonly string[] | undefined;
  /** Zero selected cases (or none that applies to the target) is not an error. Default false. */
  allowEmpty?: boolean | undefined;
  /** Whether a token was given by flag or environment (undefined: not judged, e.g. when listing). */
  tokenGiven?: boolean | undefined;
  /** The CKAN version the target runs, when known otherwise than from the profile (flag, detection). */
  ckanVersion?: CkanVersion | undefined;
  /** The target's full release (status_show's ckan_version) of that version, when known. */
  ckanRelease?: string | undefined;
  /**
   * Refuse a profile naming a capability, resource or value the catalogue does not know (InputError naming the
   * key and the closest known name). Default false (run and list accept them; check refuses).
   */
  checkProfileNames?: boolean | undefined;
  /** Names accepted besides the catalogue's when checking a profile's (e.g. every name the kit's own catalogue uses). */
  knownProfileNames?: CatalogueNames | undefined;
  /** Where parsed case files are cached by content hash, or false for none (see LoadOptions). Default: the OS temp folder. */
  cacheDir?: string | false | undefined;
}

/** A catalogue ready to run: the selected cases and their variants under the profile. */
export interface PreparedCatalogue {
  root: string;
  profile: Profile;
  /** Profile file as given (for the report), if any. */
  profileFile: string | undefined;
  cases: LoadedCase[];
  variants: CaseVariant[];
}

/**
 * Loads the catalogue and profile, selects and expands. Throws InputError for a bad case or profile file, and
 * KitError E_CATALOGUE_EMPTY when nothing is selected (unless `allowEmpty`). `env` feeds `${env.NAME}`.
 */
export async function prepareCatalogue(options: SelectionOptions, env: Readonly<Record<string, string | undefined>>): Promise<PreparedCatalogue> {
  const cwd = { cwd: options.cwd };
  const catalogue = await loadCatalogue(await resolveWithBundled(options.cwd, options.casesDir, RUN_DEFAULTS.casesDir), { ...cwd, cacheDir: options.cacheDir });
  const profileFile = options.profileFile === undefined ? undefined : await resolveWithBundled(options.cwd, options.profileFile, RUN_DEFAULTS.referenceProfile);
  const profile = profileFile === undefined ? DEFAULT_PROFILE : await loadProfile(profileFile, cwd);
  if (profileFile !== undefined && options.checkProfileNames === true) {
    const names = mergeNames(collectCatalogueNames(catalogue.cases), options.knownProfileNames);
    await checkProfileNames(profileFile, profile, names, { cwd: options.cwd, shownAs: options.profileFile });
  }
  const wanted = options.variantIds === undefined ? undefined : new Set(options.variantIds);
  const wantedCases = wanted === undefined ? undefined : new Set([...wanted].map(caseIdOf));
  const selected = selectCases(catalogue.cases, {
    ...(options.tags === undefined ? {} : { tags: options.tags }),
    ...(options.grep === undefined ? {} : { grep: options.grep }),
    ...(options.ids === undefined ? {} : { ids: options.ids }),
    ...(options.shard === undefined ? {} : { shard: options.shard }),
    allowUnknownTags: options.allowEmpty === true,
  });
  const cases = wantedCases === undefined ? selected : selected.filter((c) => wantedCases.has(c.case.id));
  if (cases.length === 0 && options.allowEmpty !== true) {
    const why = catalogue.cases.length === 0 ? `no case files in ${options.casesDir}` : 'no case matches the selection';
    throw new KitError(KitErrorCode.catalogueEmpty, `${why} (pass --allow-empty to accept an empty run)`);
  }
  const profileToken = profile.token === undefined ? '' : (env[profile.token.env] ?? '');
  const hasToken = options.tokenGiven === undefined ? {} : { hasToken: options.tokenGiven || profileToken !== '' };
  const ckanVersion = options.ckanVersion ?? (profile.ckan === 'auto' ? undefined : profile.ckan);
  const ckanRelease = options.ckanRelease;
  const expanded = cases.flatMap((c) => expandCase(c, { profile, env, ...hasToken, ckanVersion, ckanRelease }));
  const variants = wanted === undefined ? expanded : expanded.filter((v) => wanted.has(v.id));
  return { root: catalogue.root, profile, profileFile: options.profileFile, cases, variants };
}

/** The case id of a variant id: the id before ` [METHOD locale apiPath]`, when the case has variants. */
function caseIdOf(variantId: string): string {
  return variantId.replace(/ \[[^\]]*\]$/, '');
}

function mergeNames(names: CatalogueNames, more: CatalogueNames | undefined): CatalogueNames {
  if (more === undefined) return names;
  const merge = (a: readonly string[], b: readonly string[]): string[] => [...new Set([...a, ...b])].sort();
  return {
    capabilities: merge(names.capabilities, more.capabilities),
    resources: merge(names.resources, more.resources),
    values: merge(names.values, more.values),
  };
}

/** A run in which every variant is skipped or not applicable would pass while checking nothing: E_CATALOGUE_EMPTY. */
export function checkSomethingApplies(variants: readonly CaseVariant[], profileFile: string | undefined): void {
  if (variants.length === 0 || variants.some((v) => v.notApplicable === undefined && v.skip === undefined)) return;
  const first = variants.find((v) => v.notApplicable !== undefined)?.notApplicable ?? 'every case is skipped';
  const hint =
    profileFile === undefined
      ? '; pass --profile FILE naming your resources (write one with datastore-kit probe --target URL, or start from profiles/example-portal.yaml)'
      : '';
  throw new KitError(
    KitErrorCode.catalogueEmpty,
    `none of the ${variants.length} selected case variants applies to this target (e.g. ${first})${hint}; pass --allow-empty to accept a run that checks nothing`,
  );
}
