// run(): sends every case variant through a bounded pool, applies the case checks, judges the run (run checks,
// verdicts) and builds the RunResult.
import { PACKAGE_INFO } from '../util/package-info.ts';
import type { CaseResult, RunResult } from '../model/index.ts';
import { createCountsTally, isFailingStatus, REPORT_SCHEMA_VERSION, summarizeBaselines } from '../schema/index.ts';
import type { BaselineContext } from '../baseline/index.ts';
import { targetNames } from '../compare/index.ts';
import { CASE_CHECKS } from './checks/index.ts';
import { createRunJudge, type RunJudge } from './judge-run.ts';
import { runPool } from './pool.ts';
import { createRedactor, urlSecrets } from '../util/redact.ts';
import { createBaseResult, runVariant } from './run-case.ts';
import type { RunCollaborators, RunOptions, RunVariant } from './types.ts';

/** Why a variant was not sent after `bail` stopped the run. */
export const BAIL_REASON = 'not run: --bail stopped the run after the first failure';
/** Why a variant was not sent after the run was interrupted (options.signal). */
export const INTERRUPTED_REASON = 'not run: the run was interrupted';

/**
 * Runs the variants against `options.targetUrl` and returns the result model. Target problems become case
 * results (fail/error), never exceptions. Each case is redacted once, when it leaves the runner (the token and
 * the URL's credentials masked): the listener sees it as it finishes, `collaborators.onResult` in report order.
 * With `options.keepCases` false the result's `cases` stay empty and memory stays flat in the number of cases.
 */
export async function run(options: RunOptions, collaborators: RunCollaborators): Promise<RunResult> {
  const { clock, listener } = collaborators;
  const startedAt = clock.now();
  const variants: readonly (RunVariant | undefined)[] = options.variants;
  // why the cast: with releaseVariants the caller has handed the array over, for run() to empty as cases finish
  const handedOver = options.releaseVariants === true ? (options.variants as (RunVariant | undefined)[]) : undefined;
  const redact = createRedactor([options.token, ...urlSecrets(options.targetUrl)]);
  listener?.onRunStart?.({ total: variants.length, targetUrl: redact(options.targetUrl) });

  const baseline = createBaselineContext(options, collaborators, redact);
  const judge = createRunJudge({ sharded: options.shard !== undefined, minApplicablePct: options.minApplicablePct });
  const output = createOrderedOutput(variants.length, { keep: options.keepCases !== false, judge, onResult: collaborators.onResult });
  const baselines = baseline === undefined ? undefined : summarizeBaselines([], { dir: baseline.store.dir, update: baseline.update });
  const pending: (CaseResult | undefined)[] = new Array<CaseResult | undefined>(variants.length);
  const groups = groupByCase(options.variants);
  const remaining = new Map([...groups].map(([caseId, indexes]) => [caseId, indexes.length]));
  let stopped = false;

  const settle = (index: number, result: CaseResult): void => {
    pending[index] = result;
    const caseId = variants[index]?.caseId ?? '';
    const left = (remaining.get(caseId) ?? 1) - 1;
    remaining.set(caseId, left);
    if (left > 0) return;
    const indexes = groups.get(caseId) ?? [];
    const finished = finishCase(indexes, variants, pending, redact);
    if (handedOver !== undefined) for (const i of indexes) handedOver[i] = undefined;
    finished.forEach((clean, k) => {
      listener?.onCaseEnd?.(clean);
      if (baselines !== undefined && clean.baseline !== undefined) baselines[clean.baseline.outcome] += 1;
      output.put(indexes[k] ?? 0, clean);
    });
  };
  const notStarted = await runPool(
    variants.length,
    options.concurrency,
    async (index) => {
      const variant = variants[index];
      if (variant === undefined) return;
      const result = await runVariant(variant, options, collaborators, baseline);
      if (options.bail && isFailingStatus(result.status)) stopped = true;
      settle(index, result);
    },
    () => stopped || options.signal?.aborted === true,
  );
  for (const index of notStarted) {
    const variant = variants[index];
    if (variant !== undefined) settle(index, { ...createBaseResult(variant), status: 'skipped', reason: stopped ? BAIL_REASON : INTERRUPTED_REASON });
  }
  const finishedAt = clock.now();
  const target: RunResult['target'] = {
    url: options.targetUrl,
    reference: options.reference,
    ...(options.profile === undefined ? {} : { profile: options.profile }),
    ...(options.ckan === undefined ? {} : { ckan: describeCkan(options.ckan) }),
  };
  const counts = output.counts();
  const interrupted = options.signal?.aborted === true ? { interrupted: { ran: output.count() - notStarted.length, notRun: notStarted.length } } : {};
  const head: RunResult = redact({
    schemaVersion: REPORT_SCHEMA_VERSION,
    // why first: what the run means leads the report
    ...judge.judge({ ...counts, target, ...interrupted }),
    kit: options.kit ?? { name: PACKAGE_INFO.name, version: PACKAGE_INFO.version },
    target,
    ...(options.contractReason === undefined ? {} : { contract: { profile: options.contract, reason: options.contractReason } }),
    hostname: options.hostname ?? 'localhost',
    startedAt: new Date(startedAt).toISOString(),
    finishedAt: new Date(finishedAt).toISOString(),
    durationMs: Math.max(0, finishedAt - startedAt),
    ...(options.shard === undefined ? {} : { shard: { ...options.shard } }),
    ...interrupted,
    ...counts,
    ...(baselines === undefined ? {} : { baseline: baselines }),
    cases: [],
  });
  // why: the cases are redacted already; only the run's own fields went through the redactor here
  const result: RunResult = { ...head, cases: output.kept() };
  listener?.onRunEnd?.(result);
  return result;
}

/** The CKAN version the run assumed, as the report states it. */
function describeCkan(ckan: NonNullable<RunOptions['ckan']>): NonNullable<RunResult['target']['ckan']> {
  return {
    ...(ckan.version === undefined ? {} : { version: ckan.version }),
    ...(ckan.release === undefined ? {} : { release: ckan.release }),
    reason: ckan.reason,
  };
}

/**
 * The finished cases in catalogue order: a case is held only until those before it are done (a window about
 * the pool's size), counted, judged by the run checks, handed on, and kept only when asked.
 */
function createOrderedOutput(total: number, sinks: { keep: boolean; judge: RunJudge; onResult: ((result: CaseResult) => void) | undefined }) {
  const { keep, judge, onResult } = sinks;
  const waiting = new Map<number, CaseResult>();
  const tally = createCountsTally();
  const kept: CaseResult[] = [];
  let next = 0;
  return {
    put(index: number, result: CaseResult): void {
      waiting.set(index, result);
      for (let ready = waiting.get(next); ready !== undefined && next < total; ready = waiting.get(next)) {
        waiting.delete(next);
        next += 1;
        tally.add(ready);
        judge.add(ready);
        onResult?.(ready);
        if (keep) kept.push(ready);
      }
    },
    count: (): number => next,
    counts: () => tally.counts(),
    kept: (): CaseResult[] => kept,
  };
}

function createBaselineContext(options: RunOptions, collaborators: RunCollaborators, redact: <T>(value: T) => T): BaselineContext | undefined {
  const store = collaborators.baseline;
  if (options.baseline === undefined || store === undefined) return undefined;
  const rules = options.baseline.rules;
  // why: answers name the target (site_url, JSONP help URLs); as ${target} they hold for any host and port
  const names = { ...targetNames(options.targetUrl), ...rules?.names };
  return { store, update: options.baseline.update, profileRules: { ...rules, names }, redact };
}

/** The target's base URL (without credentials or a final `/`) and its origin, each standing for `${target}`. */
function groupByCase(variants: readonly RunVariant[]): Map<string, number[]> {
  const groups = new Map<string, number[]>();
  for (const [i, v] of variants.entries()) groups.set(v.caseId, [...(groups.get(v.caseId) ?? []), i]);
  return groups;
}

/** All variants of a case are done: apply the case checks (agreement) and redact them (in catalogue order); their slots are freed. */
function finishCase(
  indexes: readonly number[],
  variants: readonly (RunVariant | undefined)[],
  pending: (CaseResult | undefined)[],
  redact: <T>(value: T) => T,
): CaseResult[] {
  const done = indexes.map((i) => pending[i]).filter((r): r is CaseResult => r !== undefined);
  const group = indexes.map((i) => variants[i]).filter((v): v is RunVariant => v !== undefined);
  for (const i of indexes) pending[i] = undefined;
  let checked = done;
  for (const check of CASE_CHECKS) if (check.when === 'all-variants' && check.appliesTo(group, checked)) checked = check.check({}, checked, group);
  return checked.map((result) => redact(result));
}
