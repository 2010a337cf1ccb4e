// The flags of `extract`, from its option tables, and their pure mapping to the API's options: the flags' values
// by API name, resolved with the flags' names so a bad value reads `--page-size must be ...` (the API and a job
// file say the same words after their own names).
import { KitError, KitErrorCode } from '../errors.ts';
import type { ExtractOptions, ExtractSource } from '../api/extract.ts';
import { resolveExtractOptions } from '../extract/index.ts';
import { EXTRACT_HTTP_OPTIONS, EXTRACT_JOB_OPTIONS, EXTRACT_OPTIONS, EXTRACT_SOURCE_OPTIONS } from '../schema/extract-options.ts';
import { checkOptionValues, withDefaults } from '../schema/option-check.ts';
import type { ResolvedOptionValues } from '../schema/option-table.ts';
import { flagLabelOf, flagsOf, readFlagValues } from './option-flags.ts';

/** The flags of `extract`: where from, the job file, then what and how (numbers have no yargs default). */
export const EXTRACT_FLAGS = flagsOf(EXTRACT_SOURCE_OPTIONS, EXTRACT_JOB_OPTIONS, EXTRACT_OPTIONS, EXTRACT_HTTP_OPTIONS);

const label = flagLabelOf(EXTRACT_SOURCE_OPTIONS, EXTRACT_JOB_OPTIONS, EXTRACT_OPTIONS, EXTRACT_HTTP_OPTIONS);

/** The flags that choose the source and a job file, checked. */
export type ExtractDoorFlags = ResolvedOptionValues<typeof EXTRACT_SOURCE_OPTIONS> & ResolvedOptionValues<typeof EXTRACT_JOB_OPTIONS>;

/** Reads the source and job flags from yargs' output; throws OptionsError (E_USAGE) for a refused value. Pure. */
export function readDoorFlags(parsed: Readonly<Record<string, unknown>>): ExtractDoorFlags {
  const source = checkOptionValues(EXTRACT_SOURCE_OPTIONS, readFlagValues(EXTRACT_SOURCE_OPTIONS, parsed), label);
  const job = checkOptionValues(EXTRACT_JOB_OPTIONS, readFlagValues(EXTRACT_JOB_OPTIONS, parsed), label);
  return { ...withDefaults(EXTRACT_SOURCE_OPTIONS, source), ...withDefaults(EXTRACT_JOB_OPTIONS, job) };
}

/**
 * Maps the flags of one extract (yargs' output) to the API's options: every value checked and related as the API
 * and a job file check them, named as flags. `fileToken` is --token-file's text, read by the handler. Pure; throws
 * KitError E_USAGE (OptionsError listing every problem).
 */
export function toExtractOptions(
  parsed: Readonly<Record<string, unknown>>,
  env: Readonly<Record<string, string | undefined>>,
  fileToken?: string,
): ExtractOptions {
  const door = readDoorFlags(parsed);
  if ((door.target === undefined) === (door.reference !== true)) throw usage('give exactly one of --target URL or --reference');
  const given = { ...readFlagValues(EXTRACT_OPTIONS, parsed), http: readFlagValues(EXTRACT_HTTP_OPTIONS, parsed) };
  const resolved = resolveExtractOptions(given, label, door.target);
  const token = fileToken ?? readToken(door.tokenEnv, env);
  const source: ExtractSource =
    door.target === undefined ? { reference: { fixturesDir: door.fixtures } } : { target: door.target, ...(token === undefined ? {} : { token }) };
  return { ...resolved, source };
}

/**
 * The flags that go with --job: --restart (every extract of the job), --force and --reference; the options of one
 * extract are the job file's, and a flag for one is refused rather than left unread. Pure.
 */
export function toJobFlags(parsed: Readonly<Record<string, unknown>>): { restart: boolean } {
  const given = Object.keys({ ...readFlagValues(EXTRACT_OPTIONS, parsed), ...readFlagValues(EXTRACT_HTTP_OPTIONS, parsed) });
  const door = readFlagValues(EXTRACT_SOURCE_OPTIONS, parsed);
  const stray = [...given.filter((key) => key !== 'restart'), ...['target', 'tokenEnv', 'tokenFile'].filter((key) => key in door)];
  if (stray.length > 0) {
    throw usage(`${stray.map(label).join(', ')} ${stray.length === 1 ? 'does' : 'do'} not go with --job: the job file gives each extract its options`);
  }
  return { restart: parsed['restart'] === true };
}

function usage(message: string): KitError {
  return new KitError(KitErrorCode.usage, message);
}

function readToken(name: string | undefined, env: Readonly<Record<string, string | undefined>>): string | undefined {
  if (name === undefined) return undefined;
  const value = env[name];
  if (value === undefined || value === '') throw usage(`--token-env ${name}: the environment variable is not set`);
  return value;
}
