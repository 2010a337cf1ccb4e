// Known deviations: a failure that a known bug of the target's CKAN release explains is reported as such (status
// `known`, with CKAN's reference and the fixing release), so a run against a real CKAN is not red for CKAN's own
// bugs, and the bug stays visible. A strict run (`--strict-known`) keeps them failures.
import type { CaseResult } from '../model/index.ts';
import { isInCkanRanges } from '../schema/index.ts';
import type { RunOptions, RunVariant } from './types.ts';

/** The result as reported: a failed or errored variant whose failure the target's release is known for becomes `known`. */
export function applyKnownDeviation(result: CaseResult, variant: RunVariant, options: Pick<RunOptions, 'ckan' | 'strictKnown'>): CaseResult {
  if ((result.status !== 'fail' && result.status !== 'error') || variant.known === undefined || options.strictKnown === true) return result;
  const release = options.ckan?.release ?? options.ckan?.version;
  if (release === undefined) return result;
  const entry = variant.known.find((known) => isInCkanRanges(release, known.ckan));
  if (entry === undefined) return result;
  const known = { release, note: entry.note, ref: entry.ref, ...(entry.fixed === undefined ? {} : { fixed: entry.fixed }) };
  return { ...result, status: 'known', known };
}
