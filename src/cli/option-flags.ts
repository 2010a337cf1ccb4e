// A command's flags from its option tables (schema/option-table.ts): the yargs options and --help lines (through
// flags.ts), how each flag is named in messages, and the pure reading of the parsed flags back into option values
// by API name. A flag's text becomes its value here (JSON, a comma list); the value is checked where every front
// door's is, in the command's resolve function.
import { KitError, KitErrorCode } from '../errors.ts';
import { literalChoices } from '../schema/option-check.ts';
import type { OptionDeclaration, OptionTable } from '../schema/option-table.ts';
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
  const shown = flag?.shownDefault ?? (declared.default === undefined ? undefined : String(declared.default));
  const describe = typeof schema.description === 'string' ? schema.description : '';
  return {
    type,
    describe,
    ...(shown === undefined ? {} : { fallback: shown }),
    ...(flag?.env === undefined ? {} : { env: flag.env }),
    ...(choices === undefined ? {} : { choices: choices.map(String) }),
    ...(kind === 'array' && flag?.text !== 'list' ? { array: true } : {}),
    ...(flag?.nargs === undefined ? {} : { nargs: flag.nargs }),
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

function readText(text: 'json' | 'list' | undefined, given: unknown, label: string): unknown {
  if (typeof given !== 'string' || text === undefined) return given;
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
