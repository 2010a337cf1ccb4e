// A command's flags from its option tables (schema/option-table.ts): the yargs options and --help lines (through
// flags.ts), how each flag is named in messages, and the pure reading of the parsed flags back into option values
// by API name. A flag's text becomes its value here (JSON, a comma list); the value is checked where every front
// door's is, in the command's resolve function.
import { KitError, KitErrorCode, OptionsError, type OptionProblemLine } from '../errors.ts';
import { checkOptionValue, literalChoices } from '../schema/option-check.ts';
import type { FlagDoor, OptionDeclaration, OptionTable } from '../schema/option-table.ts';
import type { FlagSpec, FlagTable } from './flags.ts';

/** The flags of the options of `tables` that have one, in table order, keyed by flag name. */
export function flagsOf(...tables: readonly OptionTable[]): FlagTable {
  const flags: Record<string, FlagSpec> = {};
  for (const table of tables) for (const declared of Object.values(table)) if (declared.flag !== null) flags[declared.flag.name] = toFlagSpec(declared);
  return flags;
}

function toFlagSpec(declared: OptionDeclaration): FlagSpec {
  const { schema, flag } = declared;
  const choices = literalChoices(schema);
  const kind: unknown = schema['type'];
  const type = choices !== undefined ? 'string' : kind === 'integer' || kind === 'number' ? 'number' : kind === 'boolean' ? 'boolean' : 'string';
  // why: an empty list (no --tag) is no default worth a word in --help
  const given = Array.isArray(declared.default) && declared.default.length === 0 ? undefined : declared.default;
  const shown = flag?.shownDefault ?? (given === undefined ? undefined : String(given));
  const describe = typeof schema.description === 'string' ? schema.description : '';
  return {
    type,
    describe,
    ...(shown === undefined ? {} : { fallback: shown }),
    ...(flag?.env === undefined ? {} : { env: flag.env }),
    ...(choices === undefined ? {} : { choices: choices.map(String) }),
    ...((kind === 'array' && flag?.text !== 'list') || flag?.text === 'pairs' ? { array: true } : {}),
    ...(flag?.nargs === undefined ? {} : { nargs: flag.nargs }),
    ...(flag?.required === true ? { demandOption: true } : {}),
  };
}

/** How the flags name an option in messages, by API name: `--page-size`, `-q`; the API name where there is no flag. */
export function flagLabelOf(...tables: readonly OptionTable[]): (key: string) => string {
  return (key) => {
    const flag = tables.find((table) => key in table)?.[key]?.flag;
    if (flag === undefined || flag === null) return key;
    return flag.name.length === 1 ? `-${flag.name}` : `--${flag.name}`;
  };
}

/**
 * The values of the flags given in `parsed` (yargs' output) for the options of `table`, by API name, each flag's
 * text read as its option takes it (JSON, a comma list). Throws KitError E_USAGE for JSON that does not parse.
 */
export function readFlagValues(table: OptionTable, parsed: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const [key, declared] of Object.entries(table)) {
    const flag = declared.flag;
    const given = flag === null ? undefined : parsed[flag.name];
    if (flag === null || given === undefined) continue;
    values[key] = readText(flag.text, given, `--${flag.name}`);
  }
  return values;
}

function readText(text: FlagDoor['text'], given: unknown, label: string): unknown {
  if (text === 'pairs' && Array.isArray(given)) return readPairs(given.map(String), label);
  if (typeof given !== 'string' || text === undefined) return given;
  if (text === 'shard') return parseShard(given);
  if (text === 'list')
    return given
      .split(',')
      .map((item) => item.trim())
      .filter((item) => item !== '');
  try {
    return JSON.parse(given);
  } catch (error) {
    throw new KitError(KitErrorCode.usage, `${label} is not JSON: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
  }
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

/**
 * The values of the environment variables the options of `table` name (the allowlist), by API name: a number
 * option's text read as a number. Throws OptionsError naming the variable for a value its option refuses.
 */
export function readEnvValues(table: OptionTable, env: Readonly<Record<string, string | undefined>>): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  const problems: OptionProblemLine[] = [];
  for (const [key, declared] of Object.entries(table)) {
    const name = declared.flag?.env;
    const text = name === undefined ? undefined : env[name]?.trim();
    if (name === undefined || text === undefined || text === '') continue;
    const numeric = declared.schema['type'] === 'integer' || declared.schema['type'] === 'number';
    const value = numeric ? Number(text) : text;
    const detail = numeric && !Number.isFinite(value) ? `must be a number, got ${JSON.stringify(text)}` : checkOptionValue(declared.schema, value);
    if (detail === undefined) values[key] = value;
    else problems.push({ key, message: `${name} ${detail}` });
  }
  if (problems.length > 0) throw new OptionsError(problems);
  return values;
}

/**
 * Repeated `NAME=VALUE` flags as an object: VALUE read as JSON when it is JSON (`rowsMax=50000`,
 * `categoryValues=["A","B"]`), else as the text it is (`categoryField=stage`). E_USAGE for a flag without `=`.
 */
export function readPairs(given: readonly string[], label: string): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const text of given) {
    const match = /^([A-Za-z][A-Za-z0-9_]*)=(.*)$/s.exec(text);
    if (match?.[1] === undefined || match[2] === undefined)
      throw new KitError(KitErrorCode.usage, `${label} ${text}: give NAME=VALUE, e.g. ${label} categoryField=stage`);
    values[match[1]] = readJsonOrText(match[2]);
  }
  return values;
}

function readJsonOrText(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
