// Which CKAN releases a case, or a known deviation of one, holds for: ranges of releases, or the releases that have
// (or lack) a trait of the CKAN trait table, so a case tied to a CKAN change reads its range from the same table the
// reference server imitates it by.
import { Type, type Static } from '@sinclair/typebox';
import { CKAN_TRAIT_IDS, findCkanTrait, hasTrait } from './ckan-traits/index.ts';
import { CkanRangesSchema, describeCkanRanges, isInCkanRanges } from './ckan-version.ts';

/** The id of a trait of the CKAN trait table. */
export const CkanTraitIdSchema = Type.Union(
  CKAN_TRAIT_IDS.map((id) => Type.Literal(id)),
  { description: 'A trait of the CKAN trait table (src/schema/ckan-traits/, docs/reference-server.md).' },
);

/** The releases that have a trait (`{ trait: x }`), or those that lack it (`{ without: x }`). */
export const CkanTraitReleasesSchema = Type.Union([
  Type.Object({ trait: CkanTraitIdSchema }, { additionalProperties: false, description: 'The CKAN releases that have this trait.' }),
  Type.Object({ without: CkanTraitIdSchema }, { additionalProperties: false, description: 'The CKAN releases that do not have this trait.' }),
]);
export type CkanTraitReleases = Static<typeof CkanTraitReleasesSchema>;

/** CKAN releases: a range, a list of ranges, or the releases with (or without) a trait. */
export const CkanReleasesSchema = Type.Union([CkanRangesSchema, CkanTraitReleasesSchema], {
  description: 'CKAN releases (inclusive ranges, or `{ trait: id }` / `{ without: id }` of the CKAN trait table); other releases: not applicable.',
});
export type CkanReleases = Static<typeof CkanReleasesSchema>;

function isTraitReleases(releases: CkanReleases): releases is CkanTraitReleases {
  return !Array.isArray(releases) && ('trait' in releases || 'without' in releases);
}

/** Whether a version or release (`2.11`: its newest release; `2.11.2`) is among the releases. */
export function isInCkanReleases(version: string, releases: CkanReleases): boolean {
  if (!isTraitReleases(releases)) return isInCkanRanges(version, releases);
  return 'trait' in releases ? hasTrait(version, releases.trait) : !hasTrait(version, releases.without);
}

/** The releases as a reader says them: `2.11.3 and later`, `releases without text-filters-stringified (2.11.3 and later)`. */
export function describeCkanReleases(releases: CkanReleases): string {
  if (!isTraitReleases(releases)) return describeCkanRanges(releases);
  if ('trait' in releases) return `releases with ${releases.trait} (${describeCkanRanges(findCkanTrait(releases.trait).releases)})`;
  return `releases without ${releases.without} (${describeCkanRanges(findCkanTrait(releases.without).releases)})`;
}

/** A known deviation as the runner applies it: the releases it is known on, CKAN's reference and the fixing release. */
export interface ResolvedKnownDeviation {
  ckan: CkanReleases;
  note: string;
  ref: string;
  fixed?: string;
}
