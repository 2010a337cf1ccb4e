// `datastore-kit serve`: runs the reference server over a fixtures folder until SIGINT/SIGTERM.
import type { Argv } from 'yargs';
import { startReferenceServer } from '../server/index.ts';
import { resolveWithBundled } from '../util/bundled.ts';
import type { CliCommand } from './command.ts';
import type { CliIo } from './io.ts';
import { readTokenFile } from './token-file.ts';
import { addFlags } from './flags.ts';
import { formatDocsLink } from './docs-link.ts';
import { formatReadyLine, resolveServeOptions, SERVE_FLAGS, type ServeArgs } from './serve-options.ts';

/** `datastore-kit serve [options]`. */
export const serveCommand: CliCommand = {
  register(cli: Argv, io: CliIo, setExit: (code: number) => void, describe: string): Argv {
    return cli.command(
      'serve',
      describe,
      (y) =>
        addFlags(y, SERVE_FLAGS)
          .example('$0 serve', 'The bundled fixtures on http://127.0.0.1:8800 (answers as CKAN 2.11)')
          .example('$0 serve --fixtures my-fixtures --port 0 --api-token-file tokens.txt', 'Your own fixtures, a free port, private resources behind tokens')
          .example('$0 serve --ckan-version 2.10 --no-sql', 'Answer as CKAN 2.10, without datastore_search_sql')
          .epilog(formatDocsLink('reference-server.md')),
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
          reload: argv.reload,
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
  // why: outside a clone (the kit installed in another project) the default `fixtures` is the bundled folder
  const fixtures = await resolveWithBundled(io.cwd, args.fixtures, SERVE_FLAGS.fixtures.default);
  const options = resolveServeOptions({ ...args, fixtures }, io.env, io.cwd, fileTokens);
  let stopRequested = false;
  let wake = (): void => {};
  const stopListening = io.onStop(() => {
    stopRequested = true;
    wake();
  });
  try {
    const server = await startReferenceServer(options);
    if (!stopRequested) {
      io.stdout.write(`${formatReadyLine(server.url, server.datastore.resources.length, fixtures, server.config.ckanVersion)}\n`);
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
