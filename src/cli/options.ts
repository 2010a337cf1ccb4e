// Flag and environment mapping for `run`, `list` and `check`: pure functions from parsed args to option layers.
import { readUpdateBaseline, type RunSettings } from '../api/run-options.ts';
import { KitError, KitErrorCode } from '../errors.ts';
import type { SelectionOptions } from '../runner/index.ts';
import { CKAN_VERSIONS, readCkanVersionText, type CkanVersion } from '../schema/ckan-version.ts';
import type { CliIo } from './io.ts';
import { RUN_ENV } from './run-flags.ts';

/** The flags shared by run, list and check, as yargs hands them over. */
export interface SelectionArgs {
  cases: string;
  profile: string | undefined;
  tag: readonly string[];
  grep: string | undefined;
  id: readonly string[];
  shard: string | undefined;
  allowEmpty: boolean;
}

/** The flags of `run`. Unset numbers stay undefined so the environment layer can fill them. */
export interface RunArgs extends SelectionArgs {
  target: string | undefined;
  reference: boolean;
  fixtures: string;
  tokenEnv: string | undefined;
  tokenFile: string | undefined;
  concurrency: number | undefined;
  timeoutMs: number | undefined;
  retries: number | undefined;
  rate: number | undefined;
  bail: boolean;
  /** --strict-known: known deviations of the target's CKAN release count as failures. */
  strictKnown?: boolean | undefined;
  report: string | undefined;
  out: string | undefined;
  contract: 'seed' | 'ckan' | undefined;
  /** --ckan-version: the target's CKAN version (with --reference, the server's). */
  ckanVersion?: string | undefined;
  /** --baseline DIR: compare each answer with its baseline file there. */
  baseline?: string | undefined;
  /** --update-baseline none|missing|changed|all (default none on CI, else missing). */
  updateBaseline?: string | undefined;
  /** --min-applicable PCT: fail a run where fewer variants applied. */
  minApplicable?: number | undefined;
  /** Each request and response on the console (the listener's concern; not a run option). */
  verbose?: boolean | undefined;
  /** Only the variants that failed or errored in the report folder's report.json (read by the handler). */
  lastFailed?: boolean | undefined;
}

/** Whether the environment says this is CI (`CI` set, not empty and not "false"), as Playwright reads it. */
export function isCiEnvironment(env: CliIo['env']): boolean {
  const value = env['CI']?.trim();
  return value !== undefined && value !== '' && value.toLowerCase() !== 'false';
}

/**
 * A `--ckan-version` value (2.8 ... 2.12, a release of one such as 2.11.5, or auto): the minor version, and the
 * release when one was named. Throws KitError E_USAGE naming the known ones otherwise.
 */
export function readCkanVersion(text: string): { version: CkanVersion | 'auto'; release?: string } {
  const trimmed = text.trim();
  if (trimmed === 'auto') return { version: trimmed };
  const named = readCkanVersionText(trimmed);
  if (named !== undefined) return named.release === undefined ? { version: named.minor } : { version: named.minor, release: named.release };
  throw new KitError(KitErrorCode.usage, `--ckan-version must be one of ${CKAN_VERSIONS.join(', ')} (or a release such as 2.11.5) or auto, got "${text}"`);
}

/** `2/5` -> { index: 2, count: 5 }; throws KitError E_USAGE otherwise. */
export function parseShard(text: string): { index: number; count: number } {
  const match = /^(\d+)\/(\d+)$/.exec(text.trim());
  const index = Number(match?.[1]);
  const count = Number(match?.[2]);
  if (match === null || index < 1 || count < 1 || index > count) {
    throw new KitError(KitErrorCode.usage, `--shard must be i/n with 1 <= i <= n (e.g. 2/4), got "${text}"`);
  }
  return { index, count };
}

/** Selection flags -> SelectionOptions for list/check (paths stay relative to `cwd`). */
export function mapSelectionArgs(args: SelectionArgs, cwd: string): SelectionOptions {
  return {
    cwd,
    casesDir: args.cases,
    profileFile: args.profile,
    tags: [...args.tag],
    grep: args.grep,
    ids: [...args.id],
    shard: args.shard === undefined ? undefined : parseShard(args.shard),
    allowEmpty: args.allowEmpty,
  };
}

/** The environment layer of `run` (only the RUN_ENV names). Throws KitError E_USAGE for a non-number. */
export function mapRunEnv(env: CliIo['env']): RunSettings {
  const layer: RunSettings = {};
  const read = (name: string): string | undefined => {
    const value = env[name]?.trim();
    return value === undefined || value === '' ? undefined : value;
  };
  const target = read(RUN_ENV.target);
  if (target !== undefined) layer.target = { kind: 'url', url: target };
  const token = read(RUN_ENV.token);
  if (token !== undefined) layer.token = token;
  for (const [key, name] of [
    ['concurrency', RUN_ENV.concurrency],
    ['timeoutMs', RUN_ENV.timeoutMs],
    ['retries', RUN_ENV.retries],
  ] as const) {
    const text = read(name);
    if (text === undefined) continue;
    const value = Number(text);
    if (!Number.isFinite(value)) throw new KitError(KitErrorCode.usage, `${name} must be a number, got "${text}"`);
    layer[key] = value;
  }
  const report = read(RUN_ENV.report);
  if (report !== undefined) layer.reportFormats = report;
  const out = read(RUN_ENV.out);
  if (out !== undefined) layer.outDir = out;
  return layer;
}

/**
 * The flag layer of `run`. `--token-env NAME` is read from `env` here; `--token-file` is read by the handler and
 * passed as `fileToken`. Throws KitError E_USAGE for conflicting or missing values.
 */
export function mapRunArgs(args: RunArgs, env: CliIo['env'], cwd: string, fileToken?: string): RunSettings {
  if (args.target !== undefined && args.reference) throw new KitError(KitErrorCode.usage, '--target and --reference cannot be used together');
  if (args.tokenEnv !== undefined && args.tokenFile !== undefined) {
    throw new KitError(KitErrorCode.usage, '--token-env and --token-file cannot be used together');
  }
  const selection = mapSelectionArgs(args, cwd);
  const flags: RunSettings = {
    cwd,
    casesDir: selection.casesDir,
    tags: selection.tags ?? [],
    ids: selection.ids ?? [],
    bail: args.bail,
    ...(args.strictKnown === true ? { strictKnown: true } : {}),
    allowEmpty: args.allowEmpty,
  };
  if (args.reference) flags.target = { kind: 'reference', fixturesDir: args.fixtures };
  if (args.target !== undefined) flags.target = { kind: 'url', url: args.target };
  if (selection.profileFile !== undefined) flags.profileFile = selection.profileFile;
  if (selection.grep !== undefined) flags.grep = selection.grep;
  if (selection.shard !== undefined) flags.shard = selection.shard;
  if (args.tokenEnv !== undefined) {
    const token = env[args.tokenEnv]?.trim();
    if (token === undefined || token === '') {
      throw new KitError(KitErrorCode.usage, `--token-env ${args.tokenEnv}: that environment variable is not set or empty`);
    }
    flags.token = token;
  }
  if (fileToken !== undefined) flags.token = fileToken;
  const numbers = { concurrency: args.concurrency, timeoutMs: args.timeoutMs, retries: args.retries, rateRps: args.rate };
  for (const [key, value] of Object.entries(numbers)) if (value !== undefined) Object.assign(flags, { [key]: value });
  if (args.report !== undefined) flags.reportFormats = args.report;
  if (args.out !== undefined) flags.outDir = args.out;
  if (args.contract !== undefined) flags.contract = args.contract;
  if (args.ckanVersion !== undefined) {
    const { version, release } = readCkanVersion(args.ckanVersion);
    flags.ckanVersion = version;
    if (release !== undefined) flags.ckanRelease = release;
  }
  if (args.minApplicable !== undefined) flags.minApplicablePct = args.minApplicable;
  if (args.updateBaseline !== undefined && args.baseline === undefined) {
    throw new KitError(KitErrorCode.usage, '--update-baseline needs --baseline DIR (the folder of the baseline files)');
  }
  if (args.baseline !== undefined) {
    flags.baselineDir = args.baseline;
    // why: as Playwright does with snapshots: a CI run never records silently, a local run records what is new
    flags.updateBaseline = readUpdateBaseline(args.updateBaseline ?? (isCiEnvironment(env) ? 'none' : 'missing'));
  }
  return flags;
}
