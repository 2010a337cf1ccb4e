// describeDiff(): what a diff run means, once, for the console summary, diff.md and diff.html.
import type { DiffReport } from '../schema/diff-report.ts';
import { formatDuration } from './text.ts';

/** The facts every diff report states the same way. */
export interface DiffView {
  /** No pair differed and none errored. */
  agreeing: boolean;
  /** `The targets agree` or `The targets disagree`. */
  verdict: string;
  /** `12 request pairs: 11 agree, 1 differ, 0 errors, 2 not run on both (1.20 s)`. */
  summaryLine: string;
}

export function describeDiff(report: DiffReport): DiffView {
  const { total, agree, differ, error, skipped } = report.summary;
  const agreeing = differ === 0 && error === 0;
  const skippedText = skipped === 0 ? '' : `, ${skipped} not run on both`;
  return {
    agreeing,
    verdict: agreeing ? 'The targets agree' : 'The targets disagree',
    summaryLine: `${total} request pairs: ${agree} agree, ${differ} differ, ${error} errors${skippedText} (${formatDuration(report.durationMs)})`,
  };
}
