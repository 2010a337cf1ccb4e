// The CKAN release traits: every behaviour of CKAN's read API that differs between releases, each with the releases
// that have it (by patch level), what CKAN does there, CKAN's reference and the fixing release. It is a fact about CKAN
// that the reference server (what it imitates), the contract, the catalogue's known deviations and diff's order rules
// all read from here, and the recordings decide (test/recordings/ holds both sides to what real CKAN answered). A new
// trait is one file in this folder and one row in CKAN_TRAITS.
import { isInCkanRanges, parseCkanRelease } from '../ckan-version.ts';
import type { CkanTrait } from './trait.ts';
import { backslashQuoteRefused } from './backslash-quote-refused.ts';
import { badRequestColon } from './bad-request-colon.ts';
import { cachedRowCount } from './cached-row-count.ts';
import { copyMogrifyList } from './copy-mogrify-list.ts';
import { datastoreAuthRefusal } from './datastore-auth-refusal.ts';
import { distinctAfterLimit } from './distinct-after-limit.ts';
import { dumpPrivate500 } from './dump-private-500.ts';
import { dumpTypedContent } from './dump-typed-content.ts';
import { dumpKeysetPages } from './dump-keyset-pages.ts';
import { dumpXmlSafeNames } from './dump-xml-safe-names.ts';
import { fieldsFollowRecords } from './fields-follow-records.ts';
import { filterOperators } from './filter-operators.ts';
import { fullTextParam } from './full-text-param.ts';
import { jsonpUserNone } from './jsonp-user-none.ts';
import { limitAlwaysEchoed } from './limit-always-echoed.ts';
import { listsNullRowsDropped } from './lists-null-rows-dropped.ts';
import { methodNotAllowedDropped } from './method-not-allowed-dropped.ts';
import { navlFlattensObjectLists } from './navl-flattens-object-lists.ts';
import { nextPage } from './next-page.ts';
import { pyformatParams } from './pyformat-params.ts';
import { searchCte } from './search-cte.ts';
import { searchLinks } from './search-links.ts';
import { sortNullsRefused } from './sort-nulls-refused.ts';
import { sortPercentUnescaped } from './sort-percent-unescaped.ts';
import { sqlNonFiniteFloatsRefused } from './sql-non-finite-floats-refused.ts';
import { sqlNumericAsString } from './sql-numeric-as-string.ts';
import { sqlPermissionDict } from './sql-permission-dict.ts';
import { sqlTruncation } from './sql-truncation.ts';
import { sqlalchemy14Links } from './sqlalchemy-1-4-links.ts';
import { sqlalchemy20Links } from './sqlalchemy-2-0-links.ts';
import { statusVersionFirst } from './status-version-first.ts';
import { textFiltersStringified } from './text-filters-stringified.ts';
import { timestampMilliseconds } from './timestamp-milliseconds.ts';
import { totalEstimation } from './total-estimation.ts';
import { tsRewriteRefused } from './ts-rewrite-refused.ts';
import { unsupportedMediaType415 } from './unsupported-media-type-415.ts';

export type { CkanTrait } from './trait.ts';

/** Every trait, by id. */
export const CKAN_TRAITS = [
  backslashQuoteRefused,
  badRequestColon,
  cachedRowCount,
  copyMogrifyList,
  datastoreAuthRefusal,
  distinctAfterLimit,
  dumpPrivate500,
  dumpTypedContent,
  dumpKeysetPages,
  dumpXmlSafeNames,
  fieldsFollowRecords,
  filterOperators,
  fullTextParam,
  jsonpUserNone,
  limitAlwaysEchoed,
  listsNullRowsDropped,
  methodNotAllowedDropped,
  navlFlattensObjectLists,
  nextPage,
  pyformatParams,
  searchCte,
  searchLinks,
  sortNullsRefused,
  sortPercentUnescaped,
  sqlNonFiniteFloatsRefused,
  sqlNumericAsString,
  sqlPermissionDict,
  sqlTruncation,
  sqlalchemy14Links,
  sqlalchemy20Links,
  statusVersionFirst,
  textFiltersStringified,
  timestampMilliseconds,
  totalEstimation,
  tsRewriteRefused,
  unsupportedMediaType415,
] as const;

/** The id of a trait in the table. */
export type CkanTraitId = (typeof CKAN_TRAITS)[number]['id'];

/** Every trait id, as the table lists them. */
export const CKAN_TRAIT_IDS: readonly CkanTraitId[] = CKAN_TRAITS.map((trait) => trait.id);

const byId = new Map<string, CkanTrait>(CKAN_TRAITS.map((trait) => [trait.id, trait]));

/** The trait of an id; throws for an id the table does not hold (a typo in a caller that got past the type). */
export function findCkanTrait(id: CkanTraitId): CkanTrait {
  const trait = byId.get(id);
  if (trait === undefined) throw new Error(`no CKAN trait "${id}"`);
  return trait;
}

/** Whether a string names a trait of the table. */
export function isCkanTraitId(value: unknown): value is CkanTraitId {
  return typeof value === 'string' && byId.has(value);
}

// why: the server asks its release's traits on every request; a release has few, and callers name few releases
const traitsByRelease = new Map<string, ReadonlySet<string>>();
const MAX_CACHED_RELEASES = 64;

/**
 * The ids of the traits a release has. `release` is a patch release (`2.11.2`) or a minor version (`2.11`: its
 * newest release); a text naming no known release has none.
 */
export function listReleaseTraits(release: string): ReadonlySet<string> {
  const cached = traitsByRelease.get(release);
  if (cached !== undefined) return cached;
  const ids = new Set<string>(CKAN_TRAITS.filter((trait) => isInCkanRanges(release, trait.releases)).map((trait) => trait.id));
  if (traitsByRelease.size >= MAX_CACHED_RELEASES) traitsByRelease.clear();
  traitsByRelease.set(release, ids);
  return ids;
}

/** Whether a release (`2.11.2`, or a minor version meaning its newest release) has the trait. */
export function hasTrait(release: string, id: CkanTraitId): boolean {
  return listReleaseTraits(release).has(id);
}

/** One trait that two releases do not share: `gained` when only the later one (`to`) has it, `lost` when only `from` has it. */
export interface TraitChange {
  trait: CkanTrait;
  change: 'gained' | 'lost';
}

/**
 * The traits that differ between two releases, in the table's order: what a client of `from` sees change on `to`
 * (either may be the older), each with CKAN's reference, changelog line and the releases it spans (`trait.releases`).
 * Throws a RangeError for a text that names no release the kit knows.
 */
export function traitsBetween(from: string, to: string): TraitChange[] {
  for (const release of [from, to]) if (parseCkanRelease(release) === undefined) throw new RangeError(`not a CKAN release the kit knows: ${release}`);
  const before = listReleaseTraits(from);
  const after = listReleaseTraits(to);
  return CKAN_TRAITS.filter((trait) => before.has(trait.id) !== after.has(trait.id)).map((trait) => ({
    trait,
    change: after.has(trait.id) ? 'gained' : 'lost',
  }));
}
