// The command table: every command's name and description, and a loader for its module. `main` loads only the
// command named on the command line (none for --help and --version), so a start sets up one command's modules
// instead of all of them (from the sources, it also transpiles only those). To add a command: write
// src/cli/<name>.ts exporting a CliCommand, then add one row here.
import type { CliCommand } from './command.ts';

/** One row of the command table. */
export interface CommandEntry {
  /** The command word, as typed: `datastore-kit <name>`. */
  readonly name: string;
  /** One line for `--help`. */
  readonly describe: string;
  /** Imports the command's module (only when the command is used). */
  load(): Promise<CliCommand>;
}

export const COMMANDS: readonly CommandEntry[] = [
  {
    name: 'run',
    describe: 'Run the case catalogue against a target API or the bundled reference server, and write reports',
    load: async () => (await import('./run.ts')).runCommand,
  },
  {
    name: 'diff',
    describe: 'Send the same requests (catalogue cases, generated ones, recorded traffic) to two targets and report every disagreement',
    load: async () => (await import('./diff.ts')).diffCommand,
  },
  {
    name: 'upgrade-check',
    describe: 'What clients see change between two CKAN releases (two reference servers, or two targets): the changes, explained',
    load: async () => (await import('./upgrade-check.ts')).upgradeCheckCommand,
  },
  {
    name: 'twin',
    describe:
      "Mirror the target's own tables into the reference server and send both the same requests: every difference, judged against the API description and CKAN",
    load: async () => (await import('./twin.ts')).twinCommand,
  },
  {
    name: 'list',
    describe: 'Print the selected cases (id, class, title, variants); sends nothing',
    load: async () => (await import('./list.ts')).listCommand,
  },
  {
    name: 'check',
    describe: 'Validate the case catalogue and profile (exit 0 valid, 2 invalid); sends nothing',
    load: async () => (await import('./check.ts')).checkCommand,
  },
  {
    name: 'probe',
    describe: 'Ask a CKAN site what it is and write a profile for it (resources and values checked against the site)',
    load: async () => (await import('./probe.ts')).probeCommand,
  },
  {
    name: 'contract',
    describe: 'Check saved response bodies against the contract of a CKAN version (exit 0 all keep it, 1 some do not, 2 unreadable)',
    load: async () => (await import('./contract.ts')).contractCommand,
  },
  {
    name: 'serve',
    describe: 'Run the reference server (CKAN DataStore read API) over a fixtures folder',
    load: async () => (await import('./serve.ts')).serveCommand,
  },
  {
    name: 'extract',
    describe: 'Extract a resource or an SQL query to a file (paged, resumable, with a manifest), or run a job file',
    load: async () => (await import('./extract.ts')).extractCommand,
  },
  {
    name: 'report',
    describe: 'Merge shard reports or re-render reports from a saved report.json',
    load: async () => (await import('./report.ts')).reportCommand,
  },
];

/** The table row of the command named by the first word of `argv` that is not an option, if any. */
export function findCommand(argv: readonly string[]): CommandEntry | undefined {
  const word = argv.find((arg) => !arg.startsWith('-'));
  return COMMANDS.find((entry) => entry.name === word);
}
