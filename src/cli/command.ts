// The shape of one CLI command module (one file per command); listed, lazily, in commands.ts.
import type { Argv } from 'yargs';
import type { CliIo } from './io.ts';

/** A command module: registers itself on yargs; its handler stores the exit code through `setExit`. */
export interface CliCommand {
  /** Adds the command (options, handler) to `cli`; `describe` is its one-line description from the command table. */
  register(cli: Argv, io: CliIo, setExit: (code: number) => void, describe: string): Argv;
}
