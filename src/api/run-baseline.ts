// The baseline side of a run (run --baseline): the folder opened as the runner's store, and the profile's rules.
import { constants } from 'node:fs';
import { access } from 'node:fs/promises';
import path from 'node:path';
import { createFileBaselineStore } from '../baseline/index.ts';
import { resourceNames, type NormaliseRules } from '../compare/index.ts';
import { KitError, KitErrorCode } from '../errors.ts';
import type { BaselineStore } from '../model/index.ts';
import type { PreparedCatalogue } from '../runner/index.ts';
import type { ResolvedRunOptions } from './run-options.ts';
import { makeDir } from '../util/make-dir.ts';

/** The baseline folder of a run with --baseline; one that will be written must be writable now (E_ENV, exit 3). */
export async function openBaseline(options: ResolvedRunOptions): Promise<BaselineStore | undefined> {
  if (options.baselineDir === undefined) return undefined;
  const dir = path.resolve(options.cwd, options.baselineDir);
  if (options.updateBaseline !== 'none') {
    try {
      await makeDir(dir);
      await access(dir, constants.W_OK);
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      throw new KitError(KitErrorCode.environment, `the baseline folder ${options.baselineDir} cannot be written: ${reason}`, { cause: error });
    }
  }
  return createFileBaselineStore(dir, options.baselineDir);
}

/** The profile's normalisation, and its resource ids as logical names (so a baseline holds for other targets). */
export function baselineRules(profile: PreparedCatalogue['profile']): Partial<NormaliseRules> {
  return { ...profile.normalise, names: resourceNames(profile.resources) };
}
