// runCatalogue(): the whole `run` command as a function: prepare, start the reference server when asked,
// pre-flight, run, write reports, stop the server.
import { randomBytes } from 'node:crypto';
import { hostname as readHostname } from 'node:os';
import path from 'node:path';
import { createHttpClient, type HttpClient } from '../http/index.ts';
import { isKitError, KitError, KitErrorCode } from '../errors.ts';
import type { Clock, RunListener, RunResult } from '../model/index.ts';
import { prepareReportDir, writeReports } from '../reporters/index.ts';
import { DEFAULT_CKAN_VERSION, type CkanVersion } from '../schema/index.ts';
import { isServerCkanVersion, SERVER_CKAN_VERSIONS, startReferenceServer, type ReferenceServer, type ServerCkanVersion } from '../server/index.ts';
import { resolveWithBundled } from '../util/bundled.ts';
import { chooseContract, detectCkanVersion, planCkanVersion, resolvePlan, type CkanVersionPlan } from './ckan-version.ts';
import { RUN_DEFAULTS, type ResolvedRunOptions } from './options.ts';
import { checkReachable } from './preflight.ts';
import { checkSomethingApplies, prepareCatalogue, type PreparedCatalogue } from './prepare.ts';
import { run } from './run.ts';

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
}

export interface RunCatalogueOutcome {
  result: RunResult;
  /** Report files written. */
  reportPaths: string[];
}

const wallClock: Clock = { now: () => Date.now() };

/**
 * Runs the selected catalogue against the target and writes the reports. Throws InputError/KitError (exit 2)
 * for a bad catalogue, profile or selection, KitError E_UNREACHABLE / E_SERVER_START / E_ENV (exit 3) when the
 * target cannot be reached, the reference server cannot start or the report folder cannot be written (checked
 * before any request; an earlier run's reports there are renamed `*.previous` first). Case failures are in the
 * result, never thrown.
 */
export async function runCatalogue(options: ResolvedRunOptions, context: RunCatalogueContext = {}): Promise<RunCatalogueOutcome> {
  const env = context.env ?? {};
  const clock = context.clock ?? wallClock;
  const reference = options.target.kind === 'reference';
  const prepare = (ckanVersion: CkanVersion | undefined): ReturnType<typeof prepareCatalogue> =>
    prepareCatalogue({ ...options, ckanVersion, tokenGiven: reference || options.token !== undefined }, env);
  const planned = await prepareForVersion(options, prepare);
  const { plan, contract, serverVersion } = planned;
  let prepared = planned.prepared;
  if (options.allowEmpty !== true && plan.kind !== 'auto') checkSomethingApplies(prepared.variants, options.profileFile);
  const outDir = path.resolve(options.cwd, options.outDir);
  // before anything is sent: an unwritable folder fails now, and no earlier report survives a failed run
  await prepareReportDir(outDir);
  const profileToken = prepared.profile.token === undefined ? undefined : env[prepared.profile.token.env];
  // why: the reference server gets a fresh random token, so private-resource cases exercise real auth
  const token = reference ? randomBytes(18).toString('base64url') : (options.token ?? (profileToken || undefined));
  const server =
    options.target.kind === 'reference' && serverVersion !== undefined
      ? await startServer(
          path.resolve(options.cwd, await resolveWithBundled(options.cwd, options.target.fixturesDir, RUN_DEFAULTS.fixturesDir)),
          token,
          serverVersion,
        )
      : undefined;
  const targetUrl = server?.url ?? (options.target.kind === 'url' ? options.target.url : '');
  let client: HttpClient | undefined;
  try {
    client = createHttpClient({
      timeoutMs: options.timeoutMs,
      retries: options.retries,
      concurrency: options.concurrency,
      ...(options.rateRps === undefined ? {} : { rateRps: options.rateRps }),
    });
    const answers = await checkReachable(client, targetUrl);
    let ckan = resolvePlan(plan);
    if (plan.kind === 'auto') {
      // `auto`: asked of the target now that it answers; the catalogue is expanded again for what it says
      ckan = await detectCkanVersion({ client, baseUrl: targetUrl, answers, sql: prepared.profile.capabilities.includes('sql'), token });
      if (ckan.version !== undefined) prepared = await prepare(ckan.version);
      if (options.allowEmpty !== true) checkSomethingApplies(prepared.variants, options.profileFile);
    }
    const result = await run(
      {
        variants: prepared.variants.map((v) => ({ ...v, file: toProjectPath(prepared.root, v.file, options.cwd) })),
        targetUrl,
        reference,
        profile: prepared.profile.name,
        token,
        contract: contract.profile,
        contractReason: contract.reason,
        ckan: { version: ckan.version, versions: ckan.versions, reason: ckan.reason },
        concurrency: options.concurrency,
        bail: options.bail,
        shard: options.shard,
        signal: context.signal,
        hostname: context.hostname ?? readHostname(),
      },
      { client, clock, listener: context.listener },
    );
    const reportPaths = await writeReports(result, {
      formats: options.reportFormats,
      outDir,
      // why: on GitHub Actions the Markdown summary also goes to the job's summary page
      stepSummaryPath: env['GITHUB_STEP_SUMMARY'],
    });
    return { result, reportPaths };
  } finally {
    await client?.close();
    await server?.close();
  }
}

/**
 * The catalogue expanded for the version the flag, the profile or the reference server names (with `auto`, none
 * yet: it is asked of the target after the pre-flight), that plan, and the contract it implies.
 */
async function prepareForVersion(
  options: ResolvedRunOptions,
  prepare: (ckanVersion: CkanVersion | undefined) => ReturnType<typeof prepareCatalogue>,
): Promise<{ prepared: PreparedCatalogue; plan: CkanVersionPlan; contract: ReturnType<typeof chooseContract>; serverVersion: ServerCkanVersion | undefined }> {
  const reference = options.target.kind === 'reference';
  const flagVersion = options.ckanVersion === 'auto' ? undefined : options.ckanVersion;
  const prepared = await prepare(flagVersion);
  const serverVersion = reference ? chooseServerVersion(flagVersion, prepared.profile.ckan) : undefined;
  const plan = planCkanVersion(options.ckanVersion, prepared.profile, serverVersion);
  const contract = chooseContract(options.contract, plan, reference);
  // prepareCatalogue already used the flag's or the profile's version; a capability or the server may name another
  const used = flagVersion ?? (prepared.profile.ckan === 'auto' ? undefined : prepared.profile.ckan);
  const expanded = plan.kind === 'known' && plan.version !== used ? await prepare(plan.version) : prepared;
  return { prepared: expanded, plan, contract, serverVersion };
}

/** The version the reference server answers as: the flag's, else the profile's, else 2.11; E_USAGE for one it cannot. */
function chooseServerVersion(flag: CkanVersion | undefined, profile: CkanVersion | 'auto' | undefined): ServerCkanVersion {
  const chosen = flag ?? (profile === 'auto' ? undefined : profile) ?? DEFAULT_CKAN_VERSION;
  if (isServerCkanVersion(chosen)) return chosen;
  const source = flag === undefined ? 'the profile names' : '--ckan-version names';
  throw new KitError(KitErrorCode.usage, `the reference server answers as CKAN ${SERVER_CKAN_VERSIONS.join(', ')}; ${source} ${chosen}`);
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

async function startServer(fixturesDir: string, token: string | undefined, ckanVersion: ServerCkanVersion): Promise<ReferenceServer> {
  try {
    return await startReferenceServer({ fixturesDir, port: 0, config: { apiTokens: token === undefined ? [] : [token], ckanVersion } });
  } catch (error) {
    if (isKitError(error)) throw error;
    const reason = error instanceof Error ? error.message : String(error);
    throw new KitError(KitErrorCode.serverStart, `the reference server cannot start: ${reason}`, { cause: error });
  }
}
