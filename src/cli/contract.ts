// `datastore-kit contract FILE...`: saved response bodies against the ckan contract of a CKAN version, each
// finding with its JSON pointer. Exit 0 all keep it, 1 some do not, 2 a file cannot be read (or usage).
import type { Argv } from 'yargs';
import { checkResponseFiles, type ContractFilesOutcome } from '../api/contract-files.ts';
import { CKAN_VERSIONS, DEFAULT_CKAN_VERSION, type CkanVersion } from '../schema/ckan-version.ts';
import type { CliCommand } from './command.ts';
import type { CliIo } from './io.ts';
import { addFlags, type FlagTable } from './flags.ts';
import { formatDocsLink } from './docs-link.ts';

/** Arguments of `contract`, as parsed. */
export interface ContractArgs {
  files: readonly string[];
  action: string | undefined;
  ckanVersion: CkanVersion | 'auto' | undefined;
  recordsFormat: string | undefined;
  status: number | undefined;
}

/** The flags of `contract`. */
const CONTRACT_FLAGS = {
  action: {
    type: 'string',
    choices: ['datastore_search', 'datastore_search_sql'],
    fallback: "read from each body's help URL",
    describe: 'The action that answered',
  },
  'ckan-version': {
    type: 'string',
    choices: [...CKAN_VERSIONS, 'auto'],
    fallback: DEFAULT_CKAN_VERSION,
    describe: 'Whose contract: a CKAN version, or auto (from status_show bodies, else markers in the responses)',
  },
  'records-format': { type: 'string', choices: ['objects', 'lists', 'csv', 'tsv'], describe: 'The records_format the request asked for (datastore_search)' },
  status: { type: 'number', fallback: '200 for a success, else the status of its error __type', describe: 'The HTTP status of the bodies' },
} as const satisfies FlagTable;

export const contractCommand: CliCommand = {
  register(cli: Argv, io: CliIo, setExit: (code: number) => void, describe: string): Argv {
    return cli.command(
      'contract <files..>',
      describe,
      (y) =>
        // why: yargs drops a lone `-` (stdin) unless unknown options pass through as arguments; they are refused below
        addFlags(y, CONTRACT_FLAGS)
          .parserConfiguration({ 'unknown-options-as-args': true })
          .positional('files', { type: 'string', array: true, demandOption: true, describe: 'Files with one JSON response body each; - reads stdin' })
          .example('$0 contract search.json --ckan-version 2.10', 'Check a recorded datastore_search answer against CKAN 2.10')
          .example(
            'curl -s "$URL/api/3/action/datastore_search?resource_id=ID" | $0 contract - --ckan-version auto',
            'Check a live answer, naming the version it shows',
          )
          .epilog(formatDocsLink('contract.md')),
      async (argv) => {
        const args: ContractArgs = {
          files: (argv.files ?? []).map(String),
          action: argv.action,
          ckanVersion: argv['ckan-version'],
          recordsFormat: argv['records-format'],
          status: argv.status,
        };
        setExit(await contractHandler(args, io));
      },
    );
  },
};

async function contractHandler(args: ContractArgs, io: CliIo): Promise<number> {
  const unknown = args.files.find((file) => file.startsWith('-') && file !== '-');
  if (unknown !== undefined) {
    io.stderr.write(`datastore-kit: unknown option ${unknown}\nRun 'datastore-kit contract --help' for usage.\n`);
    return 2;
  }
  if (args.status !== undefined && (!Number.isInteger(args.status) || args.status < 100 || args.status > 599)) {
    io.stderr.write(`datastore-kit: --status must be an HTTP status (100-599), got ${String(args.status)}\n`);
    return 2;
  }
  const outcome = await checkResponseFiles({ ...args, cwd: io.cwd, readStdin: io.readStdin });
  io.stdout.write(formatContractOutcome(outcome));
  for (const { file, reason } of outcome.unreadable) io.stderr.write(`datastore-kit: ${file}: ${reason}\n`);
  if (outcome.unreadable.length > 0) return 2;
  return outcome.checked.some((c) => c.findings.length > 0) ? 1 : 0;
}

/** The version line, then per file `FILE (action, status): keeps the contract` or its findings, one a line. */
export function formatContractOutcome(outcome: ContractFilesOutcome): string {
  const head =
    outcome.version === undefined
      ? `CKAN version ${outcome.reason}; checked against ${outcome.versions.join(', ')} (a body passes when it keeps one of them)\n`
      : `CKAN ${outcome.version} (${outcome.reason})\n`;
  const lines = outcome.checked.map(({ file, action, status, findings }) => {
    const name = `${file === '-' ? 'stdin' : file} (${action}, ${status})`;
    if (findings.length === 0) return `${name}: keeps the contract\n`;
    const shown = findings.map((f) => `  ${f.path === '' ? '(root)' : f.path}: ${f.message} [${f.rule}]\n`).join('');
    return `${name}: ${findings.length} finding${findings.length === 1 ? '' : 's'}\n${shown}`;
  });
  return head + lines.join('');
}
