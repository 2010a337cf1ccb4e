// mergeReports(): the reports of a sharded run as one run, judged as a whole (`report merge`).
import type { RunResult } from '../model/index.ts';
import { mergeShardReports } from '../reporters/index.ts';
import { judgeRun } from '../runner/index.ts';

/**
 * Merges shard reports (see mergeShardReports: the shard set is checked, cases and counts joined) and judges the
 * merged run again: the run checks that wait for the whole catalogue (a core clause that decided nothing in every
 * shard) judge now, and `--min-applicable` holds the merged counts to the threshold the shards were run with.
 */
export function mergeReports(results: readonly RunResult[]): RunResult {
  return judgeRun(mergeShardReports(results), results);
}
