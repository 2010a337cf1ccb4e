// The run's own judgement, once its cases are in: the run checks (checks/), then the verdict per conformance
// class. The runner judges as the cases arrive; a merged report of shards is judged again over all its cases.
import type { CaseResult, RunCheckOutcome, RunResult, Verdict } from '../model/index.ts';
import { judgeVerdicts, REPORT_SCHEMA_VERSION, type JudgedRun } from '../schema/index.ts';
import { RUN_CHECKS, type RunCheckContext } from './checks/index.ts';

/** Takes each case once, in report order, then judges the run. */
export interface RunJudge {
  add(result: CaseResult): void;
  judge(run: Omit<JudgedRun, 'checks'> & Pick<RunResult, 'summary'>): { checks: RunCheckOutcome[]; verdicts: Verdict[] };
}

/** A judge for a run under `context`, holding only what each run check tallies. */
export function createRunJudge(context: RunCheckContext): RunJudge {
  const tallies = RUN_CHECKS.filter((check) => check.appliesTo(context)).map((check) => check.start(context));
  return {
    add(result) {
      for (const tally of tallies) tally.add(result);
    },
    judge(run) {
      const checks = tallies.flatMap((tally) => tally.judge(run) ?? []);
      return { checks, verdicts: judgeVerdicts({ ...run, checks }) };
    },
  };
}

/**
 * A whole run's report (the merge of its shards) judged again over its cases: the run checks that waited for the
 * whole run judge now, `--min-applicable` at the threshold `heldTo` (the shards) were held to.
 */
export function judgeRun(result: RunResult, heldTo: readonly RunResult[] = [result]): RunResult {
  const minPct = heldTo.flatMap((r) => r.checks ?? []).find((c) => c.minPct !== undefined)?.minPct;
  const judge = createRunJudge({ sharded: false, minApplicablePct: minPct });
  for (const one of result.cases) judge.add(one);
  const { checks, verdicts } = judge.judge(result);
  const { schemaVersion: _version, verdicts: _verdicts, checks: _checks, ...rest } = result;
  return { schemaVersion: REPORT_SCHEMA_VERSION, verdicts, checks, ...rest };
}
