// `probe` as a use case: the catalogue says which names to look for, probe asks the target, the catalogue
// renders the profile, and the file is written atomically (or not at all).
import path from 'node:path';
import { collectCatalogueNames, loadCatalogue, parseProfile, renderProfile } from '../catalogue/index.ts';
import { KitError, KitErrorCode } from '../errors.ts';
import type { Profile } from '../schema/profile.ts';
import { probeTarget, verifyProfile, type ProbeResult, type VerifyResult } from '../probe/index.ts';
import type { OptionLabel } from '../schema/option-check.ts';
import { resolveProbeOptions, type ProbeSettings } from './probe-options.ts';
import { RUN_DEFAULTS } from '../util/run-defaults.ts';
import { writeFileAtomic } from '../util/atomic-write.ts';
import { makeDir } from '../util/make-dir.ts';
import { pathExists, resolveWithBundled } from '../util/bundled.ts';
import { withClient } from './session.ts';

/**
 * Options of `probeProfile`: the folder relative paths resolve against, and the probe's options by the names of
 * schema/probe-options.ts (`casesDir` default `cases`, the bundled one when absent; `out` default none: the caller
 * prints the text; `force` overwrites an existing `out`).
 */
export type ProbeProfileOptions = ProbeSettings & { cwd: string; targetUrl: string };

/** The profile text, what the probe found, and the file written (if any). */
export interface ProbeProfileOutcome {
  text: string;
  result: ProbeResult;
  outPath: string | undefined;
}

/**
 * Probes the target and renders the profile (validated before it is written). An existing `out` without `force`
 * is KitError E_USAGE (exit 2), checked before any request; nothing is written when the probe fails. The file's
 * missing folders are made.
 */
export async function probeProfile(given: ProbeProfileOptions, label?: OptionLabel): Promise<ProbeProfileOutcome> {
  const options = { ...resolveProbeOptions(given, label), cwd: given.cwd };
  const outPath = options.out === undefined ? undefined : path.resolve(options.cwd, options.out);
  if (outPath !== undefined && options.force !== true && (await pathExists(outPath))) {
    throw new KitError(KitErrorCode.usage, `${options.out ?? outPath} exists; pass --force to overwrite it`);
  }
  const casesDir = await resolveWithBundled(options.cwd, options.casesDir, RUN_DEFAULTS.casesDir);
  const catalogue = await loadCatalogue(casesDir, { cwd: options.cwd });
  const name = options.name ?? (options.out === undefined ? undefined : path.basename(options.out).replace(/\.(ya?ml|json)$/i, ''));
  const http = {
    timeoutMs: options.timeoutMs,
    retries: options.retries,
    concurrency: options.concurrency,
    ...(options.rateRps === undefined ? {} : { rateRps: options.rateRps }),
  };
  const result = await withClient(http, (client) => probeTarget({ ...options, name, names: collectCatalogueNames(catalogue.cases) }, client));
  const text = renderProfile(result.profile, result.notes);
  parseProfile(text, options.out ?? 'probed profile');
  if (outPath !== undefined) await writeProfile(outPath, text);
  return { text, result, outPath };
}

async function writeProfile(outPath: string, text: string): Promise<void> {
  try {
    // why: as for reports and extracts, a missing folder is made (`--out profiles/mine.yaml` in a new project)
    await makeDir(path.dirname(outPath));
    await writeFileAtomic(outPath, text);
  } catch (error) {
    const reason = error instanceof Error && 'code' in error ? String(error.code) : String(error);
    throw new KitError(KitErrorCode.environment, `cannot write ${outPath}: ${reason}`, { cause: error });
  }
}

/**
 * Verifies a profile's resources and values on `targetUrl` (`check --target`): KitError (exit 3) when the target is
 * unreachable or has no DataStore API, every other shortfall a problem line of the result.
 */
export function verifyProfileOnTarget(profile: Profile, options: { targetUrl: string; token?: string | undefined }): Promise<VerifyResult> {
  // why: a check sends few requests; a slow site gets 15 s an attempt and one retry
  return withClient({ timeoutMs: 15_000, retries: 1, concurrency: 2 }, (client) => verifyProfile(profile, options, client));
}
