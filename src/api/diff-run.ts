// Both targets of a two-target run opened and compared: each side's catalogue prepared under its profile, the
// traffic file read, a session per target (the reference server started for a reference side), both pre-flighted;
// then every pair sent and the report built (redacted, not written). `diff` and `upgrade-check` write their own.
import { hostname as readHostname } from 'node:os';
import path from 'node:path';
import { pairTraffic, pairVariants, runDiff, summariseTraffic, type DiffRunOutcome, type DiffSide, type PairAnswers } from '../diff/index.ts';
import { KitError, KitErrorCode } from '../errors.ts';
import { checkReachable, type HttpClient } from '../http/index.ts';
import type { Clock } from '../model/index.ts';
import { readTrafficFile, type TrafficRead } from '../requests/index.ts';
import { prepareCatalogue, type PreparedCatalogue } from '../runner/index.ts';
import type { CaseVariant } from '../catalogue/index.ts';
import { TRAFFIC_PREFIX, type DiffReport, type PairResult } from '../schema/diff-report.ts';
import { isCkanVersion, LATEST_CKAN_RELEASES, type CkanVersion } from '../schema/ckan-version.ts';
import { createRedactor, urlSecrets } from '../util/redact.ts';
import type { DiffOptions } from './diff-options.ts';
import { buildDiffReport } from './diff-report.ts';
import { KIT_PROFILE_NAMES } from './profile-vocabulary.ts';
import { checkProfileResources } from './run-preflight.ts';
import type { ResolvedRunOptions } from './run-options.ts';
import { prepareForVersion } from './run-version.ts';
import { openSession, type Session, type SessionTarget } from './session.ts';
import { shareReferenceEngine } from './shared-engine.ts';

/** What a diff run may be given from outside. */
export interface DiffContext {
  /** Environment for `${env.NAME}` and a profile's `token.env`. Default: none. */
  env?: Readonly<Record<string, string | undefined>>;
  clock?: Clock;
  /** Host name for the report. Default os.hostname(). */
  hostname?: string;
  /** Stops starting new pairs (e.g. on SIGINT); the reports still hold what ran. */
  signal?: AbortSignal;
  /** Called after each request pair is compared (progress). */
  onPair?: (result: PairResult) => void;
  /** Called with both answers of each pair that did not agree (see runDiff). */
  onAnswers?: (result: PairResult, answers: PairAnswers) => void;
  /**
   * The CKAN release each side runs, where the caller knows better than the profile (upgrade-check's --from and
   * --to): the order rules of the comparison follow them (a release that applies DISTINCT after LIMIT).
   */
  releases?: readonly [string | undefined, string | undefined];
}

/** Both targets, open: their sides as compared, the client that reaches both, and where the reports go. */
export interface DiffRun {
  readonly sides: readonly [DiffSide, DiffSide];
  readonly client: HttpClient;
  /** The report folder (absolute), readied when the run opened. */
  readonly outDir: string;
  /** How often the traffic file holds the request of a pair (1 for a catalogue or generated pair). */
  occurrences(pairId: string): number;
  /** Sends every pair (catalogue, traffic, generated) and builds the report, tokens redacted. */
  compare(context?: DiffContext): Promise<{ report: DiffReport; outcome: DiffRunOutcome }>;
  close(): Promise<void>;
}

interface PreparedSide {
  prepared: PreparedCatalogue;
  target: SessionTarget;
}

async function prepareSide(options: ResolvedRunOptions, catalogue: boolean, env: Readonly<Record<string, string | undefined>>): Promise<PreparedSide> {
  const reference = options.target.kind === 'reference';
  // without the catalogue only the profile is used: an empty selection is fine
  const selection = catalogue ? options : { ...options, allowEmpty: true };
  const prepare = (ckanVersion: CkanVersion | undefined): Promise<PreparedCatalogue> =>
    prepareCatalogue(
      { ...selection, ckanVersion, tokenGiven: reference || options.token !== undefined, checkProfileNames: true, knownProfileNames: KIT_PROFILE_NAMES },
      env,
    );
  const { prepared, serverVersion } = await prepareForVersion(options, prepare);
  const profileToken = prepared.profile.token === undefined ? undefined : env[prepared.profile.token.env];
  const target: SessionTarget =
    options.target.kind === 'reference'
      ? { kind: 'reference', fixturesDir: options.target.fixturesDir, ckanVersion: serverVersion, ckanRelease: options.ckanRelease }
      : { kind: 'url', url: options.target.url, token: options.token ?? (profileToken || undefined) };
  return { prepared: catalogue ? prepared : { ...prepared, variants: [] }, target };
}

function toDiffSide(side: PreparedSide, label: 'A' | 'B', session: Session): DiffSide {
  const { profile } = side.prepared;
  // why: a URL target's release is the newest of the minor its profile names, as known deviations take it
  const ckanRelease = session.ckanRelease ?? (isCkanVersion(profile.ckan) ? LATEST_CKAN_RELEASES[profile.ckan] : undefined);
  return { label, url: session.url, token: session.token, profile, reference: session.reference, ckanRelease };
}

/**
 * The variants to pair: each side's own, or (`pairCatalogue: 'either'`, the upgrade check) every variant either
 * side can run, the same request for both, so that a case of one release's range still shows what the other answers.
 */
function catalogueVariants(options: DiffOptions, a: PreparedSide, b: PreparedSide): [readonly CaseVariant[], readonly CaseVariant[]] {
  if (options.pairCatalogue !== 'either') return [a.prepared.variants, b.prepared.variants];
  const runnable = (v: CaseVariant): boolean => v.notApplicable === undefined && v.skip === undefined;
  const union = [...a.prepared.variants.filter(runnable)];
  const ids = new Set(union.map((v) => v.id));
  for (const variant of b.prepared.variants) if (runnable(variant) && !ids.has(variant.id)) union.push(variant);
  return [union, union];
}

/**
 * Opens both targets: reads the traffic file, prepares both sides, readies the report folder for `reportFiles`
 * (earlier ones renamed `*.previous`), opens a session per target and pre-flights both. Throws InputError/KitError
 * (exit 2) for bad input, KitError (exit 3) when a target is unreachable or the reference server cannot start;
 * nothing is left running when it throws.
 */
export async function openDiffRun(options: DiffOptions, env: Readonly<Record<string, string | undefined>>, reportFiles: readonly string[]): Promise<DiffRun> {
  const [optionsA, optionsB] = options.sides;
  // why: a bad traffic file is the user's input: refused before any server starts
  const traffic =
    options.requests === undefined ? undefined : await readTrafficFile(options.requests.file, { cwd: optionsA.cwd, sample: options.requests.sample });
  const prepared = [await prepareSide(optionsA, options.catalogue, env), await prepareSide(optionsB, options.catalogue, env)] as const;
  const outDir = path.resolve(optionsA.cwd, optionsA.outDir);
  const http = {
    timeoutMs: optionsA.timeoutMs,
    retries: optionsA.retries,
    // why: each pair has a request in flight on each target
    concurrency: optionsA.concurrency * 2,
    ...(optionsA.rateRps === undefined ? {} : { rateRps: optionsA.rateRps }),
  };
  const shared = await shareReferenceEngine([optionsA.cwd, optionsB.cwd], [prepared[0].target, prepared[1].target]);
  let sessionA: Session | undefined;
  let sessionB: Session | undefined;
  try {
    sessionA = await openSession({ cwd: optionsA.cwd, target: shared.targets[0], http, otherReports: { outDir, files: reportFiles } });
    sessionB = await openSession({ cwd: optionsB.cwd, target: shared.targets[1] });
    const client = sessionA.client;
    if (client === undefined) throw new Error('session A was opened without a client');
    const sides = [toDiffSide(prepared[0], 'A', sessionA), toDiffSide(prepared[1], 'B', sessionB)] as const;
    for (const side of sides) await checkReachable(client, side.url);
    for (const side of sides) await checkProfileResources(client, { baseUrl: side.url, token: side.token }, side.profile);
    const opened = { options, prepared, traffic, sides, client };
    const closing = [sessionB, sessionA] as const;
    const counts = new Map((traffic?.requests ?? []).map((request) => [`${TRAFFIC_PREFIX}${request.source}`, request.occurrences]));
    return {
      sides,
      client,
      outDir,
      occurrences: (pairId) => counts.get(pairId) ?? 1,
      compare: (context = {}) => compareSides(opened, context),
      close: () => closeAll([...closing, shared]),
    };
  } catch (error) {
    // why: the failure that stopped the opening is the one to report, not a later one closing what was opened
    await closeAll([sessionB, sessionA, shared]).catch(() => {});
    throw error;
  }
}

/** Closes each in turn (the sessions before the engine their servers share), every one even when one fails. */
async function closeAll(closables: readonly ({ close(): Promise<void> } | undefined)[]): Promise<void> {
  const failures: unknown[] = [];
  for (const closable of closables) await closable?.close().catch((error: unknown) => failures.push(error));
  if (failures.length > 0) throw failures[0];
}

interface OpenedSides {
  options: DiffOptions;
  prepared: readonly [PreparedSide, PreparedSide];
  traffic: TrafficRead | undefined;
  sides: readonly [DiffSide, DiffSide];
  client: HttpClient;
}

async function compareSides(opened: OpenedSides, context: DiffContext): Promise<{ report: DiffReport; outcome: DiffRunOutcome }> {
  const { options, prepared, traffic, client } = opened;
  const [optionsA] = options.sides;
  const released = (side: DiffSide, index: 0 | 1): DiffSide => ({ ...side, ckanRelease: context.releases?.[index] ?? side.ckanRelease });
  const sides = [released(opened.sides[0], 0), released(opened.sides[1], 1)] as const;
  const clock = context.clock ?? { now: () => Date.now() };
  const startedAt = clock.now();
  const [variantsA, variantsB] = catalogueVariants(options, prepared[0], prepared[1]);
  const { pairs, skipped } = pairVariants(variantsA, variantsB, sides[0], sides[1]);
  if (options.catalogue && pairs.length === 0 && options.generate === undefined && traffic === undefined && !optionsA.allowEmpty) {
    // why: two targets that were sent nothing would "agree"; a run that compares nothing must not pass
    const selected = new Set([...prepared[0].prepared.variants, ...prepared[1].prepared.variants].map((v) => v.id)).size;
    const where = options.pairCatalogue === 'either' ? 'on either side' : "on both targets (check each target's --profile)";
    throw new KitError(
      KitErrorCode.catalogueEmpty,
      `none of the ${selected} selected case variants runs ${where}; pass --allow-empty to accept a comparison of nothing`,
    );
  }
  const trafficPairs = traffic === undefined ? undefined : await pairTraffic(client, traffic.requests, sides, optionsA.concurrency);
  const outcome = await runDiff(client, {
    sides,
    pairs: [...pairs, ...(trafficPairs?.pairs ?? [])],
    concurrency: optionsA.concurrency,
    generate: options.generate,
    signal: context.signal,
    onPair: context.onPair,
    onAnswers: context.onAnswers,
  });
  const redact = createRedactor(sides.flatMap((s) => [s.token, ...urlSecrets(s.url)]));
  const report = buildDiffReport({
    sides,
    outcome,
    skipped,
    startedAt,
    durationMs: clock.now() - startedAt,
    hostname: context.hostname ?? readHostname(),
    replay: options.replay,
    requests: traffic === undefined || trafficPairs === undefined ? undefined : summariseTraffic(traffic, trafficPairs),
  });
  return { report: redact(report), outcome };
}
