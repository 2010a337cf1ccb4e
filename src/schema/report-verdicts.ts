// What a run means per conformance class: first the API description (what api.md promises), then CKAN
// compatibility by release. Judged from the counts per case class, so a streamed run and a saved report agree.
import { addCounts, countApplied, createCounts, hasFailures } from './report-counts.ts';
import type { RunCheckOutcome, RunResult, Verdict } from './report.ts';

/** The conformance class of a case class: CKAN compatibility for `ckan.extended` (and any `ckan.*`), else the API description. */
export function conformanceOf(caseClass: string): 'api' | 'ckan' {
  return caseClass === 'ckan' || caseClass.startsWith('ckan.') ? 'ckan' : 'api';
}

/** The run's head as the verdicts read it. */
export type JudgedRun = Pick<RunResult, 'byClass' | 'target' | 'interrupted' | 'checks'>;

/**
 * The verdicts, the API description first. A class fails when one of its variants failed or errored; it is
 * inconclusive when a run check says so (a core clause that decided nothing) or the run was interrupted; it is not
 * tested when none of its variants applied; else it passes. Known deviations of the target's release, flaky,
 * skipped and not applicable variants never fail a class.
 */
export function judgeVerdicts(run: JudgedRun): Verdict[] {
  const api = createCounts();
  const ckan = createCounts();
  for (const [name, counts] of Object.entries(run.byClass)) addCounts(conformanceOf(name) === 'api' ? api : ckan, counts);
  const version = run.target.ckan?.version;
  return [
    judgeOne({ class: 'api', title: 'API description', counts: api }, run, 'no case of the API description'),
    judgeOne(
      {
        class: version === undefined ? 'ckan' : `ckan:${version}`,
        title: version === undefined ? 'CKAN compatibility' : `CKAN ${version} compatibility`,
        counts: ckan,
      },
      run,
      'no CKAN case',
      version === undefined ? unnamedRelease(run) : undefined,
    ),
  ];
}

function judgeOne(verdict: Pick<Verdict, 'class' | 'title' | 'counts'>, run: JudgedRun, none: string, untested?: string): Verdict {
  const { counts } = verdict;
  const judged = (outcome: Verdict['outcome'], reason?: string): Verdict => ({
    class: verdict.class,
    title: verdict.title,
    outcome,
    counts,
    ...(reason === undefined ? {} : { reason }),
  });
  if (counts.fail + counts.error > 0) return judged('fail');
  const open = (run.checks ?? []).find((c: RunCheckOutcome) => c.outcome === 'fail' && c.verdict === verdict.class);
  if (open !== undefined) return judged('inconclusive', open.message);
  if (run.interrupted !== undefined) return judged('inconclusive', `the run was interrupted: ${run.interrupted.notRun} variants did not run`);
  if (countApplied(counts) === 0) return judged('not-tested', untested ?? (counts.total === 0 ? `${none} was selected` : `${none} applied to this target`));
  return judged('pass', untested);
}

/** Why CKAN compatibility names no release: the run's own reason (a profile that names none, a release it could not tell). */
function unnamedRelease(run: JudgedRun): string {
  return run.target.ckan?.reason ?? 'the run names no CKAN release';
}

/**
 * Whether the run fails (exit 1): a case failed or errored (isFailingStatus), or a run check failed (a core clause
 * that decided nothing, fewer variants applied than --min-applicable). The one rule every report and exit code read.
 */
export function isFailedRun(run: Pick<RunResult, 'summary' | 'checks'>): boolean {
  return hasFailures(run.summary) || failedRunChecks(run).length > 0;
}

/** The run checks that failed, in the report's order. */
export function failedRunChecks(run: Pick<RunResult, 'checks'>): RunCheckOutcome[] {
  return (run.checks ?? []).filter((check) => check.outcome === 'fail');
}
