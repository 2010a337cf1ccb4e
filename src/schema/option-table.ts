// One declaration per option of a command: the value's schema (type, range, description), its default, and its name
// at each front door, the flag and the job-file key, each given or `null` (Vitest's CLIOptions habit: a declaration
// that does not say whether it has a flag does not compile). A command's flags and --help (cli/option-flags.ts),
// its job-file schema and its API's option types derive from its table, and every front door checks a value with
// checkOptionValue (option-check.ts), so a bad value reads the same whichever door it came through.
import { Type, type Static, type TSchema } from '@sinclair/typebox';

/** How an option is given on the command line. */
export interface FlagDoor {
  /** As typed, without `--` (kebab-case; one letter for a short flag such as `q`). */
  readonly name: string;
  /** What --help shows as the default where it is a rule rather than a value (`from --out's extension`). */
  readonly shownDefault?: string;
  /** The environment variable read when the flag is absent (the allowlist; read in cli/ only). */
  readonly env?: string;
  /**
   * How the flag's text becomes the value where that is not text, a number or a boolean: JSON, a comma list, `i/n`,
   * or repeated NAME=VALUE pairs (each VALUE JSON or text) into an object.
   */
  readonly text?: 'json' | 'list' | 'shard' | 'pairs';
  /** The command cannot run without it (yargs' demandOption). */
  readonly required?: true;
  /** Values the flag takes; 1 lets the value be `-` (stdout), which yargs would otherwise read as an argument. */
  readonly nargs?: number;
}

/** How an option is given in a job file. */
export interface JobDoor<V> {
  /** The key, camelCase as the job file spells it (`rate` for the API's `rateRps`). */
  readonly key: string;
  /** The default in a job file where it differs from the command's (`resume`: a rerun continues). */
  readonly default?: V;
  /** The job file's own description where the value means more there (`out`: relative to the job file). */
  readonly description?: string;
  /** Given on each extract, never in `defaults` (`out`, `target`). */
  readonly perItem?: true;
  /** Each item must give it. */
  readonly required?: true;
}

type ReadOnlyList<V> = V extends readonly (infer I)[] ? readonly I[] : V;

/** The doors of an option: both must be said, `null` for none. */
export interface OptionDoors<V> {
  readonly flag: FlagDoor | null;
  readonly job: JobDoor<V> | null;
  /** The value when no door gives one. */
  readonly default?: V;
}

/** One option: its value's schema and its doors. */
export type OptionDeclaration<S extends TSchema = TSchema> = { readonly schema: S } & OptionDoors<ReadOnlyList<Static<S>>>;

/** A command's options, keyed by the API's name of each. */
export type OptionTable = Readonly<Record<string, OptionDeclaration>>;

/** Declares one option; `doors` must say `flag` and `job` (each `null` when there is none). */
export function option<S extends TSchema, const D extends OptionDoors<ReadOnlyList<Static<S>>>>(schema: S, doors: D): { readonly schema: S } & D {
  return Object.freeze({ schema, ...doors });
}

/** An option's value as the API takes it: its schema's type, lists read-only (the options are never changed). */
/** The same option with another --help line (a command that shares it says what it means there). */
export function describedAs<D extends OptionDeclaration>(declared: D, description: string): D {
  return Object.freeze({ ...declared, schema: { ...declared.schema, description } });
}

type ValueOf<D> = D extends { readonly schema: infer S extends TSchema } ? ReadOnlyList<Static<S>> : never;

/** What a caller gives: every option optional; undefined is not given. */
export type OptionValues<T extends OptionTable> = { -readonly [K in keyof T]?: ValueOf<T[K]> | undefined };

/** After resolution: an option with a default has a value. */
export type ResolvedOptionValues<T extends OptionTable> = {
  readonly [K in keyof T]: T[K] extends { readonly default: unknown } ? ValueOf<T[K]> : ValueOf<T[K]> | undefined;
};

/** Where a job file's properties go: on each item, or in `defaults` (which has no per-item keys and no required one). */
export type JobPlace = 'item' | 'defaults';

/**
 * The job-file properties of a table's options, keyed by job key: the option's schema with the job's description
 * and default, optional unless the job says required.
 */
export function jobPropertiesOf(table: OptionTable, place: JobPlace): Record<string, TSchema> {
  const properties: Record<string, TSchema> = {};
  for (const declared of Object.values(table)) {
    const job = declared.job;
    if (job === null || (place === 'defaults' && job.perItem === true)) continue;
    const shown = job.default ?? declared.default;
    const schema = {
      ...declared.schema,
      ...(job.description === undefined ? {} : { description: job.description }),
      ...(shown === undefined ? {} : { default: shown }),
    };
    properties[job.key] = job.required === true && place === 'item' ? schema : Type.Optional(schema);
  }
  return properties;
}
