// `diff` as a use case: prepare both sides (the catalogue under each profile), open a session per target (the
// reference server started for a --reference side), pre-flight both, send the pairs (and generated requests),
// write the diff reports.
import { KIT_PROFILE_NAMES } from './profile-vocabulary.ts';
import { hostname as readHostname } from 'node:os';
import path from 'node:path';
import { pairTraffic, pairVariants, runDiff, summariseTraffic, type DiffSide } from '../diff/index.ts';
import { readTrafficFile } from '../requests/index.ts';
import { KitError, KitErrorCode } from '../errors.ts';
import { checkReachable } from '../http/index.ts';
import type { Clock } from '../model/index.ts';
import { DIFF_REPORTERS, writeDiffReports } from '../reporters/index.ts';
import { prepareCatalogue, type PreparedCatalogue } from '../runner/index.ts';
import type { DiffReport, PairResult } from '../schema/diff-report.ts';
import { isCkanVersion, LATEST_CKAN_RELEASES, type CkanVersion } from '../schema/ckan-version.ts';
import { createRedactor, urlSecrets } from '../util/redact.ts';
import type { DiffOptions } from './diff-options.ts';
import { buildDiffReport } from './diff-report.ts';
import type { ResolvedRunOptions } from './run-options.ts';
import { prepareForVersion } from './run-version.ts';
import { openSession, type Session, type SessionTarget } from './session.ts';

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
}

/** What diffTargets gives back: the diff report and the report files written. */
export interface DiffOutcome {
  report: DiffReport;
  reportPaths: string[];
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
 * Sends the same requests to two targets and compares their normalised answers; writes the diff reports.
 * Throws InputError/KitError (exit 2) for bad options, profiles or catalogue, and KitError (exit 3) when a
 * target is unreachable, the reference server cannot start or the report folder cannot be written.
 */
export async function diffTargets(options: DiffOptions, context: DiffContext = {}): Promise<DiffOutcome> {
  const env = context.env ?? {};
  const clock = context.clock ?? { now: () => Date.now() };
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
  const otherReports = { outDir, files: Object.values(DIFF_REPORTERS).map((r) => r.fileName) };
  const sessionA = await openSession({ cwd: optionsA.cwd, target: prepared[0].target, http, otherReports });
  try {
    const sessionB = await openSession({ cwd: optionsB.cwd, target: prepared[1].target });
    try {
      const client = sessionA.client;
      if (client === undefined) throw new Error('session A was opened without a client');
      const sides = [toDiffSide(prepared[0], 'A', sessionA), toDiffSide(prepared[1], 'B', sessionB)] as const;
      for (const side of sides) await checkReachable(client, side.url);
      const startedAt = clock.now();
      const { pairs, skipped } = pairVariants(prepared[0].prepared.variants, prepared[1].prepared.variants, sides[0], sides[1]);
      if (options.catalogue && pairs.length === 0 && options.generate === undefined && traffic === undefined && !optionsA.allowEmpty) {
        // why: two targets that were sent nothing would "agree"; a run that compares nothing must not pass
        throw new KitError(
          KitErrorCode.catalogueEmpty,
          `none of the ${skipped} selected case variants runs on both targets (check each target's --profile); pass --allow-empty to accept a diff that compares nothing`,
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
      });
      const redact = createRedactor(sides.flatMap((s) => [s.token, ...urlSecrets(s.url)]));
      const durationMs = clock.now() - startedAt;
      const report = redact(
        buildDiffReport({
          sides,
          outcome,
          skipped,
          startedAt,
          durationMs,
          hostname: context.hostname ?? readHostname(),
          replay: options.replay,
          requests: traffic === undefined || trafficPairs === undefined ? undefined : summariseTraffic(traffic, trafficPairs),
        }),
      );
      const reportPaths = await writeDiffReports(report, { formats: options.reportFormats, outDir, stepSummaryPath: env['GITHUB_STEP_SUMMARY'] });
      return { report, reportPaths };
    } finally {
      await sessionB.close();
    }
  } finally {
    await sessionA.close();
  }
}
