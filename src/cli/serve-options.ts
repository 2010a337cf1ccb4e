// Pure mapping of `serve` flags and environment to reference server options, and the ready line.
import path from 'node:path';
import { KitError, KitErrorCode } from '../errors.ts';
import { RUN_DEFAULTS } from '../util/run-defaults.ts';
import { DEFAULT_CKAN_VERSION, readCkanVersionText } from '../schema/ckan-version.ts';
import {
  defaultWorkerCount,
  isServerCkanVersion,
  SERVER_CKAN_VERSIONS,
  SERVER_CONFIG_DEFAULTS,
  type ReferenceServerOptions,
  type ServerCkanVersion,
  WORKER_GROW_AFTER_MS,
} from '../server/index.ts';
import type { FlagTable } from './flags.ts';
import type { CliIo } from './io.ts';

/** The flags of `serve`. */
export const SERVE_FLAGS = {
  fixtures: {
    type: 'string',
    default: RUN_DEFAULTS.fixturesDir,
    describe: 'Folder with datapackage.json and CSV files (the bundled one if the default is missing)',
  },
  host: { type: 'string', default: '127.0.0.1', describe: 'Interface to bind' },
  port: { type: 'number', default: 8800, describe: 'TCP port (0 picks a free one)' },
  'rows-default': { type: 'number', default: SERVER_CONFIG_DEFAULTS.rowsDefault, describe: 'Default limit of datastore_search' },
  'rows-max': { type: 'number', default: SERVER_CONFIG_DEFAULTS.rowsMax, describe: 'Largest limit of datastore_search (and SQL row cap)' },
  'api-token': {
    type: 'string',
    array: true,
    default: [],
    env: 'DATASTORE_KIT_API_TOKEN',
    describe: 'Token that may read private resources (repeatable). Other users see it in `ps`: prefer --api-token-file or the environment',
  },
  'api-token-file': { type: 'string', describe: 'File holding the tokens that may read private resources, one a line (preferred to --api-token)' },
  sql: { type: 'boolean', default: SERVER_CONFIG_DEFAULTS.sqlEnabled, describe: 'Serve datastore_search_sql (--no-sql turns it off)' },
  'allowed-functions': { type: 'string', describe: 'SQL function allow-list file, one name a line' },
  'sql-timeout-ms': {
    type: 'number',
    fallback: SERVER_CONFIG_DEFAULTS.sqlTimeoutMs,
    describe: 'Statement timeout of datastore_search_sql in ms, counted from when the server accepted it',
  },
  'search-timeout-ms': {
    type: 'number',
    fallback: SERVER_CONFIG_DEFAULTS.searchTimeoutMs,
    describe: 'Statement timeout of datastore_search in ms, counted from when the server accepted it',
  },
  'search-workers': {
    type: 'number',
    fallback: `${defaultWorkerCount()} here: cores, 2..4`,
    describe: `Most searches running at once; each PGlite worker holds a copy of the data and opens once a search has waited ${WORKER_GROW_AFTER_MS / 1000} s for busy ones`,
  },
  'sql-workers': { type: 'number', fallback: `${defaultWorkerCount()} here`, describe: 'Most SQL queries running at once, apart from searches' },
  'ckan-version': {
    type: 'string',
    fallback: DEFAULT_CKAN_VERSION,
    describe: `Answer as this CKAN version does (${SERVER_CKAN_VERSIONS.join(', ')}): _links or next_page, filter operators, totals, timestamps, SQL numbers, errors, status_show`,
  },
  'database-url': {
    type: 'string',
    env: 'DATASTORE_KIT_DATABASE_URL',
    describe:
      'Run on this PostgreSQL server (postgres://...) instead of the embedded PGlite; WRITES there: drops and recreates its database datastore_kit when the fixtures change',
  },
  reload: {
    type: 'boolean',
    default: false,
    describe: 'With --database-url: drop and reload the database even when it holds these fixtures already (undoes changes made there by hand)',
  },
} as const satisfies FlagTable;

/** The parsed flags of `serve`, as yargs hands them over. */
export interface ServeArgs {
  fixtures: string;
  host: string;
  port: number;
  rowsDefault: number;
  rowsMax: number;
  apiToken: string[];
  /** --api-token-file: tokens one a line (read by the command, passed to resolveServeOptions as `fileTokens`). */
  apiTokenFile?: string | undefined;
  sql: boolean;
  allowedFunctions: string | undefined;
  sqlTimeoutMs: number | undefined;
  /** --search-timeout-ms: statement timeout of datastore_search. */
  searchTimeoutMs?: number | undefined;
  /** --search-workers / --sql-workers: most statements of each action running at once. */
  searchWorkers?: number | undefined;
  sqlWorkers?: number | undefined;
  /** --database-url: run on this PostgreSQL server instead of PGlite (also DATASTORE_KIT_DATABASE_URL). */
  databaseUrl?: string | undefined;
  /** --ckan-version: the CKAN version whose answers the server gives (default 2.11). */
  ckanVersion?: string | undefined;
  /** --reload: with --database-url, reload even when the database holds these fixtures already. */
  reload?: boolean | undefined;
}

/**
 * Maps flags and environment to server options. Pure: the tokens of --api-token, then of --api-token-file
 * (`fileTokens`, the file's lines), then DATASTORE_KIT_API_TOKEN, blank ones dropped.
 */
export function resolveServeOptions(args: ServeArgs, env: CliIo['env'], cwd: string, fileTokens: readonly string[] = []): ReferenceServerOptions {
  for (const [flag, value] of [
    ['--port', args.port],
    ['--rows-default', args.rowsDefault],
    ['--rows-max', args.rowsMax],
  ] as const) {
    if (!Number.isInteger(value) || value < 0) throw new KitError(KitErrorCode.usage, `${flag} must be a whole number >= 0, got ${String(value)}`);
  }
  if (args.port > 65535) throw new KitError(KitErrorCode.usage, `--port must be at most 65535, got ${args.port}`);
  const positive = [
    ['--sql-timeout-ms', args.sqlTimeoutMs],
    ['--search-timeout-ms', args.searchTimeoutMs],
    ['--search-workers', args.searchWorkers],
    ['--sql-workers', args.sqlWorkers],
  ] as const;
  for (const [flag, value] of positive) {
    if (value !== undefined && (!Number.isInteger(value) || value <= 0))
      throw new KitError(KitErrorCode.usage, `${flag} must be a whole number > 0, got ${String(value)}`);
  }
  const envToken = env[SERVE_FLAGS['api-token'].env]?.trim();
  const apiTokens = [...args.apiToken, ...fileTokens.map((token) => token.trim()), ...(envToken ? [envToken] : [])].filter((token) => token !== '');
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
      ...(args.ckanVersion === undefined ? {} : readServerCkanVersion(args.ckanVersion)),
      ...(args.searchTimeoutMs === undefined ? {} : { searchTimeoutMs: args.searchTimeoutMs }),
    },
    ...(args.searchWorkers === undefined ? {} : { searchWorkers: args.searchWorkers }),
    ...(args.sqlWorkers === undefined ? {} : { sqlWorkers: args.sqlWorkers }),
  };
  if (args.allowedFunctions !== undefined) options.allowedFunctionsFile = path.resolve(cwd, args.allowedFunctions);
  const databaseUrl = args.databaseUrl ?? env[SERVE_FLAGS['database-url'].env]?.trim();
  if (databaseUrl !== undefined && databaseUrl !== '') options.databaseUrl = databaseUrl;
  if (args.reload === true) options.reloadDatabase = true;
  return options;
}

/** The one ready line: base URL, resource count, fixtures folder and CKAN version (never a token). */
export function formatReadyLine(url: string, resourceCount: number, fixturesArg: string, ckanVersion?: string): string {
  const folder = fixturesArg.endsWith('/') ? fixturesArg : `${fixturesArg}/`;
  const noun = resourceCount === 1 ? 'resource' : 'resources';
  const version = ckanVersion === undefined ? '' : ` as CKAN ${ckanVersion}`;
  return `datastore-kit reference server listening on ${url} (${resourceCount} ${noun}, ${folder})${version}`;
}

/** A `--ckan-version` value the reference server can answer as (a version or a release of one), or a usage error. */
export function readServerCkanVersion(value: string): { ckanVersion: ServerCkanVersion; ckanRelease?: string } {
  const trimmed = value.trim();
  const named = readCkanVersionText(trimmed);
  if (named !== undefined && isServerCkanVersion(named.minor)) {
    return named.release === undefined ? { ckanVersion: named.minor } : { ckanVersion: named.minor, ckanRelease: named.release };
  }
  throw new KitError(KitErrorCode.usage, `--ckan-version must be one of ${SERVER_CKAN_VERSIONS.join(', ')} (or a release such as 2.11.5), got "${value}"`);
}
