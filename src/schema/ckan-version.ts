// CKAN versions the kit knows: one list, shared by the profile and case formats, the contract, the reference
// server and probe. Version differences are in docs and ckan-datastore.md §7.
import { Type, type Static } from '@sinclair/typebox';

/** CKAN versions whose DataStore read API the kit can check, oldest first. */
export const CKAN_VERSIONS = ['2.8', '2.9', '2.10', '2.11', '2.12'] as const;

/** One CKAN minor version, e.g. "2.10". */
export type CkanVersion = (typeof CKAN_VERSIONS)[number];

/** The version the reference server answers as and the one assumed for the bundled profile. */
export const DEFAULT_CKAN_VERSION: CkanVersion = '2.11';

export const CkanVersionSchema = Type.Union(
  CKAN_VERSIONS.map((version) => Type.Literal(version)),
  { description: `A CKAN minor version: ${CKAN_VERSIONS.join(', ')}.` },
);

/** A range of CKAN versions a case's expectations hold for; both ends inclusive, either may be left open. */
export const CkanRangeSchema = Type.Object(
  { min: Type.Optional(CkanVersionSchema), max: Type.Optional(CkanVersionSchema) },
  { additionalProperties: false, description: 'CKAN versions (inclusive) the case holds for; other versions: not applicable.' },
);
export type CkanRange = Static<typeof CkanRangeSchema>;

export function isCkanVersion(value: unknown): value is CkanVersion {
  return typeof value === 'string' && (CKAN_VERSIONS as readonly string[]).includes(value);
}

/** Negative when a is older than b, 0 when equal, positive when newer. */
export function compareCkanVersions(a: CkanVersion, b: CkanVersion): number {
  return CKAN_VERSIONS.indexOf(a) - CKAN_VERSIONS.indexOf(b);
}

/** Whether a version lies inside a range (an absent end is open). */
export function isInCkanRange(version: CkanVersion, range: CkanRange): boolean {
  if (range.min !== undefined && compareCkanVersions(version, range.min) < 0) return false;
  return range.max === undefined || compareCkanVersions(version, range.max) <= 0;
}

/**
 * The minor version of a full CKAN version string ("2.10.4", "2.12.0b0", "2.9"), or undefined when it is not
 * one the kit knows. Versions newer than the newest known are not guessed.
 */
export function toCkanVersion(text: string): CkanVersion | undefined {
  const match = /^\s*v?(\d+)\.(\d+)/.exec(text);
  if (match === null) return undefined;
  const minor = `${match[1]}.${match[2]}`;
  return isCkanVersion(minor) ? minor : undefined;
}
