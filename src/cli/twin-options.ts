// The flags of `twin`, one declaration each, and their mapping onto TwinSettings (over run's environment layer);
// the command line that sends the same generated requests again.
import { TWIN_DEFAULTS, type TwinSettings } from '../api/twin-options.ts';
import { TWIN_REPORT_FORMATS } from '../reporters/index.ts';
import { CKAN_VERSIONS } from '../schema/ckan-version.ts';
import { RUN_DEFAULTS } from '../util/run-defaults.ts';
import type { FlagTable } from './flags.ts';
import type { CliIo } from './io.ts';
import type { OptionValues } from '../schema/option-table.ts';
import type { SELECTION_OPTIONS } from '../schema/run-options.ts';
import { mapRunArgs, mapRunEnv } from './options.ts';

/** The flags of `twin` beside the selection flags. */
export const TWIN_FLAGS = {
  target: { type: 'string', demandOption: true, describe: 'Base URL of the API to twin' },
  'token-env': { type: 'string', describe: "Environment variable holding the target's token (when none: the profile's token.env)" },
  'token-file': { type: 'string', describe: "File holding the target's token" },
  generate: { type: 'number', default: TWIN_DEFAULTS.generate, describe: "Requests generated from the target's data (0: none)" },
  seed: { type: 'number', fallback: 'random, printed', describe: 'Seed of the generated requests: the same seed sends the same requests' },
  'max-rows': { type: 'number', default: TWIN_DEFAULTS.maxRows, describe: 'A table with more rows is not mirrored (its requests are not sent)' },
  catalogue: { type: 'boolean', default: true, describe: 'Send the catalogue cases too (--no-catalogue: only generated requests)' },
  'ckan-version': {
    type: 'string',
    fallback: "status_show's, else the profile's ckan",
    describe: `CKAN version the mirror answers as (${CKAN_VERSIONS.slice(1).join(', ')}, or a release such as 2.11.5)`,
  },
  requests: { type: 'string', describe: 'Also send the requests of recorded traffic: a HAR file, JSON lines or an access log (.gz read too)' },
  sample: { type: 'number', fallback: 'all', describe: 'Send N of the distinct requests of --requests, drawn with --seed' },
  'mirror-dir': { type: 'string', fallback: 'a temp folder, removed', describe: "Keep the mirror's fixtures folder here, to serve it again with serve" },
  concurrency: { type: 'number', fallback: RUN_DEFAULTS.concurrency, describe: 'Request pairs in flight at once' },
  'timeout-ms': { type: 'number', fallback: RUN_DEFAULTS.timeoutMs, describe: 'Budget per request attempt, in ms' },
  retries: { type: 'number', fallback: RUN_DEFAULTS.retries, describe: 'Retries on network errors, 5xx and 429' },
  rate: { type: 'number', fallback: 'unlimited', describe: 'Requests per second at most, target and mirror together' },
  report: { type: 'string', fallback: TWIN_REPORT_FORMATS.join(','), describe: 'Report formats, comma-separated' },
  out: { type: 'string', fallback: RUN_DEFAULTS.outDir, describe: 'Report folder: twin.json, twin.md, twin.html' },
} as const satisfies FlagTable;

/** The parsed flags of `twin`. */
export interface TwinArgs extends OptionValues<typeof SELECTION_OPTIONS> {
  /** yargs' output, which run's flag layer is read from (selection, target, token, transport, report folder). */
  parsed: Readonly<Record<string, unknown>>;
  target: string;
  tokenEnv: string | undefined;
  tokenFile: string | undefined;
  generate: number;
  seed: number | undefined;
  maxRows: number;
  catalogue: boolean;
  ckanVersion: string | undefined;
  mirrorDir: string | undefined;
  requests: string | undefined;
  sample: number | undefined;
  concurrency: number | undefined;
  timeoutMs: number | undefined;
  retries: number | undefined;
  rate: number | undefined;
  report: string | undefined;
  out: string | undefined;
}

/** Flags and environment -> TwinSettings. `fileToken`: the --token-file's text, read by the handler. */
export function mapTwinArgs(args: TwinArgs, env: CliIo['env'], cwd: string, extra: { fileToken?: string; replay?: string }): TwinSettings {
  // why: --report names twin's formats, not run's
  const flags = mapRunArgs({ ...args.parsed, report: undefined }, env, cwd, extra.fileToken);
  return {
    run: { ...mapRunEnv(env), ...Object.fromEntries(Object.entries(flags).filter(([, value]) => value !== undefined)) },
    catalogue: args.catalogue,
    generate: args.generate,
    seed: args.seed,
    maxRows: args.maxRows,
    reportFormats: args.report,
    replay: extra.replay,
    mirrorDir: args.mirrorDir,
    requests: args.requests,
    sample: args.sample,
  };
}

const quote = (word: string): string => (/^[\w@%+=:,./-]+$/.test(word) ? word : `'${word.replaceAll("'", `'\\''`)}'`);

/** The command line that sends the same requests: this run's target, profile, token variable and selection, with --seed. */
export function twinReplayCommand(args: TwinArgs, seed: number): string {
  const words = ['datastore-kit', 'twin', '--target', quote(args.target)];
  const add = (flag: string, values: readonly (string | undefined)[]): void => {
    for (const value of values) if (value !== undefined) words.push(flag, quote(value));
  };
  add('--profile', [args.profileFile]);
  add('--token-env', [args.tokenEnv]);
  add('--token-file', [args.tokenFile]);
  add('--ckan-version', [args.ckanVersion]);
  if (args.casesDir !== undefined && args.casesDir !== RUN_DEFAULTS.casesDir) add('--cases', [args.casesDir]);
  add('--tag', args.tags ?? []);
  add('--id', args.ids ?? []);
  add('--grep', [args.grep]);
  if (!args.catalogue) words.push('--no-catalogue');
  if (args.maxRows !== TWIN_DEFAULTS.maxRows) words.push('--max-rows', String(args.maxRows));
  add('--requests', [args.requests]);
  if (args.sample !== undefined) words.push('--sample', String(args.sample));
  words.push('--generate', String(args.generate), '--seed', String(seed));
  return words.join(' ');
}
