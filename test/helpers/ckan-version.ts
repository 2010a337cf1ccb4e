// Case results that are not applicable because their expectations hold for another CKAN version (or the
// target's version is unknown): the catalogue states each version's answer in its own case, so against any one
// version the others' cases are expected to be not applicable, and ratios of applicable variants leave them out.

const versionReason = /^holds for CKAN /;

/** Whether a not-applicable reason is a CKAN version range (expandCase's wording). */
export function isCkanVersionReason(reason: string | undefined): boolean {
  return versionReason.test(reason ?? '');
}

/** The results that are not applicable for a version reason. */
export function countOtherVersionCases(cases: readonly { status: string; reason?: string | undefined }[]): number {
  return cases.filter((c) => c.status === 'not-applicable' && isCkanVersionReason(c.reason)).length;
}
