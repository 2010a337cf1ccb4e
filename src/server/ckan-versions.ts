// The CKAN releases the reference server imitates. Every difference between them that a client can see is a trait
// of the shared table (schema/ckan-traits/: what CKAN does, the releases that have it, CKAN's reference), and the
// server's code asks the trait by name (`traits.has('distinct-after-limit')`), never a version number.
import { hasTrait, type CkanTraitId } from '../schema/ckan-traits/index.ts';
import { LATEST_CKAN_RELEASES, readCkanVersionText } from '../schema/ckan-version.ts';

/** The CKAN versions the reference server can answer as, oldest first (2.8 differs too much to imitate cheaply). */
export const SERVER_CKAN_VERSIONS = ['2.9', '2.10', '2.11', '2.12'] as const;

/** A CKAN version the reference server can answer as. */
export type ServerCkanVersion = (typeof SERVER_CKAN_VERSIONS)[number];

/** Whether the reference server can answer as this version. */
export function isServerCkanVersion(value: unknown): value is ServerCkanVersion {
  return typeof value === 'string' && (SERVER_CKAN_VERSIONS as readonly string[]).includes(value);
}

/** The release the server imitates and the traits it has. */
export interface CkanTraits {
  /** `ckan_version` in status_show: the release imitated (a minor version's newest; 2.12: the dev branch's). */
  readonly release: string;
  /** Whether the release has the trait (schema/ckan-traits/). */
  has(id: CkanTraitId): boolean;
}

/** The traits of a release (`2.11.2`), or of a minor version's newest release (`2.11`: 2.11.5). */
export function ckanTraits(release: string): CkanTraits {
  const named = readCkanVersionText(release);
  const full = named === undefined || named.release !== undefined ? release : LATEST_CKAN_RELEASES[named.minor];
  return { release: full, has: (id) => hasTrait(full, id) };
}
