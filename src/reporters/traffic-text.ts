// What a run read from a traffic file (`--requests`), in a few lines for the console and the reports: entries,
// read action calls, distinct requests, the sample, what was left out and why, credentials dropped, and the
// resources a target did not have.
import type { TrafficSummary } from '../schema/traffic.ts';

/** Resources without an answer listed by name; the rest are counted. */
const SHOWN_MISSING = 10;

const count = (n: number): string => n.toLocaleString('en-US');
/** `1 request`, `3 requests`. */
const counted = (n: number, word: string): string => `${count(n)} ${word}${n === 1 ? '' : 's'}`;

/** The summary as lines of text (no markup). */
export function describeTrafficSummary(summary: TrafficSummary): string[] {
  const sample = summary.sample === undefined ? '' : `, a sample of ${count(summary.sample.count)} drawn with --seed ${summary.sample.seed}`;
  const lines = [
    `Requests from ${summary.file} (${summary.format}): ${count(summary.entries)} entries, ${count(summary.requests)} read action calls, ${count(summary.unique)} distinct${sample}; ${count(summary.sent)} sent to both targets`,
  ];
  const skipped = Object.entries(summary.skipped).map(([reason, n]) => `${count(n)} ${reason}`);
  if (skipped.length > 0) lines.push(`  not sent: ${skipped.join('; ')}`);
  if (summary.secretsDropped > 0) {
    lines.push(
      `  ${counted(summary.secretsDropped, 'credential')} dropped (headers and parameters); the requests that had one went with the target's own token`,
    );
  }
  const missing = summary.missingResources;
  if (missing.length > 0) {
    const requests = missing.reduce((sum, m) => sum + m.requests, 0);
    lines.push(`  ${counted(missing.length, 'resource')} a target does not have (${counted(requests, 'request')} not sent):`);
    for (const m of missing.slice(0, SHOWN_MISSING)) lines.push(`    ${m.id}: ${counted(m.requests, 'request')}, not on ${m.missingOn.join(' and ')}`);
    if (missing.length > SHOWN_MISSING) lines.push(`    … and ${count(missing.length - SHOWN_MISSING)} more (see the JSON report)`);
  }
  return lines;
}
