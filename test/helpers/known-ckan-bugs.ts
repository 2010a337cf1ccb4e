// Known bugs of CKAN releases that the reference server imitates in that release's mode, so the catalogue (which
// states the correct answer) fails them there, as it does against the real release. Until the run reports these
// as known deviations of the release, the self-conformance tests accept exactly these failures and no others.
import { isInCkanRange, LATEST_CKAN_RELEASES, type CkanRange, type CkanVersion } from '../../src/schema/ckan-version.ts';

interface KnownBug {
  caseId: string;
  /** The releases that have the bug. */
  ranges: CkanRange[];
  /** The CKAN issue or commit, and what the bug is. */
  reference: string;
}

const knownBugs: readonly KnownBug[] = [
  {
    caseId: 'ckan/distinct/values',
    ranges: [
      { min: '2.10.8', max: '2.10' },
      { min: '2.11.3', max: '2.11' },
    ],
    reference: 'CKAN #8709 "datastore_search: sort on inner select" applies DISTINCT after LIMIT; fixed on master/2.12',
  },
  {
    caseId: 'ckan/sort/nulls',
    ranges: [{ min: '2.10.8', max: '2.10' }],
    reference: 'CKAN 2.10.8+ no longer escapes `%` in the sort clause, so psycopg2 fails on it (500)',
  },
];

/** Whether a failed case is a known bug of the release (a minor version stands for its newest release). */
export function isKnownCkanBug(caseId: string, version: CkanVersion | string): boolean {
  const release = version in LATEST_CKAN_RELEASES ? LATEST_CKAN_RELEASES[version as CkanVersion] : version;
  return knownBugs.some((bug) => bug.caseId === caseId && bug.ranges.some((range) => isInCkanRange(release, range)));
}
