// `datastore-kit serve`: runs the reference server over a fixtures folder until SIGINT/SIGTERM.
import path from 'node:path';
import type { Argv } from 'yargs';
import { KitError, KitErrorCode, startReferenceServer, type ReferenceServerOptions } from '../index.ts';
import type { CliCommand } from './main.ts';
import type { CliIo } from './io.ts';

/** The parsed flags of `serve`, as yargs hands them over. */
export interface ServeArgs {
  fixtures: string;
  host: string;
  port: number;
  rowsDefault: number;
  rowsMax: number;
  apiToken: string[];
  sql: boolean;
  allowedFunctions: string | undefined;
  sqlTimeoutMs: number | undefined;
}

/** Maps flags and environment to server options. Pure; tokens from DATASTORE_KIT_API_TOKEN are added to --api-token. */
export function resolveServeOptions(args: ServeArgs, env: CliIo['env'], cwd: string): ReferenceServerOptions {
  for (const [flag, value] of [['--port', args.port], ['--rows-default', args.rowsDefault], ['--rows-max', args.rowsMax]] as const) {
    if (!Number.isInteger(value) || value < 0) throw new KitError(KitErrorCode.usage, `${flag} must be a whole number >= 0, got ${String(value)}`);
  }
  if (args.port > 65535) throw new KitError(KitErrorCode.usage, `--port must be at most 65535, got ${args.port}`);
  if (args.sqlTimeoutMs !== undefined && (!Number.isInteger(args.sqlTimeoutMs) || args.sqlTimeoutMs <= 0)) {
    throw new KitError(KitErrorCode.usage, `--sql-timeout-ms must be a whole number > 0, got ${String(args.sqlTimeoutMs)}`);
  }
  const envToken = env['DATASTORE_KIT_API_TOKEN']?.trim();
  const apiTokens = [...args.apiToken, ...(envToken ? [envToken] : [])].filter((token) => token !== '');
  const options: ReferenceServerOptions = {
    fixturesDir: path.resolve(cwd, args.fixtures),
    host: args.host,
    port: args.port,
    config: {
      rowsDefault: args.rowsDefault,
      rowsMax: args.rowsMax,
      apiTokens,
      sqlEnabled: args.sql,
      ...(args.sqlTimeoutMs === undefined ? {} : { sqlTimeoutMs: args.sqlTimeoutMs }),
    },
  };
  if (args.allowedFunctions !== undefined) options.allowedFunctionsFile = path.resolve(cwd, args.allowedFunctions);
  return options;
}

/** The one ready line: base URL, resource count and fixtures folder (never a token). */
export function formatReadyLine(url: string, resourceCount: number, fixturesArg: string): string {
  const folder = fixturesArg.endsWith('/') ? fixturesArg : `${fixturesArg}/`;
  const noun = resourceCount === 1 ? 'resource' : 'resources';
  return `datastore-kit reference server listening on ${url} (${resourceCount} ${noun}, ${folder})`;
}

export const serveCommand: CliCommand = {
  register(cli: Argv, io: CliIo, setExit: (code: number) => void): Argv {
    return cli.command(
      'serve',
      'Run the reference server (CKAN DataStore read API) over a fixtures folder',
      (y) =>
        y
          .option('fixtures', { type: 'string', default: 'fixtures', describe: 'Folder with datapackage.json and CSV files' })
          .option('host', { type: 'string', default: '127.0.0.1', describe: 'Interface to bind' })
          .option('port', { type: 'number', default: 8800, describe: 'TCP port (0 picks a free one)' })
          .option('rows-default', { type: 'number', default: 100, describe: 'Default limit of datastore_search' })
          .option('rows-max', { type: 'number', default: 32000, describe: 'Largest limit of datastore_search (and SQL row cap)' })
          .option('api-token', { type: 'string', array: true, default: [], describe: 'Token that may read private resources (repeatable; also DATASTORE_KIT_API_TOKEN)' })
          .option('sql', { type: 'boolean', default: true, describe: 'Serve datastore_search_sql (--no-sql turns it off)' })
          .option('allowed-functions', { type: 'string', describe: 'SQL function allow-list file, one name a line' })
          .option('sql-timeout-ms', { type: 'number', describe: 'Statement timeout of datastore_search_sql in ms (default 60000)' }),
      async (argv) => {
        const args: ServeArgs = {
          fixtures: argv.fixtures,
          host: argv.host,
          port: argv.port,
          rowsDefault: argv['rows-default'],
          rowsMax: argv['rows-max'],
          apiToken: argv['api-token'].map(String),
          sql: argv.sql,
          allowedFunctions: argv['allowed-functions'],
          sqlTimeoutMs: argv['sql-timeout-ms'],
        };
        setExit(await runServe(args, io));
      },
    );
  },
};

/** Starts the server, prints the ready line, and resolves with exit code 0 once stopped by a signal. */
export async function runServe(args: ServeArgs, io: CliIo): Promise<number> {
  const options = resolveServeOptions(args, io.env, io.cwd);
  const server = await startReferenceServer(options);
  io.stdout.write(`${formatReadyLine(server.url, server.datastore.resources.length, args.fixtures)}\n`);
  await new Promise<void>((resolve) => {
    const stopListening = io.onStop(() => {
      stopListening();
      resolve();
    });
  });
  await server.close();
  return 0;
}
