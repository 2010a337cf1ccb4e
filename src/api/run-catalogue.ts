// runCatalogue(): the whole `run` command as a function: prepare the catalogue, open a session (report folder,
// reference server, client), pre-flight, run with the cases going to the reports, close the session.
import { KIT_PROFILE_NAMES } from './profile-vocabulary.ts';
import { hostname as readHostname } from 'node:os';
import path from 'node:path';
import type { BaselineStore, Clock, RunListener, RunResult } from '../model/index.ts';
import {
  checkSomethingApplies,
  detectCkanVersion,
  prepareCatalogue,
  resolvePlan,
  withStatusRelease,
  run,
  type PreparedCatalogue,
  type RunVariant,
} from '../runner/index.ts';
import type { CkanVersion } from '../schema/index.ts';
import { KitError, KitErrorCode } from '../errors.ts';
import { checkReachable } from '../http/index.ts';
import { baselineRules, openBaseline, trackReads, withUncheckedBaselines } from './run-baseline.ts';
import { checkProfileResources } from './run-preflight.ts';
import type { ResolvedRunOptions } from './run-options.ts';
import { prepareForVersion, type VersionedCatalogue } from './run-version.ts';
import { openSession, type Session } from './session.ts';

/** What a run may be given from outside: the environment for `${env.X}` and tokens, a clock, a listener. */
export interface RunCatalogueContext {
  /** Environment for `${env.NAME}` and a profile's `token.env`. Default: none (library code reads no env). */
  env?: Readonly<Record<string, string | undefined>>;
  /** Default: the wall clock. */
  clock?: Clock;
  listener?: RunListener;
  /** Host name for the report. Default: os.hostname(). */
  hostname?: string;
  /** Stops starting new cases (e.g. on SIGINT); the reports are still written for what ran. */
  signal?: AbortSignal;
  /**
   * Keep every case in the outcome's result. Default true; false keeps memory flat in the number of cases (the
   * cases go to the reports as they finish; the result then holds the counts only, `cases` empty).
   */
  keepCases?: boolean;
  /**
   * Whether the run is on CI (the CLI reads `CI`). A `--baseline` run there stops (E_USAGE, exit 2) when the
   * profile names a token variable that is unset: its private variants would go unchecked without a word.
   */
  ci?: boolean;
}

/** What runCatalogue gives back: the run's result and the report files it wrote. */
export interface RunCatalogueOutcome {
  result: RunResult;
  /** Report files written. */
  reportPaths: string[];
}

const wallClock: Clock = { now: () => Date.now() };

type Prepare = (ckanVersion: CkanVersion | undefined, ckanRelease?: string) => Promise<PreparedCatalogue>;

/**
 * Runs the selected catalogue against the target and writes the reports. Throws InputError/KitError (exit 2)
 * for a bad catalogue, profile or selection, KitError E_UNREACHABLE / E_SERVER_START / E_ENV (exit 3) when the
 * target cannot be reached, the reference server cannot start or the report folder cannot be written (checked
 * before any request; an earlier run's reports there are renamed `*.previous` first). Case failures are in the
 * result, never thrown.
 */
export async function runCatalogue(options: ResolvedRunOptions, context: RunCatalogueContext = {}): Promise<RunCatalogueOutcome> {
  const env = context.env ?? {};
  const reference = options.target.kind === 'reference';
  const prepare: Prepare = (ckanVersion, ckanRelease) =>
    prepareCatalogue(
      {
        ...options,
        ckanVersion,
        ckanRelease,
        tokenGiven: reference || options.token !== undefined,
        checkProfileNames: true,
        knownProfileNames: KIT_PROFILE_NAMES,
      },
      env,
    );
  const planned = await prepareForVersion(options, prepare);
  const profile = planned.prepared.profile;
  const profileToken = profile.token === undefined ? undefined : env[profile.token.env];
  const tokenEnv = !reference && options.token === undefined && !profileToken ? profile.token?.env : undefined;
  if (context.ci === true && options.baselineDir !== undefined && tokenEnv !== undefined) {
    throw new KitError(
      KitErrorCode.usage,
      `profile "${profile.name}" reads its token from ${tokenEnv}, which is not set: on CI a --baseline run would leave the baseline files of its private variants unchecked; set ${tokenEnv} (or pass --token-env/--token-file)`,
    );
  }
  if (options.allowEmpty !== true && planned.plan.kind !== 'auto') checkSomethingApplies(planned.prepared.variants, options.profileFile);
  const session = await openSession({
    cwd: options.cwd,
    target:
      options.target.kind === 'reference'
        ? { kind: 'reference', fixturesDir: options.target.fixturesDir, ckanVersion: planned.serverVersion, ckanRelease: options.ckanRelease }
        : { kind: 'url', url: options.target.url, token: options.token ?? (profileToken || undefined) },
    http: {
      timeoutMs: options.timeoutMs,
      retries: options.retries,
      concurrency: options.concurrency,
      ...(options.rateRps === undefined ? {} : { rateRps: options.rateRps }),
    },
    // before anything is sent: an unwritable folder fails now, and no earlier report survives a failed run
    reports: {
      formats: options.reportFormats,
      outDir: path.resolve(options.cwd, options.outDir),
      // why: on GitHub Actions the Markdown summary also goes to the job's summary page
      stepSummaryPath: env['GITHUB_STEP_SUMMARY'],
    },
  });
  try {
    const opened = await openBaseline(options);
    const tracked = opened === undefined ? undefined : trackReads(opened);
    return await runInSession(session, { options, planned, prepare, context, baseline: tracked?.store, read: tracked?.read });
  } finally {
    await session.close();
  }
}

/** Pre-flight, the version asked of the target with `auto`, then the run with its cases going to the reports. */
interface RunInputs {
  options: ResolvedRunOptions;
  planned: VersionedCatalogue;
  prepare: Prepare;
  context: RunCatalogueContext;
  /** The baseline folder, with --baseline. */
  baseline: BaselineStore | undefined;
  /** The baseline files the run read (filled as it goes). */
  read: ReadonlySet<string> | undefined;
}

async function runInSession(session: Session, inputs: RunInputs): Promise<RunCatalogueOutcome> {
  const { options, planned, prepare, context, baseline } = inputs;
  const { plan, contract } = planned;
  const client = session.client;
  if (client === undefined) throw new Error('a run session has an HTTP client');
  let prepared = planned.prepared;
  const answers = await checkReachable(client, session.url);
  await checkProfileResources(client, { baseUrl: session.url, token: session.token }, prepared.profile);
  let ckan = resolvePlan(plan);
  if (plan.kind === 'auto') {
    // `auto`: asked of the target now that it answers; the catalogue is expanded again for what it says
    const sql = prepared.profile.capabilities.includes('sql');
    ckan = await detectCkanVersion({ client, baseUrl: session.url, answers, sql, token: session.token });
    if (ckan.version !== undefined) prepared = await prepare(ckan.version);
    if (options.allowEmpty !== true) checkSomethingApplies(prepared.variants, options.profileFile);
  }
  ckan = withStatusRelease(ckan, answers);
  // why: cases whose range names a patch release (a fix in 2.11.5) are judged on the release the target names
  if (ckan.release !== undefined && ckan.version !== undefined) prepared = await prepare(ckan.version, ckan.release);
  const reports = await session.openReports();
  const profile = prepared.profile;
  // why handed over: run() drops each variant once its case is reported, and nothing here keeps `prepared` past this
  // line, so a long run's memory shrinks as it goes
  const variants = toRunVariants(prepared, options.cwd);
  try {
    const result = await run(
      {
        variants,
        releaseVariants: true,
        targetUrl: session.url,
        reference: session.reference,
        profile: profile.name,
        token: session.token,
        contract: contract.profile,
        contractReason: contract.reason,
        ckan: { version: ckan.version, versions: ckan.versions, reason: ckan.reason, release: ckan.release },
        strictKnown: options.strictKnown,
        minApplicablePct: options.minApplicablePct,
        concurrency: options.concurrency,
        bail: options.bail,
        shard: options.shard,
        signal: context.signal,
        hostname: context.hostname ?? readHostname(),
        ...(baseline === undefined ? {} : { baseline: { update: options.updateBaseline, rules: baselineRules(profile) } }),
        keepCases: context.keepCases ?? true,
      },
      { client, clock: context.clock ?? wallClock, listener: context.listener, baseline, onResult: (one) => reports.add(one) },
    );
    const checked = inputs.read === undefined ? result : await withUncheckedBaselines(result, options, inputs.read);
    return { result: checked, reportPaths: await reports.close(checked) };
  } catch (error) {
    await reports.abort();
    throw error;
  }
}

/**
 * A case file as reports show it: relative to the working folder (the repository root, where CI's JUnit and
 * CTRF readers resolve `file`), with `/` separators; absolute when the catalogue lies outside it.
 */
function toProjectPath(catalogueRoot: string, file: string, cwd: string): string {
  const full = path.resolve(catalogueRoot, file);
  const relative = path.relative(path.resolve(cwd), full);
  return (relative.startsWith('..') || path.isAbsolute(relative) ? full : relative).split(path.sep).join('/');
}

/** The run's own copies of the variants, each naming its file relative to the project. */
function toRunVariants(prepared: PreparedCatalogue, cwd: string): RunVariant[] {
  return prepared.variants.map((v) => ({ ...v, file: toProjectPath(prepared.root, v.file, cwd) }));
}
