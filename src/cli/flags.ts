// One declaration per CLI flag: type, default, description and environment variable, in a table per command
// (or per group of flags several commands share). yargs options and help text are derived from the table, so a
// default or a variable name is written once. To add a flag: add a row to its command's table.
import { KitError, KitErrorCode } from '../errors.ts';
import type { Argv, InferredOptionTypes, Options } from 'yargs';

/** One flag, keyed by its name (kebab-case, as typed) in a FlagTable. */
export interface FlagSpec {
  readonly type: 'string' | 'number' | 'boolean';
  /** One line for --help; the default and the environment variable are appended from the fields below. */
  readonly describe: string;
  /** Applied by yargs when the flag is absent, so the parsed value is never undefined. */
  readonly default?: string | number | boolean | readonly string[];
  /**
   * The value used when neither the flag nor `env` is given, applied after the environment layer (e.g. by
   * resolveRunOptions): shown in --help as the default, not applied by yargs, so the parsed value stays
   * undefined and a lower layer can fill it.
   */
  readonly fallback?: string | number;
  /** Environment variable read when the flag is absent (the allowlist; read in cli/ only). */
  readonly env?: string;
  readonly array?: boolean;
  readonly choices?: readonly (string | number)[];
  readonly demandOption?: boolean;
  /** Values the flag takes; 1 lets the value be `-` (stdout), which yargs would otherwise read as an argument. */
  readonly nargs?: number;
}

/** A command's flags by name. Declare with `as const satisfies FlagTable` so yargs infers the parsed types. */
export type FlagTable = Readonly<Record<string, FlagSpec>>;

/** The yargs option of one flag: the description with its environment variable, the default yargs shows. */
export function toYargsOption(spec: FlagSpec, name = ''): Options {
  const option: Options = {
    type: spec.type,
    describe: spec.env === undefined ? spec.describe : `${spec.describe} (env ${spec.env})`,
  };
  if (spec.default !== undefined) option.default = spec.default;
  if (spec.fallback !== undefined) option.defaultDescription = String(spec.fallback);
  if (spec.array === true) option.array = true;
  if (spec.choices !== undefined) option.choices = spec.choices;
  if (spec.demandOption === true) option.demandOption = true;
  if (spec.nargs !== undefined) option.nargs = spec.nargs;
  // why: yargs collects a single-valued flag given twice into an array, which then reads as one value joined by a
  // comma. A repeatable flag gets a coerce too: it replaces the check where a command redeclares a shared flag as
  // repeatable (diff's --profile), since yargs keeps an earlier declaration's coerce
  option.coerce = spec.array === true ? (value: unknown): unknown => value : (value: unknown): unknown => refuseRepeated(name, value);
  return option;
}

function refuseRepeated(name: string, value: unknown): unknown {
  if (!Array.isArray(value)) return value;
  const given = value.map((item) => JSON.stringify(item)).join(', ');
  throw new KitError(KitErrorCode.usage, `--${name} was given ${value.length} times (${given}); give it once`);
}

/**
 * The parsed flags after adding `F`: typed as `F` says for a table declared `as const`; a table derived from option
 * declarations (cli/option-flags.ts) is read back by name through its declarations, and keeps what came before.
 */
type WithFlags<T, F extends FlagTable> = string extends keyof F ? T & Readonly<Record<string, unknown>> : Omit<T, keyof F> & InferredOptionTypes<F>;

/** Adds every flag of `table` to `y`. */
export function addFlags<T, F extends FlagTable>(y: Argv<T>, table: F): Argv<WithFlags<T, F>> {
  const options = Object.fromEntries(Object.entries(table).map(([name, spec]) => [name, toYargsOption(spec, name)]));
  // why: `options` holds `table` row for row, so the types yargs would infer from `table` are the parsed ones
  return y.options(options) as unknown as Argv<WithFlags<T, F>>;
}
