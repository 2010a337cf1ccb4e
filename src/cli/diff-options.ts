// Flag mapping for `diff`: the two targets (--target twice, or --target and --reference), each with its own
// --profile and --token-env in the same order, over run's shared flags; and the replay command line.
import type { DiffSettings, PairSourceSettings } from '../api/diff-options.ts';
import type { RunSettings } from '../api/run-options.ts';
import { KitError, KitErrorCode } from '../errors.ts';
import { RUN_DEFAULTS } from '../util/run-defaults.ts';
import type { FlagTable } from './flags.ts';
import type { CliIo } from './io.ts';
import { mapRunArgs, mapRunEnv, type RunArgs } from './options.ts';

/** What a two-target run sends (`diff`, `upgrade-check`): the catalogue, generated requests, recorded traffic. */
export const PAIR_SOURCE_FLAGS = {
  catalogue: { type: 'boolean', default: true, describe: 'Send the catalogue cases (--no-catalogue: only generated or recorded requests)' },
  generate: { type: 'number', describe: "Also send N requests generated from target A's data" },
  seed: { type: 'number', fallback: 'random, printed', describe: 'Seed of the generated requests and of --sample: the same seed sends the same requests' },
  requests: { type: 'string', describe: 'Also send the requests of recorded traffic: a HAR file, JSON lines or an access log (.gz read too)' },
  sample: { type: 'number', fallback: 'all', describe: 'Send N of the distinct requests of --requests, drawn with --seed' },
} as const satisfies FlagTable;

/** How a two-target run sends (`diff`, `upgrade-check`): pairs in flight, time and retries per attempt, rate. */
export const PAIR_TRANSPORT_FLAGS = {
  concurrency: { type: 'number', fallback: RUN_DEFAULTS.concurrency, describe: 'Request pairs in flight at once' },
  'timeout-ms': { type: 'number', fallback: RUN_DEFAULTS.timeoutMs, describe: 'Budget per request attempt, in ms' },
  retries: { type: 'number', fallback: RUN_DEFAULTS.retries, describe: 'Retries on network errors, 5xx and 429' },
  rate: { type: 'number', fallback: 'unlimited', describe: 'Requests per second at most, both targets together' },
} as const satisfies FlagTable;

/** What a two-target run sends, as `diff` and `upgrade-check` parse it; and each target's profile and token. */
export interface PairSourceArgs {
  targets: readonly string[];
  profiles: readonly string[];
  tokenEnvs: readonly string[];
  catalogue: boolean;
  generate: number | undefined;
  seed: number | undefined;
  requests: string | undefined;
  sample: number | undefined;
}

/** The flags of `diff`: run's (one value each), plus the repeatable per-target ones and generation. */
export interface DiffArgs extends Omit<RunArgs, 'target' | 'profile' | 'tokenEnv' | 'bail' | 'contract'>, PairSourceArgs {}

const usage = (message: string): KitError => new KitError(KitErrorCode.usage, message);

function readToken(env: CliIo['env'], name: string): string {
  const token = env[name]?.trim();
  if (token === undefined || token === '') throw usage(`--token-env ${name}: that environment variable is not set or empty`);
  return token;
}

/** The two sides' own settings: target, profile and token in the order the targets were given (the reference last). */
export function mapSides(args: Pick<DiffArgs, 'targets' | 'reference' | 'fixtures' | 'profiles' | 'tokenEnvs'>, env: CliIo['env']): [RunSettings, RunSettings] {
  const targets: RunSettings['target'][] = args.targets.map((url) => ({ kind: 'url', url }));
  if (args.reference) targets.push({ kind: 'reference', fixturesDir: args.fixtures });
  if (targets.length !== 2) {
    throw usage(`diff needs two targets: --target A --target B, or --target A --reference (got ${targets.length})`);
  }
  const urlCount = args.targets.length;
  if (args.profiles.length > 2) throw usage(`--profile names one profile per target, at most 2 (got ${args.profiles.length})`);
  if (args.tokenEnvs.length > urlCount) throw usage(`--token-env names one variable per --target, at most ${urlCount} (got ${args.tokenEnvs.length})`);
  const side = (index: 0 | 1): RunSettings => {
    const settings: RunSettings = { target: targets[index] };
    // one profile for two deployments of the same site applies to both; with --reference it is the target's
    const profile = args.profiles.length === 1 && (urlCount === 2 || index === 0) ? args.profiles[0] : args.profiles[index];
    if (profile !== undefined) settings.profileFile = profile;
    const tokenEnv = args.tokenEnvs.length === 1 && urlCount === 2 ? args.tokenEnvs[0] : args.tokenEnvs[index];
    if (tokenEnv !== undefined && index < urlCount) settings.token = readToken(env, tokenEnv);
    return settings;
  };
  return [side(0), side(1)];
}

/** The settings both sides share: run's flags (selection, transport, report folder) over the environment's, without a target or token. */
export function mapSharedArgs(args: Omit<RunArgs, 'target' | 'profile' | 'tokenEnv' | 'bail' | 'contract'>, env: CliIo['env'], cwd: string): RunSettings {
  const flags = mapRunArgs(
    { ...args, target: undefined, reference: false, profile: undefined, tokenEnv: undefined, tokenFile: undefined, bail: false, contract: undefined },
    env,
    cwd,
  );
  // why: a token of the environment would go to both targets; each side's comes from --token-env or its profile
  const { target: _target, token: _token, ...envLayer } = mapRunEnv(env);
  const shared: RunSettings = { ...envLayer };
  for (const [key, value] of Object.entries(flags)) if (value !== undefined) Object.assign(shared, { [key]: value });
  return shared;
}

/** What a two-target run sends and writes, from its flags: the shared settings, the sources, the report formats. */
export function mapPairSourceArgs(
  args: Omit<RunArgs, 'target' | 'profile' | 'tokenEnv' | 'bail' | 'contract'> & PairSourceArgs,
  env: CliIo['env'],
  cwd: string,
  replay: string | undefined,
): PairSourceSettings {
  return {
    shared: mapSharedArgs(args, env, cwd),
    catalogue: args.catalogue,
    generate: args.generate,
    seed: args.seed,
    requests: args.requests,
    sample: args.sample,
    reportFormats: args.report,
    replay,
  };
}

/** Flags and environment -> DiffSettings. Throws KitError E_USAGE for a wrong number of targets or profiles. */
export function mapDiffArgs(args: DiffArgs, env: CliIo['env'], cwd: string, replay: string | undefined): DiffSettings {
  return { ...mapPairSourceArgs(args, env, cwd, replay), sides: mapSides(args, env) };
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
  if (args.reference && args.fixtures !== 'fixtures') add('--fixtures', [args.fixtures]);
  add('--profile', args.profiles);
  add('--token-env', args.tokenEnvs);
  if (args.ckanVersion !== undefined) add('--ckan-version', [args.ckanVersion]);
  if (args.cases !== 'cases') add('--cases', [args.cases]);
  add('--tag', args.tag);
  add('--id', args.id);
  if (args.grep !== undefined) add('--grep', [args.grep]);
  if (args.shard !== undefined) add('--shard', [args.shard]);
  if (!args.catalogue) words.push('--no-catalogue');
  if (args.generate !== undefined) words.push('--generate', String(args.generate));
  if (args.requests !== undefined) add('--requests', [args.requests]);
  if (args.sample !== undefined) words.push('--sample', String(args.sample));
  words.push('--seed', String(seed));
  return words.join(' ');
}
