// `datastore-kit serve`: runs the reference server over a fixtures folder until SIGINT/SIGTERM.
import type { Argv } from 'yargs';
import { SERVER_CKAN_VERSIONS, defaultWorkerCount, startReferenceServer } from '../index.ts';
import type { CliCommand } from './command.ts';
import type { CliIo } from './io.ts';
import { readTokenFile } from './token-file.ts';
import { formatReadyLine, resolveServeOptions, type ServeArgs } from './serve-options.ts';

/** `datastore-kit serve [options]`. */
export const serveCommand: CliCommand = {
  register(cli: Argv, io: CliIo, setExit: (code: number) => void, describe: string): Argv {
    return cli.command(
      'serve',
      describe,
      (y) =>
        y
          .option('fixtures', { type: 'string', default: 'fixtures', describe: 'Folder with datapackage.json and CSV files' })
          .option('host', { type: 'string', default: '127.0.0.1', describe: 'Interface to bind' })
          .option('port', { type: 'number', default: 8800, describe: 'TCP port (0 picks a free one)' })
          .option('rows-default', { type: 'number', default: 100, describe: 'Default limit of datastore_search' })
          .option('rows-max', { type: 'number', default: 32000, describe: 'Largest limit of datastore_search (and SQL row cap)' })
          .option('api-token', {
            type: 'string', array: true, default: [],
            describe: 'Token that may read private resources (repeatable). Other users see it in `ps`: prefer --api-token-file or DATASTORE_KIT_API_TOKEN',
          })
          .option('api-token-file', { type: 'string', describe: 'File holding the tokens that may read private resources, one a line (preferred to --api-token)' })
          .option('sql', { type: 'boolean', default: true, describe: 'Serve datastore_search_sql (--no-sql turns it off)' })
          .option('allowed-functions', { type: 'string', describe: 'SQL function allow-list file, one name a line' })
          .option('sql-timeout-ms', { type: 'number', describe: 'Statement timeout of datastore_search_sql in ms, counted from when the server accepted it (default 60000)' })
          .option('search-timeout-ms', { type: 'number', describe: 'Statement timeout of datastore_search in ms, counted from when the server accepted it (default 60000)' })
          .option('search-workers', { type: 'number', describe: `Most searches running at once; each PGlite worker holds a copy of the data and opens when all are busy (default ${defaultWorkerCount()} here: cores, 2..4)` })
          .option('sql-workers', { type: 'number', describe: `Most SQL queries running at once, apart from searches (default ${defaultWorkerCount()} here)` })
          .option('ckan-version', {
            type: 'string',
            describe: `Answer as this CKAN version does (${SERVER_CKAN_VERSIONS.join(', ')}; default 2.11): _links or next_page, filter operators, totals, timestamps, SQL numbers, errors, status_show`,
          })
          .option('database-url', {
            type: 'string',
            describe: 'Run on this PostgreSQL server (postgres://...) instead of the embedded PGlite; WRITES there: drops and recreates its database datastore_kit (also DATASTORE_KIT_DATABASE_URL)',
          }),
      async (argv) => {
        const args: ServeArgs = {
          fixtures: argv.fixtures,
          host: argv.host,
          port: argv.port,
          rowsDefault: argv['rows-default'],
          rowsMax: argv['rows-max'],
          apiToken: argv['api-token'].map(String),
          apiTokenFile: argv['api-token-file'],
          sql: argv.sql,
          allowedFunctions: argv['allowed-functions'],
          sqlTimeoutMs: argv['sql-timeout-ms'],
          searchTimeoutMs: argv['search-timeout-ms'],
          searchWorkers: argv['search-workers'],
          sqlWorkers: argv['sql-workers'],
          databaseUrl: argv['database-url'],
          ckanVersion: argv['ckan-version'],
        };
        setExit(await runServe(args, io));
      },
    );
  },
};

/**
 * Starts the server, prints the ready line, and resolves with exit code 0 once stopped by a signal.
 * A signal during startup is honoured too: the server closes as soon as it is up, without a ready line.
 */
export async function runServe(args: ServeArgs, io: CliIo): Promise<number> {
  const fileTokens = args.apiTokenFile === undefined ? [] : (await readTokenFile(args.apiTokenFile, io.cwd, '--api-token-file')).split(/\r?\n/);
  const options = resolveServeOptions(args, io.env, io.cwd, fileTokens);
  let stopRequested = false;
  let wake = (): void => {};
  const stopListening = io.onStop(() => {
    stopRequested = true;
    wake();
  });
  try {
    const server = await startReferenceServer(options);
    if (!stopRequested) {
      io.stdout.write(`${formatReadyLine(server.url, server.datastore.resources.length, args.fixtures, server.config.ckanVersion)}\n`);
      await new Promise<void>((resolve) => {
        wake = resolve;
        if (stopRequested) resolve();
      });
    }
    await server.close();
    return 0;
  } finally {
    stopListening();
  }
}
