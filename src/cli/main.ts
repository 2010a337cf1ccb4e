// The CLI: builds yargs over the commands, holds the one catch-all, and maps errors to exit codes.
import type { Argv } from 'yargs';
import { PACKAGE_INFO } from '../util/package-info.ts';
import { isKitError, toEnvironmentError } from '../errors.ts';
import { COMMANDS, findCommand, type CommandEntry } from './commands.ts';
import type { CliIo } from './io.ts';
import { dedupeUnknownArguments, findNotANumber, rewordInvalidChoices } from './usage-checks.ts';
import { formatDocsLink } from './docs-link.ts';

/** Runs the CLI with these arguments and returns the process exit code. Never calls process.exit. */
export async function main(argv: readonly string[], io: CliIo): Promise<number> {
  // why: the version alone needs no parser; loading yargs (cliui's string-width builds Intl.Segmenter and Unicode
  // regexes as it loads) was two thirds of a `--version` start
  if (argv.length === 1 && argv[0] === '--version') {
    io.stdout.write(`${PACKAGE_INFO.version}\n`);
    return 0;
  }
  const { default: yargs } = await import('yargs');
  let exitCode = 0;
  const setExit = (code: number): void => {
    exitCode = code;
  };
  let cli: Argv = yargs([...argv])
    .scriptName('datastore-kit')
    .usage('$0 <command> [options]\n\nConformance kit, reference server and extractor for the CKAN DataStore read API.')
    .strict()
    .demandCommand(1, `Name a command: ${COMMANDS.map((entry) => entry.name).join(', ')}.`)
    .recommendCommands()
    .example('$0 run --reference', 'The catalogue against the bundled reference server')
    .example('$0 run --target https://ckan.example.org --profile profiles/mine.yaml', 'Against your API (write the profile with probe)')
    .example('$0 run --help', "One command's flags and examples")
    .epilog(formatDocsLink('README.md'))
    .exitProcess(false)
    // why: the kit speaks English; yargs would otherwise follow LANG and mix its words into ours
    .locale('en')
    // why: yargs lays out the help text on every command, for a later showHelp(); laid out unwrapped it costs a
    // fifth of that, and it is only shown when asked for
    .wrap(asksForHelp(argv) ? Math.min(110, process.stdout.columns ?? 100) : null)
    .help()
    .alias('h', 'help')
    .version(PACKAGE_INFO.version)
    .fail((message: string | undefined, error: Error | undefined) => {
      // why: a YError is yargs' own usage error (a flag's coerce check among them), not a bug
      if (error?.name === 'YError') throw new UsageFailure(error.message);
      throw error ?? new UsageFailure(rewordInvalidChoices(dedupeUnknownArguments(message ?? 'invalid usage', argv)));
    })
    .middleware((parsed) => {
      const problem = findNotANumber(parsed, argv);
      if (problem !== undefined) throw new UsageFailure(problem);
    });
  try {
    // why: only the command named on the command line is loaded; the others are listed for --help and suggestions
    const used = findCommand(argv);
    for (const entry of COMMANDS) {
      cli = entry === used ? (await entry.load()).register(cli, io, setExit, entry.describe) : listCommand(cli, entry);
    }
    cli = cli.showHelpOnFail(false);
    await cli.parseAsync([...argv], {}, (_err: unknown, _argv: unknown, output: string) => {
      // why: with exitProcess(false) yargs hands --help/--version text here instead of printing it
      if (output) io.stdout.write(output.endsWith('\n') ? output : `${output}\n`);
    });
    return exitCode;
  } catch (error) {
    return reportError(error, io);
  }
}

function asksForHelp(argv: readonly string[]): boolean {
  return argv.some((arg) => arg === '--help' || arg === '-h' || arg === 'help');
}

/** A command listed but not loaded: reached only when options come before the command word. */
function listCommand(cli: Argv, entry: CommandEntry): Argv {
  return cli.command(entry.name, entry.describe, {}, () => {
    throw new UsageFailure(`name the command first: datastore-kit ${entry.name} [options]`);
  });
}

class UsageFailure extends Error {
  override readonly name = 'UsageFailure';
}

function reportError(error: unknown, io: CliIo): number {
  if (error instanceof UsageFailure) {
    io.stderr.write(`datastore-kit: ${error.message}\nRun 'datastore-kit --help' for usage.\n`);
    return 2;
  }
  // why: a file system or network refusal that no module words itself is the environment's, never a bug's exit 70
  const known = isKitError(error) ? error : toEnvironmentError(error);
  if (known !== undefined) {
    io.stderr.write(`${known.message}${known.message.includes(`(${known.code})`) ? '' : ` (${known.code})`}\n`);
    return known.exitCode;
  }
  const text = error instanceof Error ? (error.stack ?? error.message) : String(error);
  io.stderr.write(`datastore-kit: internal error (a bug, please report it)\n${text}\n`);
  return 70;
}
