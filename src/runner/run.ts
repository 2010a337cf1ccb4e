// run(): sends every case variant through a bounded pool, checks variant agreement, and builds the RunResult.
import { PACKAGE_INFO } from '../util/package-info.ts';
import type { CaseResult, RunResult } from '../model/index.ts';
import { REPORT_SCHEMA_VERSION, summarize, summarizeBaselines } from '../schema/index.ts';
import type { BaselineContext } from '../baseline/index.ts';
import { checkVariantsAgree } from './agree.ts';
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
 * results (fail/error), never exceptions; the token and the URL's credentials are redacted from the whole
 * result and from what the listener sees.
 */
export async function run(options: RunOptions, collaborators: RunCollaborators): Promise<RunResult> {
  const { clock, listener } = collaborators;
  const startedAt = clock.now();
  const variants = options.variants;
  const redact = createRedactor([options.token, ...urlSecrets(options.targetUrl)]);
  listener?.onRunStart?.({ total: variants.length, targetUrl: redact(options.targetUrl) });

  const baseline = createBaselineContext(options, collaborators, redact);
  const results: (CaseResult | undefined)[] = new Array<CaseResult | undefined>(variants.length);
  const groups = groupByCase(variants);
  const remaining = new Map([...groups].map(([caseId, indexes]) => [caseId, indexes.length]));
  let stopped = false;

  const settle = (index: number, result: CaseResult): void => {
    results[index] = result;
    const caseId = variants[index]?.caseId ?? '';
    const left = (remaining.get(caseId) ?? 1) - 1;
    remaining.set(caseId, left);
    if (left === 0) finishCase(groups.get(caseId) ?? [], variants, results, redact, listener);
  };
  const notStarted = await runPool(
    variants.length,
    options.concurrency,
    async (index) => {
      const variant = variants[index];
      if (variant === undefined) return;
      const result = await runVariant(variant, options, collaborators, baseline);
      if (options.bail && (result.status === 'fail' || result.status === 'error')) stopped = true;
      settle(index, result);
    },
    () => stopped || options.signal?.aborted === true,
  );
  for (const index of notStarted) {
    const variant = variants[index];
    if (variant !== undefined) settle(index, { ...createBaseResult(variant), status: 'skipped', reason: stopped ? BAIL_REASON : INTERRUPTED_REASON });
  }
  const cases = results.filter((r): r is CaseResult => r !== undefined);
  const finishedAt = clock.now();
  const result: RunResult = {
    schemaVersion: REPORT_SCHEMA_VERSION,
    kit: options.kit ?? { name: PACKAGE_INFO.name, version: PACKAGE_INFO.version },
    target: {
      url: options.targetUrl,
      reference: options.reference,
      ...(options.profile === undefined ? {} : { profile: options.profile }),
      ...(options.ckan === undefined ? {} : { ckan: { ...(options.ckan.version === undefined ? {} : { version: options.ckan.version }), reason: options.ckan.reason } }),
    },
    ...(options.contractReason === undefined ? {} : { contract: { profile: options.contract, reason: options.contractReason } }),
    hostname: options.hostname ?? 'localhost',
    startedAt: new Date(startedAt).toISOString(),
    finishedAt: new Date(finishedAt).toISOString(),
    durationMs: Math.max(0, finishedAt - startedAt),
    ...(options.shard === undefined ? {} : { shard: { ...options.shard } }),
    ...(options.signal?.aborted === true ? { interrupted: { ran: cases.length - notStarted.length, notRun: notStarted.length } } : {}),
    ...summarize(cases),
    ...(baseline === undefined ? {} : { baseline: summarizeBaselines(cases, { dir: baseline.store.dir, update: baseline.update }) }),
    cases,
  };
  const redacted = redact(result);
  listener?.onRunEnd?.(redacted);
  return redacted;
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
function targetNames(targetUrl: string): Record<string, string> {
  if (!URL.canParse(targetUrl)) return {};
  const url = new URL(targetUrl);
  url.username = '';
  url.password = '';
  const base = url.href.replace(/\/+$/, '');
  return { [url.origin]: '${target}', [base]: '${target}' };
}

function groupByCase(variants: readonly RunVariant[]): Map<string, number[]> {
  const groups = new Map<string, number[]>();
  variants.forEach((v, i) => groups.set(v.caseId, [...(groups.get(v.caseId) ?? []), i]));
  return groups;
}

/** All variants of a case are done: check agreement, redact, and report them in catalogue order. */
function finishCase(
  indexes: readonly number[],
  variants: readonly RunVariant[],
  results: (CaseResult | undefined)[],
  redact: <T>(value: T) => T,
  listener: RunCollaborators['listener'],
): void {
  const done = indexes.map((i) => results[i]).filter((r): r is CaseResult => r !== undefined);
  const group = indexes.map((i) => variants[i]).filter((v): v is RunVariant => v !== undefined);
  const checked = group[0]?.hasVariants === true && done.length > 1 ? checkVariantsAgree(done, group) : done;
  checked.forEach((result, k) => {
    const index = indexes[k];
    if (index === undefined) return;
    const clean = redact(result);
    results[index] = clean;
    listener?.onCaseEnd?.(clean);
  });
}
