// Flag mapping for `diff`: the two targets (--target twice, or --target and --reference), each with its own
// --profile and --token-env in the same order, over run's shared flags; and the replay command line. Every value is
// read through its declaration (schema/diff-options.ts, schema/run-options.ts) and named as its flag.
import type { DiffSettings, PairSourceSettings } from '../api/diff-options.ts';
import type { RunSettings } from '../api/run-options.ts';
import { KitError, KitErrorCode } from '../errors.ts';
import { DIFF_OPTIONS, DIFF_RUN_OPTIONS, DIFF_SIDE_OPTIONS, PAIR_SOURCE_OPTIONS, PAIR_TRANSPORT_OPTIONS } from '../schema/diff-options.ts';
import { checkOptionValues, withDefaults } from '../schema/option-check.ts';
import type { OptionValues, ResolvedOptionValues } from '../schema/option-table.ts';
import { SELECTION_OPTIONS } from '../schema/run-options.ts';
import type { CliIo } from './io.ts';
import { flagLabelOf, flagsOf, readFlagValues } from './option-flags.ts';
import { mapRunEnv } from './options.ts';

const { profileFile: _profile, ...SELECTION } = SELECTION_OPTIONS;
const TABLES = [DIFF_SIDE_OPTIONS, PAIR_SOURCE_OPTIONS, PAIR_TRANSPORT_OPTIONS, DIFF_OPTIONS, DIFF_RUN_OPTIONS] as const;

/** The flags of `diff` beside the selection flags (its --profile, --target and --token-env are one per target). */
export const DIFF_FLAGS = flagsOf(...TABLES);

/** What a two-target run sends (`diff`, `upgrade-check`): --catalogue, --generate, --seed, --requests, --sample. */
export const PAIR_SOURCE_FLAGS = flagsOf(PAIR_SOURCE_OPTIONS);

/** How a two-target run sends (`diff`, `upgrade-check`): --concurrency, --timeout-ms, --retries, --rate. */
export const PAIR_TRANSPORT_FLAGS = flagsOf(PAIR_TRANSPORT_OPTIONS);

/** How diff's flags name its options in messages. */
export const diffFlagLabel = flagLabelOf(SELECTION, ...TABLES);

/** The flags of `diff`, checked, by the names of their declarations. */
export type DiffArgs = ResolvedOptionValues<typeof DIFF_SIDE_OPTIONS> &
  OptionValues<typeof SELECTION> &
  OptionValues<typeof PAIR_SOURCE_OPTIONS> &
  OptionValues<typeof DIFF_OPTIONS> &
  OptionValues<typeof DIFF_RUN_OPTIONS>;

/** Reads diff's flags from yargs' output, each checked against its declaration. Pure; throws E_USAGE. */
export function readDiffArgs(parsed: Readonly<Record<string, unknown>>): DiffArgs {
  const read = <T extends Parameters<typeof checkOptionValues>[0]>(table: T) => checkOptionValues(table, readFlagValues(table, parsed), diffFlagLabel);
  return {
    ...withDefaults(DIFF_SIDE_OPTIONS, read(DIFF_SIDE_OPTIONS)),
    ...read(SELECTION),
    ...read(PAIR_SOURCE_OPTIONS),
    ...read(DIFF_OPTIONS),
    ...read(DIFF_RUN_OPTIONS),
  };
}

const usage = (message: string): KitError => new KitError(KitErrorCode.usage, message);

function readToken(env: CliIo['env'], name: string): string {
  const token = env[name]?.trim();
  if (token === undefined || token === '') throw usage(`--token-env ${name}: that environment variable is not set or empty`);
  return token;
}

/**
 * The two sides' own settings: target, profile and token in the order the targets were given (the reference last).
 * `fileTokens`: the texts of the --token-file files, in their order, read by the handler.
 */
export function mapSides(
  args: Pick<DiffArgs, 'targets' | 'reference' | 'fixtures' | 'profiles' | 'tokenEnvs'>,
  env: CliIo['env'],
  fileTokens: readonly string[] = [],
): [RunSettings, RunSettings] {
  const targets: RunSettings['target'][] = args.targets.map((url) => ({ kind: 'url', url }));
  if (args.reference) targets.push({ kind: 'reference', fixturesDir: args.fixtures });
  if (targets.length !== 2) {
    throw usage(`diff needs two targets: --target A --target B, or --target A --reference (got ${targets.length})`);
  }
  const urlCount = args.targets.length;
  if (args.profiles.length > 2) throw usage(`--profile names one profile per target, at most 2 (got ${args.profiles.length})`);
  if (args.tokenEnvs.length > urlCount) throw usage(`--token-env names one variable per --target, at most ${urlCount} (got ${args.tokenEnvs.length})`);
  if (fileTokens.length > urlCount) throw usage(`--token-file names one file per --target, at most ${urlCount} (got ${fileTokens.length})`);
  const side = (index: 0 | 1): RunSettings => {
    const settings: RunSettings = { target: targets[index] };
    // one profile for two deployments of the same site applies to both; with --reference it is the target's
    const profile = args.profiles.length === 1 && (urlCount === 2 || index === 0) ? args.profiles[0] : args.profiles[index];
    if (profile !== undefined) settings.profileFile = profile;
    const tokenEnv = args.tokenEnvs.length === 1 && urlCount === 2 ? args.tokenEnvs[0] : args.tokenEnvs[index];
    if (tokenEnv !== undefined && index < urlCount) settings.token = readToken(env, tokenEnv);
    const fileToken = fileTokens.length === 1 && urlCount === 2 ? fileTokens[0] : fileTokens[index];
    if (fileToken !== undefined && index < urlCount) settings.token = fileToken;
    return settings;
  };
  return [side(0), side(1)];
}

/**
 * The settings both sides share: the given values of `keys` (selection, transport, report folder, CKAN version) over
 * the environment's, without a target or token (those would go to both sides; each side's comes from its own flags).
 */
export function mapSharedArgs(given: Readonly<Record<string, unknown>>, keys: readonly string[], env: CliIo['env'], cwd: string): RunSettings {
  const { target: _target, token: _token, ...envLayer } = mapRunEnv(env);
  const shared: RunSettings = { ...envLayer, cwd };
  for (const key of keys) if (given[key] !== undefined) Object.assign(shared, { [key]: given[key] });
  return shared;
}

/** The keys of run's options that a two-target run shares between its sides. */
export const SHARED_KEYS: readonly string[] = [...Object.keys(SELECTION), ...Object.keys(DIFF_RUN_OPTIONS), 'ckanVersion'];

/** What a two-target run sends and writes, from its checked flags: the shared settings, the sources, the report formats. */
export function mapPairSourceArgs(
  args: Readonly<Record<string, unknown>> & OptionValues<typeof PAIR_SOURCE_OPTIONS> & OptionValues<typeof DIFF_OPTIONS>,
  env: CliIo['env'],
  cwd: string,
  replay: string | undefined,
): PairSourceSettings {
  return {
    shared: mapSharedArgs(args, SHARED_KEYS, env, cwd),
    ...(args.catalogue === undefined ? {} : { catalogue: args.catalogue }),
    ...(args.generate === undefined ? {} : { generate: args.generate }),
    ...(args.seed === undefined ? {} : { seed: args.seed }),
    ...(args.requests === undefined ? {} : { requests: args.requests }),
    ...(args.sample === undefined ? {} : { sample: args.sample }),
    ...(args.reportFormats === undefined ? {} : { reportFormats: args.reportFormats }),
    ...(replay === undefined ? {} : { replay }),
  };
}

/** Flags and environment -> DiffSettings. Throws KitError E_USAGE for a wrong number of targets or profiles. */
export function mapDiffArgs(args: DiffArgs, env: CliIo['env'], cwd: string, replay: string | undefined, fileTokens?: readonly string[]): DiffSettings {
  return { ...mapPairSourceArgs(args, env, cwd, replay), sides: mapSides(args, env, fileTokens) };
}

/** A word as the shell reads it back: single-quoted unless it is plain. */
export const quoteWord = (word: string): string => (/^[\w@%+=:,./-]+$/.test(word) ? word : `'${word.replaceAll("'", `'\\''`)}'`);

/** The command line that sends the same generated and sampled requests: this run's targets, profiles and selection, with --seed. */
export function replayCommand(args: DiffArgs, seed: number): string {
  const words = ['datastore-kit', 'diff'];
  const add = (flag: string, values: readonly string[]): void => {
    for (const value of values) words.push(flag, quoteWord(value));
  };
  add('--target', args.targets);
  if (args.reference) words.push('--reference');
  if (args.reference && args.fixtures !== DIFF_SIDE_OPTIONS.fixtures.default) add('--fixtures', [args.fixtures]);
  add('--profile', args.profiles);
  add('--token-env', args.tokenEnvs);
  add('--token-file', args.tokenFiles);
  if (args.ckanVersion !== undefined) add('--ckan-version', [args.ckanVersion]);
  if (args.casesDir !== undefined && args.casesDir !== SELECTION.casesDir.default) add('--cases', [args.casesDir]);
  add('--tag', args.tags ?? []);
  add('--id', args.ids ?? []);
  if (args.grep !== undefined) add('--grep', [args.grep]);
  if (args.shard !== undefined) add('--shard', [`${args.shard.index}/${args.shard.count}`]);
  if (args.catalogue === false) words.push('--no-catalogue');
  if (args.generate !== undefined) words.push('--generate', String(args.generate));
  if (args.requests !== undefined) add('--requests', [args.requests]);
  if (args.sample !== undefined) words.push('--sample', String(args.sample));
  words.push('--seed', String(seed));
  return words.join(' ');
}
