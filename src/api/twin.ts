// `twin` as a use case: the target's own tables mirrored into the reference server (answering as the release the
// target names), then the catalogue's cases and generated requests sent to both, each difference judged a failure
// of the API description or a difference from CKAN, and the twin reports written.
import { mkdtemp, rm } from 'node:fs/promises';
import { hostname as readHostname, tmpdir } from 'node:os';
import path from 'node:path';
import { pairVariants, runDiff, type DiffSide } from '../diff/index.ts';
import { checkReachable, type HttpClient } from '../http/index.ts';
import type { Clock } from '../model/index.ts';
import { TWIN_REPORTERS, writeTwinReports } from '../reporters/index.ts';
import { prepareCatalogue, type PreparedCatalogue } from '../runner/index.ts';
import type { CkanVersion } from '../schema/ckan-version.ts';
import type { PairResult } from '../schema/diff-report.ts';
import type { Profile } from '../schema/profile.ts';
import type { TwinReport } from '../schema/twin-report.ts';
import { buildTwinReport, failureKind, judgePair, readCkanVersion, verdictsPass, type TwinJudgement, type TwinTarget } from '../twin/index.ts';
import { makeDir } from '../util/make-dir.ts';
import { createRedactor, maskUrlCredentials, urlSecrets } from '../util/redact.ts';
import { KIT_PROFILE_NAMES } from './profile-vocabulary.ts';
import { openSession } from './session.ts';
import { openMirror, type RunningMirror } from './twin-mirror.ts';
import type { TwinOptions } from './twin-options.ts';
import { chooseRelease, type ReleaseChoice } from './twin-release.ts';

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

/** What CKAN's datastore_search does beyond the API description: claimed with CKAN. */
const CKAN_SEARCH_CAPABILITIES = ['offset', 'sort', 'fields', 'distinct', 'total'];

const NUMERIC_TYPE = /^(int|int2|int4|int8|integer|bigint|numeric|number|float4|float8|float|double precision|real)$/i;

function prepare(options: TwinOptions, env: Readonly<Record<string, string | undefined>>, ckanVersion: CkanVersion | undefined): Promise<PreparedCatalogue> {
  const { run } = options;
  const selection = options.catalogue ? run : { ...run, allowEmpty: true };
  return prepareCatalogue(
    { ...selection, ckanVersion, tokenGiven: run.token !== undefined, checkProfileNames: true, knownProfileNames: KIT_PROFILE_NAMES },
    env,
  );
}

/**
 * Mirrors the target, sends the same requests to it and its twin, judges and writes the twin reports. Throws
 * KitError (exit 2) for bad options or profile, and (exit 3) when the target is unreachable, a table's mirror
 * cannot be trusted, the reference server cannot start or the report folder cannot be written.
 */
export async function twinTarget(options: TwinOptions, context: TwinContext = {}): Promise<TwinOutcome> {
  const env = context.env ?? {};
  const clock = context.clock ?? { now: () => Date.now() };
  const { run } = options;
  const flagVersion = run.ckanVersion === 'auto' ? undefined : run.ckanVersion;
  let prepared = await prepare(options, env, flagVersion);
  const profileToken = prepared.profile.token === undefined ? undefined : env[prepared.profile.token.env];
  const token = run.token ?? (profileToken?.trim() || undefined);
  const outDir = path.resolve(run.cwd, run.outDir);
  const http = {
    timeoutMs: run.timeoutMs,
    retries: run.retries,
    concurrency: run.concurrency * 2,
    ...(run.rateRps === undefined ? {} : { rateRps: run.rateRps }),
  };
  const otherReports = { outDir, files: Object.values(TWIN_REPORTERS).map((r) => r.fileName) };
  const session = await openSession({ cwd: run.cwd, target: { kind: 'url', url: run.target.url, token }, http, otherReports });
  try {
    const client = session.client;
    if (client === undefined) throw new Error('the target session was opened without a client');
    await checkReachable(client, run.target.url);
    const status = await readCkanVersion(client, { url: run.target.url, token, capabilities: new Set() });
    const release = chooseRelease({ flag: flagVersion, status, profile: prepared.profile });
    // why: a target that claims CKAN claims CKAN's paging, sort, fields, distinct and total as well
    const claims = [...prepared.profile.capabilities, ...(release.claimsCkan ? CKAN_SEARCH_CAPABILITIES : [])];
    const target: TwinTarget = { url: run.target.url, token, capabilities: new Set(claims) };
    if (release.note !== undefined) context.onProgress?.(release.note);
    if (release.version !== (flagVersion ?? prepared.profile.ckan)) prepared = await prepare(options, env, release.version);
    const dir = options.mirrorDir === undefined ? await mkdtemp(path.join(tmpdir(), 'dsk-twin-')) : path.resolve(run.cwd, options.mirrorDir);
    if (options.mirrorDir !== undefined) await makeDir(dir);
    try {
      const startedAt = clock.now();
      const mirror = await openMirror(client, target, {
        cwd: run.cwd,
        dir,
        tables: Object.entries(prepared.profile.resources ?? {}).map(([name, id]) => ({ name, id })),
        pageSize: options.pageSize,
        maxRows: options.maxRows,
        aliasCandidates: Object.entries(prepared.profile.values ?? {}).flatMap(([name, value]) =>
          /Alias$/.test(name) && typeof value === 'string' ? [value] : [],
        ),
        ckanVersion: release.version,
        ckanRelease: release.release,
        ...(context.onProgress === undefined ? {} : { onProgress: context.onProgress }),
      });
      try {
        return await compareWithMirror({
          client,
          options,
          context,
          prepared,
          target,
          release,
          mirror,
          startedAt,
          loadMs: clock.now() - startedAt,
          clock,
          outDir,
          env,
        });
      } finally {
        await mirror.session.close();
      }
    } finally {
      if (options.mirrorDir === undefined) await rm(dir, { recursive: true, force: true });
    }
  } finally {
    await session.close();
  }
}

interface CompareInput {
  client: HttpClient;
  options: TwinOptions;
  context: TwinContext;
  prepared: PreparedCatalogue;
  target: TwinTarget;
  release: ReleaseChoice;
  mirror: RunningMirror;
  startedAt: number;
  loadMs: number;
  clock: Clock;
  outDir: string;
  env: Readonly<Record<string, string | undefined>>;
}

/** The profile with only the tables the mirror holds (the others' requests are not sent). */
function mirroredProfile(profile: Profile, mirror: RunningMirror): Profile {
  const held = new Set(
    mirror.build.reads.filter((read) => read.refused === undefined || read.refused.startsWith('the same table')).map((read) => read.table.name),
  );
  return { ...profile, resources: Object.fromEntries(Object.entries(profile.resources ?? {}).filter(([name]) => held.has(name))) };
}

async function compareWithMirror(input: CompareInput): Promise<TwinOutcome> {
  const { options, context, prepared, target, release, mirror } = input;
  const profile = mirroredProfile(prepared.profile, mirror);
  const a: DiffSide = { label: 'A', url: mirror.session.url, token: mirror.session.token, profile, reference: true, ckanRelease: release.release };
  const b: DiffSide = { label: 'B', url: target.url, token: target.token, profile, reference: false, ckanRelease: release.release };
  const refusedIds = mirror.build.reads.filter((read) => read.refused !== undefined && !read.refused.startsWith('the same table')).map((read) => read.table.id);
  const variants = options.catalogue ? prepared.variants : [];
  const paired = pairVariants(variants, variants, a, b);
  const pairs = paired.pairs.filter((pair) => !refusedIds.some((id) => `${pair.b.url} ${pair.b.body ?? ''}`.includes(id)));
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
  const report = redact(
    buildTwinReport({
      target: { url: maskUrlCredentials(target.url), profile: profile.name, claimsCkan, ckanRelease: release.release, releaseFrom: release.from },
      ckanVersion: release.version,
      outcome,
      judgementOf: (result) => judgements.get(result),
      reads: mirror.build.reads,
      tables: mirror.build.tables,
      notCompared: mirror.notCompared,
      skipped: paired.skipped + (paired.pairs.length - pairs.length),
      startedAt: input.startedAt,
      durationMs: input.clock.now() - input.startedAt,
      loadMs: input.loadMs,
      hostname: context.hostname ?? readHostname(),
      replay: options.replay,
    }),
  );
  const reportPaths = await writeTwinReports(report, {
    formats: options.reportFormats,
    outDir: input.outDir,
    stepSummaryPath: input.env['GITHUB_STEP_SUMMARY'],
  });
  return { report, reportPaths, passed: verdictsPass(report.verdicts) };
}
