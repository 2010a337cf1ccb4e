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

/** A CKAN release in a range: a minor version (any of its patches) or one patch release, e.g. "2.11.5". */
export const CkanRangeEndSchema = Type.Union([CkanVersionSchema, Type.String({ pattern: '^2\\.(8|9|10|11|12)\\.\\d+$' })], {
  description: 'A CKAN minor version (2.10: any 2.10.x) or one patch release (2.11.5).',
});

/** A range of CKAN releases a case's expectations hold for; both ends inclusive, either may be left open. */
export const CkanRangeSchema = Type.Object(
  { min: Type.Optional(CkanRangeEndSchema), max: Type.Optional(CkanRangeEndSchema) },
  { additionalProperties: false, description: 'CKAN versions (inclusive) the case holds for; other versions: not applicable.' },
);
export type CkanRange = Static<typeof CkanRangeSchema>;

/** One range, or several (the case holds on any of them: `[{min: "2.10.10", max: "2.10"}, {min: "2.11.5"}]`). */
export const CkanRangesSchema = Type.Union([CkanRangeSchema, Type.Array(CkanRangeSchema, { minItems: 1 })], {
  description: 'CKAN versions (inclusive) the case holds for, or a list of such ranges; other versions: not applicable.',
});
export type CkanRanges = Static<typeof CkanRangesSchema>;

/** Whether a version or release lies in a range, or in any of a list of ranges. */
export function isInCkanRanges(version: string, ranges: CkanRanges): boolean {
  return Array.isArray(ranges) ? ranges.some((range) => isInCkanRange(version, range)) : isInCkanRange(version, ranges);
}

/**
 * The newest release of each minor version the kit knows: a target whose patch is unknown (a profile that says
 * `ckan: "2.11"`) is taken as this release where a range names a patch. 2.12: the dev branch's.
 */
export const LATEST_CKAN_RELEASES: Readonly<Record<CkanVersion, string>> = Object.freeze({
  '2.8': '2.8.12',
  '2.9': '2.9.11',
  '2.10': '2.10.10',
  '2.11': '2.11.5',
  '2.12': '2.12.0b0',
});

export function isCkanVersion(value: unknown): value is CkanVersion {
  return typeof value === 'string' && (CKAN_VERSIONS as readonly string[]).includes(value);
}

/** Negative when a is older than b, 0 when equal, positive when newer. */
export function compareCkanVersions(a: CkanVersion, b: CkanVersion): number {
  return CKAN_VERSIONS.indexOf(a) - CKAN_VERSIONS.indexOf(b);
}

/** A release read as its minor version and patch number ("2.11.5" -> 2.11, 5; "2.11" -> 2.11, no patch). */
export interface CkanRelease {
  minor: CkanVersion;
  patch: number | undefined;
}

/** The release a text names (`2.11`, `2.11.5`, `2.12.0b0`), or undefined when its minor version is not known. */
export function parseCkanRelease(text: string): CkanRelease | undefined {
  const match = /^\s*v?(\d+)\.(\d+)(?:\.(\d+))?/.exec(text);
  if (match === null) return undefined;
  const minor = `${match[1]}.${match[2]}`;
  if (!isCkanVersion(minor)) return undefined;
  return { minor, patch: match[3] === undefined ? undefined : Number(match[3]) };
}

/** Negative when release a is older than b; an unknown patch counts as the newest release of its minor version. */
function compareReleases(a: CkanRelease, b: CkanRelease): number {
  const byMinor = compareCkanVersions(a.minor, b.minor);
  if (byMinor !== 0) return byMinor;
  const patchOf = (release: CkanRelease): number => release.patch ?? parseCkanRelease(LATEST_CKAN_RELEASES[release.minor])?.patch ?? 0;
  return patchOf(a) - patchOf(b);
}

/**
 * Whether a version or release (`2.11`, `2.11.5`) lies inside a range (an absent end is open). A minor version
 * as an end spans all its patches; a target whose patch is unknown is its minor's newest release.
 */
export function isInCkanRange(version: string, range: CkanRange): boolean {
  const release = parseCkanRelease(version);
  if (release === undefined) return false;
  const min = range.min === undefined ? undefined : parseCkanRelease(range.min);
  const max = range.max === undefined ? undefined : parseCkanRelease(range.max);
  if (min !== undefined && compareReleases(release, min.patch === undefined ? { minor: min.minor, patch: 0 } : min) < 0) return false;
  if (max === undefined) return true;
  return max.patch === undefined ? compareCkanVersions(release.minor, max.minor) <= 0 : compareReleases(release, max) <= 0;
}

/** Ranges as a reader says them: `2.10.8 to 2.10.x or 2.11.3 to 2.11.x`, `2.12 and later`, `2.9.9 and earlier`. */
export function describeCkanRanges(ranges: CkanRanges): string {
  return (Array.isArray(ranges) ? ranges : [ranges]).map(describeRange).join(' or ');
}

function describeRange(range: CkanRange): string {
  if (range.min !== undefined && range.max !== undefined) {
    if (range.min === range.max) return range.min;
    // why: a minor version as the upper end spans all its patches, which `2.10.8 to 2.10` would not say
    const max = parseCkanRelease(range.max)?.patch === undefined && range.min.startsWith(`${range.max}.`) ? `${range.max}.x` : range.max;
    return `${range.min} to ${max}`;
  }
  if (range.min !== undefined) return `${range.min} and later`;
  return range.max === undefined ? 'any version' : `${range.max} and earlier`;
}

/**
 * The minor version of a full CKAN version string ("2.10.4", "2.12.0b0", "2.9"), or undefined when it is not
 * one the kit knows. Versions newer than the newest known are not guessed.
 */
export function toCkanVersion(text: string): CkanVersion | undefined {
  return parseCkanRelease(text)?.minor;
}

/**
 * A version or release exactly as a flag or setting names it ("2.11", "2.11.5", "2.12.0b0"): its minor version, and
 * the release when a patch is named; undefined for any other text.
 */
export function readCkanVersionText(text: string): { minor: CkanVersion; release?: string } | undefined {
  const match = /^(\d+\.\d+)(\.\d+(?:[ab]\d+)?)?$/.exec(text);
  const minor = match?.[1];
  if (minor === undefined || !isCkanVersion(minor)) return undefined;
  return match?.[2] === undefined ? { minor } : { minor, release: text };
}
