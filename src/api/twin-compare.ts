// The twin's comparison: the same requests (the catalogue's on the mirrored tables, and generated ones) sent to the
// mirror (A, CKAN's behaviour on the target's data) and the target (B), each compared pair judged as it comes, then
// the report built, redacted and written.
import { hostname as readHostname } from 'node:os';
import { pairTraffic, pairVariants, runDiff, summariseTraffic, type DiffSide } from '../diff/index.ts';
import type { HttpClient } from '../http/index.ts';
import type { Clock } from '../model/index.ts';
import { writeTwinReports } from '../reporters/index.ts';
import type { PreparedCatalogue } from '../runner/index.ts';
import type { PairResult } from '../schema/diff-report.ts';
import type { Profile } from '../schema/profile.ts';
import type { TrafficRead } from '../requests/index.ts';
import type { TwinReport } from '../schema/twin-report.ts';
import { buildTwinReport, failureKind, judgePair, verdictsPass, type TwinJudgement, type TwinTarget } from '../twin/index.ts';
import { createRedactor, maskUrlCredentials, urlSecrets } from '../util/redact.ts';
import type { RunningMirror } from './twin-mirror.ts';
import type { TwinOptions } from './twin-options.ts';
import type { ReleaseChoice } from './twin-release.ts';

const NUMERIC_TYPE = /^(int|int2|int4|int8|integer|bigint|numeric|number|float4|float8|float|double precision|real)$/i;

/** What a twin run may be given from outside. */
export interface TwinContext {
  /** Environment for `${env.NAME}` and a profile's `token.env`. Default: none. */
  env?: Readonly<Record<string, string | undefined>>;
  clock?: Clock;
  /** Host name for the report. Default os.hostname(). */
  hostname?: string;
  /** Stops starting new pairs (e.g. on SIGINT); the reports still hold what ran. */
  signal?: AbortSignal;
  /** Called after each request pair is compared (progress). */
  onPair?: (result: PairResult) => void;
  /** A line of progress while the mirror is built. */
  onProgress?: (line: string) => void;
}

/** What twinTarget gives back: the report, the files written, and whether every class the target claims passed. */
export interface TwinOutcome {
  report: TwinReport;
  reportPaths: string[];
  passed: boolean;
}

/** What the comparison needs from the run. */
export interface CompareInput {
  client: HttpClient;
  options: TwinOptions;
  context: TwinContext;
  prepared: PreparedCatalogue;
  target: TwinTarget;
  release: ReleaseChoice;
  mirror: RunningMirror;
  /** The traffic file's requests, when one was given. */
  traffic: TrafficRead | undefined;
  startedAt: number;
  loadMs: number;
  clock: Clock;
  outDir: string;
  env: Readonly<Record<string, string | undefined>>;
}

/** The profile with only the tables the mirror holds (the others' requests are not sent). */
function mirroredProfile(profile: Profile, mirror: RunningMirror): Profile {
  const held = new Set(mirror.build.reads.filter((read) => read.refused === undefined || read.sameAs !== undefined).map((read) => read.table.name));
  return { ...profile, resources: Object.fromEntries(Object.entries(profile.resources ?? {}).filter(([name]) => held.has(name))) };
}

/** Sends, judges and reports (see the file comment). */
export async function compareWithMirror(input: CompareInput): Promise<TwinOutcome> {
  const { options, context, prepared, target, release, mirror } = input;
  const profile = mirroredProfile(prepared.profile, mirror);
  const a: DiffSide = { label: 'A', url: mirror.session.url, token: mirror.session.token, profile, reference: true, ckanRelease: release.release };
  const b: DiffSide = { label: 'B', url: target.url, token: target.token, profile, reference: false, ckanRelease: release.release };
  const refusedIds = mirror.build.reads.filter((read) => read.refused !== undefined && read.sameAs === undefined).map((read) => read.table.id);
  const variants = options.catalogue ? prepared.variants : [];
  const paired = pairVariants(variants, variants, a, b);
  const catalogued = paired.pairs.filter((pair) => !refusedIds.some((id) => `${pair.b.url} ${pair.b.body ?? ''}`.includes(id)));
  const traffic = input.traffic === undefined ? undefined : await pairTraffic(input.client, input.traffic.requests, [a, b], options.run.concurrency);
  const pairs = [...catalogued, ...(traffic?.pairs ?? [])];
  const judgements = new WeakMap<PairResult, TwinJudgement>();
  const fields = mirror.build.reads.flatMap((read) => read.fields);
  const claimsCkan = release.claimsCkan;
  const judgeContext = {
    claims: target.capabilities,
    claimsCkan,
    numericFields: new Set(fields.filter((f) => NUMERIC_TYPE.test(f.type ?? '')).map((f) => f.id)),
    targetUrl: target.url,
  };
  const has = (capability: string): boolean => target.capabilities.has(capability);
  const ignore = [
    ...[...mirror.notCompared.values()].flat().map((field) => `/result/records/*/${field.replaceAll('~', '~0').replaceAll('/', '~1')}`),
    ...(mirror.build.reads.some((read) => !read.hasIds && read.refused === undefined) ? ['/result/records/*/_id'] : []),
  ];
  const outcome = await runDiff(input.client, {
    sides: [a, b],
    pairs,
    concurrency: options.run.concurrency,
    generate:
      options.generate === undefined
        ? undefined
        : { ...options.generate, input: { offset: has('offset'), sort: has('sort'), fields: has('fields'), distinct: has('distinct') } },
    ...(ignore.length === 0 ? {} : { normalise: { ignore } }),
    judge: (compared) => {
      const judgement = judgePair(compared, judgeContext);
      judgements.set(compared.result, judgement);
      return failureKind(judgement, compared, claimsCkan);
    },
    signal: context.signal,
    onPair: context.onPair,
  });
  const redact = createRedactor([target.token, mirror.session.token, ...urlSecrets(target.url)]);
  const requests = input.traffic === undefined || traffic === undefined ? {} : { requests: summariseTraffic(input.traffic, traffic) };
  const report = redact({
    ...buildTwinReport({
      target: { url: maskUrlCredentials(target.url), profile: profile.name, claimsCkan, ckanRelease: release.release, releaseFrom: release.from },
      ckanVersion: release.version,
      outcome,
      judgementOf: (result) => judgements.get(result),
      reads: mirror.build.reads,
      tables: mirror.build.tables,
      notCompared: mirror.notCompared,
      skipped: paired.skipped + (paired.pairs.length - catalogued.length),
      startedAt: input.startedAt,
      durationMs: input.clock.now() - input.startedAt,
      loadMs: input.loadMs,
      hostname: context.hostname ?? readHostname(),
      replay: options.replay,
    }),
    ...requests,
  });
  const reportPaths = await writeTwinReports(report, {
    formats: options.reportFormats,
    outDir: input.outDir,
    stepSummaryPath: input.env['GITHUB_STEP_SUMMARY'],
  });
  return { report, reportPaths, passed: verdictsPass(report.verdicts) };
}
