// The flags of `upgrade-check` in one table, the parsed arguments, and their mapping to UpgradeSettings: two
// releases the reference servers answer as (--from, --to) over --fixtures, or two --target URLs; what is sent.
import type { UpgradeSettings } from '../api/upgrade-options.ts';
import { fixturesSource } from '../api/upgrade-source.ts';
import { KitError, KitErrorCode } from '../errors.ts';
import { UPGRADE_REPORT_FORMATS } from '../reporters/index.ts';
import { RUN_DEFAULTS } from '../util/run-defaults.ts';
import { PAIR_SOURCE_OPTIONS, PAIR_TRANSPORT_OPTIONS } from '../schema/diff-options.ts';
import { checkOptionValues } from '../schema/option-check.ts';
import type { OptionValues } from '../schema/option-table.ts';
import { SELECTION_OPTIONS } from '../schema/run-options.ts';
import { mapPairSourceArgs, mapSides, PAIR_SOURCE_FLAGS, PAIR_TRANSPORT_FLAGS, quoteWord } from './diff-options.ts';
import type { FlagTable } from './flags.ts';
import type { CliIo } from './io.ts';
import { flagLabelOf, readFlagValues } from './option-flags.ts';

/** The flags of `upgrade-check` beside the selection flags. */
export const UPGRADE_FLAGS = {
  from: { type: 'string', describe: 'The CKAN release clients use today (2.10.7; 2.10: its newest patch release)' },
  to: { type: 'string', describe: 'The CKAN release after the upgrade (2.11.5)' },
  fixtures: {
    type: 'string',
    fallback: `${RUN_DEFAULTS.fixturesDir} (bundled)`,
    describe: 'Data both reference servers serve (a fixtures folder; give its --profile)',
  },
  target: {
    type: 'string',
    array: true,
    default: [],
    describe: "Two live targets instead (today's site, then its copy on the new release): the same change list, on their own data",
  },
  profile: { type: 'string', array: true, default: [], describe: 'Profile of --fixtures, or of each --target in order (one serves both)' },
  'token-env': { type: 'string', array: true, default: [], describe: "Environment variable holding each --target's token, in order" },
  ...PAIR_SOURCE_FLAGS,
  ...PAIR_TRANSPORT_FLAGS,
  report: { type: 'string', fallback: UPGRADE_REPORT_FORMATS.join(','), describe: 'Report formats, comma-separated' },
  out: { type: 'string', fallback: RUN_DEFAULTS.outDir, describe: 'Report folder: upgrade.json, upgrade.md, upgrade.html' },
} as const satisfies FlagTable;

const { profileFile: _profile, ...SELECTION } = SELECTION_OPTIONS;

/** How upgrade-check's flags name its declared options in messages. */
export const upgradeFlagLabel = flagLabelOf(SELECTION, PAIR_SOURCE_OPTIONS, PAIR_TRANSPORT_OPTIONS);

/** The parsed flags of `upgrade-check`: the declared ones (selection, what is sent, how) by their API names, and its own. */
export type UpgradeArgs = OptionValues<typeof SELECTION> &
  OptionValues<typeof PAIR_SOURCE_OPTIONS> &
  OptionValues<typeof PAIR_TRANSPORT_OPTIONS> & {
    from: string | undefined;
    to: string | undefined;
    fixtures: string | undefined;
    targets: readonly string[];
    profiles: readonly string[];
    tokenEnvs: readonly string[];
    reportFormats: string | undefined;
    outDir: string | undefined;
  };

/** Reads upgrade-check's flags from yargs' output, each declared one checked against its declaration. Pure; throws E_USAGE. */
export function readUpgradeArgs(parsed: Readonly<Record<string, unknown>>): UpgradeArgs {
  const read = <T extends Parameters<typeof checkOptionValues>[0]>(table: T) => checkOptionValues(table, readFlagValues(table, parsed), upgradeFlagLabel);
  const text = (name: string): string | undefined => (typeof parsed[name] === 'string' ? parsed[name] : undefined);
  const list = (name: string): string[] => (Array.isArray(parsed[name]) ? parsed[name].map(String) : []);
  return {
    ...read(SELECTION),
    ...read(PAIR_SOURCE_OPTIONS),
    ...read(PAIR_TRANSPORT_OPTIONS),
    from: text('from'),
    to: text('to'),
    fixtures: text('fixtures'),
    targets: list('target'),
    profiles: list('profile'),
    tokenEnvs: list('token-env'),
    reportFormats: text('report'),
    outDir: text('out'),
  };
}

const usage = (message: string): KitError => new KitError(KitErrorCode.usage, message);

/** Flags and environment -> UpgradeSettings. Throws KitError E_USAGE for targets or profiles that do not fit together. */
export function mapUpgradeArgs(args: UpgradeArgs, env: CliIo['env'], cwd: string, replay: string | undefined): UpgradeSettings {
  const sources = mapPairSourceArgs(args, env, cwd, replay);
  const common = { ...sources, from: args.from, to: args.to };
  if (args.targets.length === 0) {
    if (args.profiles.length > 1)
      throw usage(`--profile names the profile of --fixtures, once (got ${args.profiles.length}); two profiles go with two --target URLs`);
    if (args.tokenEnvs.length > 0) throw usage('--token-env goes with --target: the reference servers get a token of their own');
    return { ...common, data: fixturesSource(args.fixtures ?? RUN_DEFAULTS.fixturesDir, args.profiles[0]) };
  }
  if (args.targets.length !== 2) throw usage(`upgrade-check compares two live targets: --target A --target B (got ${args.targets.length})`);
  if (args.fixtures !== undefined) throw usage('--fixtures is for the reference servers; with two --target URLs the requests run on their own data');
  return { ...common, targets: mapSides({ ...args, reference: false, fixtures: RUN_DEFAULTS.fixturesDir }, env) };
}

/** The command line that sends the same generated and sampled requests again. */
export function replayUpgradeCommand(args: UpgradeArgs, seed: number): string {
  const words = ['datastore-kit', 'upgrade-check'];
  const add = (flag: string, values: readonly (string | undefined)[]): void => {
    for (const value of values) if (value !== undefined) words.push(flag, quoteWord(value));
  };
  add('--from', [args.from]);
  add('--to', [args.to]);
  add('--target', args.targets);
  add('--fixtures', [args.fixtures]);
  add('--profile', args.profiles);
  add('--token-env', args.tokenEnvs);
  if (args.casesDir !== undefined && args.casesDir !== RUN_DEFAULTS.casesDir) add('--cases', [args.casesDir]);
  add('--tag', args.tags ?? []);
  add('--id', args.ids ?? []);
  add('--grep', [args.grep]);
  if (args.catalogue === false) words.push('--no-catalogue');
  if (args.generate !== undefined) words.push('--generate', String(args.generate));
  add('--requests', [args.requests]);
  if (args.sample !== undefined) words.push('--sample', String(args.sample));
  words.push('--seed', String(seed));
  return words.join(' ');
}
