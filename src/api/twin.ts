// `twin` as a use case: the target's own tables mirrored into the reference server (answering as the release the
// target names), then the catalogue's cases and generated requests sent to both, each difference judged a failure
// of the API description or a difference from CKAN, and the twin reports written.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { checkReachable } from '../http/index.ts';
import { TWIN_REPORTERS } from '../reporters/index.ts';
import { prepareCatalogue, type PreparedCatalogue } from '../runner/index.ts';
import type { CkanVersion } from '../schema/ckan-version.ts';
import { readTrafficFile } from '../requests/index.ts';
import { readCkanVersion, type TwinTarget } from '../twin/index.ts';
import { makeDir } from '../util/make-dir.ts';
import { KIT_PROFILE_NAMES } from './profile-vocabulary.ts';
import { openSession } from './session.ts';
import { compareWithMirror, type TwinContext, type TwinOutcome } from './twin-compare.ts';
import { openMirror } from './twin-mirror.ts';
import type { TwinOptions } from './twin-options.ts';
import { chooseRelease } from './twin-release.ts';

export type { TwinContext, TwinOutcome } from './twin-compare.ts';

/** What CKAN's datastore_search does beyond the API description: claimed with CKAN. */
const CKAN_SEARCH_CAPABILITIES = ['offset', 'sort', 'fields', 'distinct', 'total'];

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
  // why: a bad traffic file is the user's input: refused before the target is read
  const traffic = options.requests === undefined ? undefined : await readTrafficFile(options.requests.file, { cwd: run.cwd, sample: options.requests.sample });
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
          traffic,
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
