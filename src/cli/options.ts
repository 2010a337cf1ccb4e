// Flag and environment mapping for `run`, `list` and `check`: pure functions from yargs' output and the environment
// to option layers, by the names of schema/run-options.ts, each value checked and named as its flag (or variable).
import type { RunSettings } from '../api/run-options.ts';
import { KitError, KitErrorCode } from '../errors.ts';
import type { SelectionOptions } from '../runner/index.ts';
import { checkOptionValues } from '../schema/option-check.ts';
import { RUN_DOOR_OPTIONS, RUN_OPTIONS, RUN_TOKEN_ENV, SELECTION_OPTIONS } from '../schema/run-options.ts';
import type { CliIo } from './io.ts';
import { flagLabelOf, readEnvValues, readFlagValues } from './option-flags.ts';

/** How run's flags name its options in messages (`--concurrency`, `--rate`). */
export const runFlagLabel = flagLabelOf(SELECTION_OPTIONS, RUN_DOOR_OPTIONS, RUN_OPTIONS);

/** Whether the environment says this is CI (`CI` set, not empty and not "false"), as Playwright reads it. */
export function isCiEnvironment(env: CliIo['env']): boolean {
  const value = env['CI']?.trim();
  return value !== undefined && value !== '' && value.toLowerCase() !== 'false';
}

/** The selection flags (yargs' output) -> SelectionOptions for list and check (paths stay relative to `cwd`). */
export function mapSelectionArgs(parsed: Readonly<Record<string, unknown>>, cwd: string): SelectionOptions {
  const s = checkOptionValues(SELECTION_OPTIONS, readFlagValues(SELECTION_OPTIONS, parsed), runFlagLabel);
  return {
    cwd,
    casesDir: s.casesDir ?? SELECTION_OPTIONS.casesDir.default,
    profileFile: s.profileFile,
    tags: [...(s.tags ?? [])],
    grep: s.grep,
    ids: [...(s.ids ?? [])],
    shard: s.shard,
    allowEmpty: s.allowEmpty ?? false,
  };
}

/** The environment layer of `run` (the variables its options name, and DATASTORE_KIT_TOKEN). Throws E_USAGE naming the variable. */
export function mapRunEnv(env: CliIo['env']): RunSettings {
  const layer: RunSettings = checkOptionValues(RUN_OPTIONS, readEnvValues(RUN_OPTIONS, env), (key) => key);
  const door = readEnvValues(RUN_DOOR_OPTIONS, env);
  if (typeof door['target'] === 'string') layer.target = { kind: 'url', url: door['target'] };
  const token = env[RUN_TOKEN_ENV]?.trim();
  if (token !== undefined && token !== '') layer.token = token;
  return layer;
}

/**
 * The flag layer of `run` from yargs' output. `--token-env NAME` is read from `env` here; `--token-file` is read by
 * the handler and passed as `fileToken`. Pure; throws KitError E_USAGE for a refused, conflicting or missing value.
 */
export function mapRunArgs(parsed: Readonly<Record<string, unknown>>, env: CliIo['env'], cwd: string, fileToken?: string): RunSettings {
  const door = checkOptionValues(RUN_DOOR_OPTIONS, readFlagValues(RUN_DOOR_OPTIONS, parsed), runFlagLabel);
  if (door.target !== undefined && door.reference === true) throw usage('--target and --reference cannot be used together');
  if (door.tokenEnv !== undefined && door.tokenFile !== undefined) throw usage('--token-env and --token-file cannot be used together');
  const flags: RunSettings = {
    cwd,
    ...checkOptionValues(SELECTION_OPTIONS, readFlagValues(SELECTION_OPTIONS, parsed), runFlagLabel),
    ...checkOptionValues(RUN_OPTIONS, readFlagValues(RUN_OPTIONS, parsed), runFlagLabel),
  };
  if (door.reference === true) flags.target = { kind: 'reference', fixturesDir: door.fixtures ?? RUN_DOOR_OPTIONS.fixtures.default };
  if (door.target !== undefined) flags.target = { kind: 'url', url: door.target };
  if (door.tokenEnv !== undefined) flags.token = readTokenVariable(door.tokenEnv, env);
  if (fileToken !== undefined) flags.token = fileToken;
  // why: as Playwright does with snapshots: a CI run never records silently, a local run records what is new
  if (flags.baselineDir !== undefined && flags.updateBaseline === undefined) flags.updateBaseline = isCiEnvironment(env) ? 'none' : 'missing';
  return flags;
}

function readTokenVariable(name: string, env: CliIo['env']): string {
  const token = env[name]?.trim();
  if (token === undefined || token === '') throw usage(`--token-env ${name}: that environment variable is not set or empty`);
  return token;
}

function usage(message: string): KitError {
  return new KitError(KitErrorCode.usage, message);
}
