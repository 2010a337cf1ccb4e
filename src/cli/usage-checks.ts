// Usage problems yargs reports poorly: a number flag given text (yargs parses it to NaN), and unknown flags it
// lists twice (`bogus-flag, bogusFlag`, its camel-case alias).

/**
 * The first number flag whose value is not a number, as `--concurrency must be a number, got "abc"`, or
 * undefined. `parsed` is yargs' parsed argv; `argv` the raw arguments, where the text as typed is found.
 */
export function findNotANumber(parsed: Readonly<Record<string, unknown>>, argv: readonly string[]): string | undefined {
  // why: yargs sets each flag under its kebab name and a camelCase alias; report the name as typed
  const key = Object.keys(parsed).find((name) => !/[A-Z]/.test(name) && typeof parsed[name] === 'number' && Number.isNaN(parsed[name]));
  if (key === undefined) return undefined;
  const flag = `--${key}`;
  const at = argv.findIndex((arg) => arg === flag || arg.startsWith(`${flag}=`));
  const given = at === -1 ? undefined : argv[at] === flag ? argv[at + 1] : argv[at]?.slice(flag.length + 1);
  return `${flag} must be a number, got ${given === undefined ? 'no value' : JSON.stringify(given)}`;
}

/**
 * yargs' `Unknown arguments: bogus-flag, bogusFlag` with each flag once, as typed: `Unknown argument: --bogus-flag`.
 * A word given where the command takes none (`argv`: the raw arguments) is shown as typed, not as a flag:
 * `run cases/search` -> `Unknown argument: cases/search (...)`.
 */
export function dedupeUnknownArguments(message: string, argv: readonly string[] = []): string {
  const match = /^Unknown arguments?: (.*)$/s.exec(message);
  if (match === null) return message;
  const names = (match[1] ?? '').split(', ');
  const camel = (name: string): string => name.replace(/-([a-z0-9])/g, (_m, c: string) => c.toUpperCase());
  const aliases = new Set(names.filter((name) => name.includes('-')).map(camel));
  const words = new Set(argv.filter((arg) => !arg.startsWith('-')));
  const shown = names.filter((name) => !aliases.has(name)).map((name) => (words.has(name) ? name : name.length === 1 ? `-${name}` : `--${name}`));
  const extra = names.some((name) => words.has(name)) ? ' (this command takes no such word: options are written --name value)' : '';
  return `Unknown argument${shown.length === 1 ? '' : 's'}: ${shown.join(', ')}${extra}`;
}

/**
 * yargs' `Invalid values:` block for a flag given a value outside its choices, in the words every front door uses
 * for such a value (schema/option-check.ts): `--format must be one of csv, tsv, jsonl, json, parquet, got "xml"`,
 * one line per flag. Any other message is returned as it is.
 */
export function rewordInvalidChoices(message: string): string {
  if (!message.startsWith('Invalid values:')) return message;
  const lines = [...message.matchAll(/Argument: ([\w-]+), Given: (.*?), Choices: (.*)$/gm)].map(([, name = '', given = '', choices = '']) => {
    const listed = choices.split(', ').map((choice) => choice.replace(/^"(.*)"$/, '$1'));
    return `${name.length === 1 ? '-' : '--'}${name} must be one of ${listed.join(', ')}, got ${given}`;
  });
  return lines.length === 0 ? message : lines.join('\n');
}
