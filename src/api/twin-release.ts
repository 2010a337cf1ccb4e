// Which CKAN release the twin's mirror answers as: the flag's, else the one the target's status_show names, else the
// profile's `ckan`, else the reference server's default; and whether the target claims CKAN at all (then every
// difference from that release is a failure, else only what breaks the API description).
import { CKAN_CAPABILITY } from '../catalogue/index.ts';
import type { Profile } from '../schema/profile.ts';
import { DEFAULT_CKAN_VERSION, LATEST_CKAN_RELEASES, parseCkanRelease, readCkanVersionText, type CkanVersion } from '../schema/ckan-version.ts';
import { hasTrait, type CkanTraitId } from '../schema/index.ts';
import { isServerCkanVersion, SERVER_CKAN_VERSIONS, type ServerCkanVersion } from '../server/index.ts';

/** The release the mirror imitates, where it came from, and whether the target claims CKAN. */
export interface ReleaseChoice {
  version: ServerCkanVersion;
  /** A patch release (`2.11.3`) when one was named; else the minor's newest. */
  release: string;
  from: string;
  claimsCkan: boolean;
  /** Said when the named release is one the reference server cannot answer as. */
  note?: string;
}

/** Where a release may be named. */
export interface ReleaseSources {
  flag: CkanVersion | undefined;
  /** status_show's `ckan_version` (`2.11.3`), when it names one. */
  status: string | undefined;
  profile: Profile;
}

/**
 * CKAN's known bugs (release traits of kind `bug`) in the capabilities a target may claim. A target that does not
 * claim CKAN is held to what the capability means, not to a release's bug in it: its mirror answers as a release
 * without the bug (2.11.2 for distinct: 2.11.3 to 2.11.5 apply DISTINCT after LIMIT, ckan/ckan#8709).
 */
const BUGS_IN_CAPABILITIES: Readonly<Record<string, readonly CkanTraitId[]>> = {
  distinct: ['distinct-after-limit'],
  sort: ['sort-percent-unescaped'],
};

/** The newest release of `minor` without a known bug in the claimed capabilities (its newest, when every one has one). */
function releaseWithoutBugs(minor: ServerCkanVersion, claims: readonly string[]): string {
  const latest = LATEST_CKAN_RELEASES[minor];
  const newestPatch = parseCkanRelease(latest)?.patch ?? 0;
  const bugs = claims.flatMap((claim) => BUGS_IN_CAPABILITIES[claim] ?? []);
  for (let patch = newestPatch; patch >= 0; patch--) {
    const release = `${minor}.${patch}`;
    if (!bugs.some((bug) => hasTrait(release, bug))) return release;
  }
  return latest;
}

function named(text: string | undefined): { minor: CkanVersion; release?: string } | undefined {
  if (text === undefined) return undefined;
  return readCkanVersionText(text) ?? readCkanVersionText(/^\d+\.\d+(?:\.\d+)?/.exec(text)?.[0] ?? '');
}

/** The release to imitate (see the file comment). */
export function chooseRelease({ flag, status, profile }: ReleaseSources): ReleaseChoice {
  const fromProfile = profile.ckan === 'auto' ? undefined : profile.ckan;
  const claimsCkan =
    status !== undefined || profile.ckan !== undefined || profile.capabilities.some((c) => c === CKAN_CAPABILITY || c.startsWith(`${CKAN_CAPABILITY}-`));
  const candidates: Array<[ReturnType<typeof named>, string]> = [
    [named(flag), '--ckan-version'],
    [named(status), `status_show (${status ?? ''})`],
    [named(fromProfile), "the profile's ckan"],
  ];
  for (const [version, from] of candidates) {
    if (version === undefined) continue;
    if (isServerCkanVersion(version.minor)) {
      return { version: version.minor, release: version.release ?? LATEST_CKAN_RELEASES[version.minor], from, claimsCkan };
    }
    // why: only 2.8 is older than the server's versions; its nearest is the oldest the server answers as
    const nearest: ServerCkanVersion = SERVER_CKAN_VERSIONS[0];
    const note = `the reference server answers as CKAN ${SERVER_CKAN_VERSIONS.join(', ')}, not ${version.minor} (named by ${from}): the mirror answers as ${nearest}`;
    return { version: nearest, release: LATEST_CKAN_RELEASES[nearest], from, claimsCkan, note };
  }
  const fallback: ServerCkanVersion = isServerCkanVersion(DEFAULT_CKAN_VERSION) ? DEFAULT_CKAN_VERSION : SERVER_CKAN_VERSIONS[0];
  const release = claimsCkan ? LATEST_CKAN_RELEASES[fallback] : releaseWithoutBugs(fallback, profile.capabilities);
  const without = release === LATEST_CKAN_RELEASES[fallback] ? '' : ', without a known CKAN bug in what it claims';
  return { version: fallback, release, from: `the default (the target names no CKAN release${without})`, claimsCkan };
}
