// The baseline side of a run (run --baseline): the folder opened as the runner's store, and the profile's rules.
import { constants } from 'node:fs';
import { access, readdir } from 'node:fs/promises';
import path from 'node:path';
import { createFileBaselineStore } from '../baseline/index.ts';
import { resourceNames, type NormaliseRules } from '../compare/index.ts';
import { KitError, KitErrorCode } from '../errors.ts';
import type { BaselineStore, RunResult } from '../model/index.ts';
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

/** A store that remembers which files the run read, so the files it never compared can be counted. */
export function trackReads(store: BaselineStore): { store: BaselineStore; read: ReadonlySet<string> } {
  const read = new Set<string>();
  return {
    store: {
      dir: store.dir,
      read(file) {
        read.add(file);
        return store.read(file);
      },
      write: (file, text) => store.write(file, text),
    },
    read,
  };
}

/** Files listed in the summary's uncheckedFiles at most. */
const SHOWN_UNCHECKED = 20;

/**
 * The result with the baseline files of the folder that no variant read counted and listed (the first 20): a
 * private variant not applicable for want of a token, a case not selected, a file left from a removed case.
 */
export async function withUncheckedBaselines(result: RunResult, options: ResolvedRunOptions, read: ReadonlySet<string>): Promise<RunResult> {
  if (options.baselineDir === undefined || result.baseline === undefined) return result;
  const dir = path.resolve(options.cwd, options.baselineDir);
  const files = await readdir(dir, { recursive: true }).catch(() => []);
  const unchecked = files
    .map((f) => f.split(path.sep).join('/'))
    .filter((f) => f.endsWith('.json') && !read.has(f))
    .sort();
  if (unchecked.length === 0) return result;
  return { ...result, baseline: { ...result.baseline, unchecked: unchecked.length, uncheckedFiles: unchecked.slice(0, SHOWN_UNCHECKED) } };
}
