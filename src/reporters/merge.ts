// Merging shard reports (`--shard i/n` runs) into one RunResult.
import { KitError, KitErrorCode } from '../errors.ts';
import type { RunResult } from '../model/index.ts';
import { judgeVerdicts } from '../schema/index.ts';
import { summarize, summarizeBaselines } from './summarize.ts';

/**
 * Merges the results of a sharded run into one: cases concatenated in shard order, counts and verdicts recomputed
 * (the run checks are not: `mergeReports` of api/ judges the merged run again),
 * `startedAt` the earliest, `finishedAt` the latest, `durationMs` the wall time between them, no `shard`.
 * Throws KitError E_SHARD_MISSING when shards are missing, duplicated, of different counts, or mixed with
 * unsharded reports; E_REPORT_INVALID when the reports are from different targets (any bundled reference
 * server is the same target, whatever its port) or repeat a case id. The merged target is the first report's.
 * Reports without shard information are merged as they are (e.g. runs split by tag).
 */
export function mergeShardReports(results: readonly RunResult[]): RunResult {
  const first = results[0];
  if (first === undefined) throw new KitError(KitErrorCode.usage, 'no reports to merge');
  const ordered = orderShards(results);
  checkSameTarget(ordered);
  const cases = ordered.flatMap((result) => result.cases);
  checkUniqueIds(cases.map((c) => c.id));
  const startedAt = pickTime(
    ordered.map((r) => r.startedAt),
    'min',
  );
  const finishedAt = pickTime(
    ordered.map((r) => r.finishedAt),
    'max',
  );
  const hostnames = [...new Set(ordered.map((r) => r.hostname))];
  // an interrupted shard makes the merged run interrupted: what did not run is still missing
  const stopped = ordered.filter((r) => r.interrupted !== undefined);
  const notRun = stopped.reduce((sum, r) => sum + (r.interrupted?.notRun ?? 0), 0);
  const counts = summarize(cases);
  const interrupted = stopped.length === 0 ? {} : { interrupted: { ran: cases.length - notRun, notRun } };
  return {
    schemaVersion: first.schemaVersion,
    verdicts: judgeVerdicts({ target: first.target, byClass: counts.byClass, ...interrupted }),
    kit: first.kit,
    target: first.target,
    ...(first.contract === undefined ? {} : { contract: first.contract }),
    hostname: hostnames.join(', '),
    startedAt,
    finishedAt,
    durationMs: Math.max(0, Date.parse(finishedAt) - Date.parse(startedAt)),
    ...interrupted,
    ...counts,
    ...(first.baseline === undefined ? {} : { baseline: summarizeBaselines(cases, first.baseline) }),
    cases,
  };
}

/** Checks the shard set is exactly 1..n once each, and returns the results in shard order. */
function orderShards(results: readonly RunResult[]): RunResult[] {
  const sharded = results.filter((r) => r.shard !== undefined);
  if (sharded.length === 0) return [...results];
  if (sharded.length !== results.length) {
    throw new KitError(
      KitErrorCode.shardMissing,
      `${results.length - sharded.length} of ${results.length} reports have no shard; merge the reports of one sharded run`,
    );
  }
  const counts = [...new Set(sharded.map((r) => r.shard?.count ?? 0))];
  const count = counts[0] ?? 0;
  if (counts.length > 1) throw new KitError(KitErrorCode.shardMissing, `the reports come from runs split into different shard counts (${counts.join(', ')})`);
  const seen = new Map<number, number>();
  for (const r of sharded) seen.set(r.shard?.index ?? 0, (seen.get(r.shard?.index ?? 0) ?? 0) + 1);
  const all = Array.from({ length: count }, (_, i) => i + 1);
  const missing = all.filter((index) => !seen.has(index));
  const duplicated = [...seen].filter(([, times]) => times > 1).map(([index]) => index);
  const problems = [
    missing.length === 0 ? '' : `missing shard${missing.length === 1 ? '' : 's'} ${missing.join(', ')} of ${count}`,
    duplicated.length === 0 ? '' : `duplicated shard${duplicated.length === 1 ? '' : 's'} ${duplicated.join(', ')} of ${count}`,
  ].filter((p) => p !== '');
  if (problems.length > 0) throw new KitError(KitErrorCode.shardMissing, `cannot merge: ${problems.join('; ')}`);
  return [...sharded].sort((a, b) => (a.shard?.index ?? 0) - (b.shard?.index ?? 0));
}

// why: each shard of `run --reference` starts its own reference server on a free port, so only the fact that the
// target was the bundled server identifies it; other targets must be the same URL
function checkSameTarget(results: readonly RunResult[]): void {
  const urls = [...new Set(results.map((r) => (r.target.reference ? 'the bundled reference server' : r.target.url)))];
  if (urls.length > 1) throw new KitError(KitErrorCode.reportInvalid, `cannot merge reports from different targets (${urls.join(', ')})`);
}

function checkUniqueIds(ids: readonly string[]): void {
  const seen = new Set<string>();
  const repeated = new Set<string>();
  for (const id of ids) (seen.has(id) ? repeated : seen).add(id);
  if (repeated.size > 0) {
    const list = [...repeated].slice(0, 5).join(', ');
    throw new KitError(
      KitErrorCode.reportInvalid,
      `cannot merge: case ${list}${repeated.size > 5 ? ', …' : ''} appear${repeated.size === 1 ? 's' : ''} in more than one report`,
    );
  }
}

function pickTime(times: readonly string[], pick: 'min' | 'max'): string {
  let best: string | undefined;
  for (const time of times) {
    if (best === undefined || (pick === 'min' ? Date.parse(time) < Date.parse(best) : Date.parse(time) > Date.parse(best))) best = time;
  }
  return best ?? '';
}
