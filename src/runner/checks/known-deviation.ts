// Known deviations: a failure that a known bug of the target's CKAN release explains is reported as such (status
// `known`, with CKAN's reference and the fixing release), so a run against a real CKAN is not red for CKAN's own
// bugs, and the bug stays visible. A strict run (`--strict-known`) keeps them failures.
import type { CaseResult } from '../../model/index.ts';
import { isFailingStatus, isInCkanReleases } from '../../schema/index.ts';
import type { RunOptions, RunVariant } from '../types.ts';
import type { CaseCheck } from './types.ts';

/** The result as reported: a failed or errored variant whose failure the target's release is known for becomes `known`. */
export function applyKnownDeviation(result: CaseResult, variant: RunVariant, options: Pick<RunOptions, 'ckan' | 'strictKnown'>): CaseResult {
  if (!isFailingStatus(result.status) || variant.known === undefined || options.strictKnown === true) return result;
  const release = options.ckan?.release ?? options.ckan?.version;
  if (release === undefined) return result;
  const entry = variant.known.find((known) => isInCkanReleases(release, known.ckan));
  if (entry === undefined) return result;
  const known = { release, note: entry.note, ref: entry.ref, ...(entry.fixed === undefined ? {} : { fixed: entry.fixed }) };
  return { ...result, status: 'known', known };
}

/** Applies to each variant of a case that lists known bugs (`known`), as soon as it finishes. */
export const knownDeviationCheck: CaseCheck = {
  name: 'knownDeviation',
  when: 'each-variant',
  appliesTo: (variants) => variants.some((v) => v.known !== undefined),
  check: (context, results, variants) =>
    results.map((result, i) => {
      const variant = variants[i];
      return variant === undefined ? result : applyKnownDeviation(result, variant, context);
    }),
};
