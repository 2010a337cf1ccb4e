// `datastore-kit probe`: asks a target what it is and writes a profile `run` uses as is.
import path from 'node:path';
import type { Argv } from 'yargs';
import { KitError, KitErrorCode } from '../errors.ts';
import { probeProfile, type ProbeProfileOptions, type ProbeProfileOutcome } from '../api/probe.ts';
import { PROBE_DEFAULTS } from '../probe/index.ts';
import { RUN_DEFAULTS } from '../util/run-defaults.ts';
import type { CliIo } from './io.ts';
import { addFlags, type FlagTable } from './flags.ts';
import type { CliCommand } from './command.ts';
import { readGivenToken } from './token-file.ts';
import { formatDocsLink } from './docs-link.ts';

/** The parsed flags of `probe`. */
export interface ProbeArgs {
  target: string;
  tokenFile?: string | undefined;
  tokenEnv?: string | undefined;
  resource?: readonly string[] | undefined;
  value?: readonly string[] | undefined;
  examineMs?: number | undefined;
  out?: string | undefined;
  force?: boolean | undefined;
  name?: string | undefined;
  cases?: string | undefined;
  timeoutMs?: number | undefined;
  retries?: number | undefined;
  rate?: number | undefined;
  maxRequests?: number | undefined;
}

/** Maps the flags (and the token read from file or environment) to probeProfile's options. Pure. */
export function mapProbeArgs(args: ProbeArgs, cwd: string, token: string | undefined): ProbeProfileOptions {
  if (args.maxRequests !== undefined && (!Number.isInteger(args.maxRequests) || args.maxRequests < 10)) {
    throw new KitError(KitErrorCode.usage, `--max-requests must be an integer >= 10, got ${String(args.maxRequests)}`);
  }
  if (args.examineMs !== undefined && (!Number.isFinite(args.examineMs) || args.examineMs < 0)) {
    throw new KitError(KitErrorCode.usage, `--examine-ms must be a number of milliseconds >= 0, got ${String(args.examineMs)}`);
  }
  return {
    cwd,
    targetUrl: args.target,
    token,
    tokenEnv: args.tokenEnv,
    resources: args.resource,
    ...(args.value === undefined ? {} : { values: parseValueFlags(args.value) }),
    ...(args.examineMs === undefined ? {} : { examineMs: args.examineMs }),
    out: args.out,
    force: args.force,
    name: args.name,
    casesDir: args.cases,
    timeoutMs: args.timeoutMs,
    retries: args.retries,
    rateRps: args.rate,
    maxRequests: args.maxRequests,
  };
}

/**
 * `--value NAME=VALUE` flags as named values: VALUE read as JSON when it is JSON (`rowsMax=50000`,
 * `categoryValues=["A","B"]`), else as the text it is (`categoryField=stage`). E_USAGE for a flag without `=`.
 */
export function parseValueFlags(given: readonly string[]): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const text of given) {
    const match = /^([A-Za-z][A-Za-z0-9_]*)=(.*)$/s.exec(text);
    if (match?.[1] === undefined || match[2] === undefined)
      throw new KitError(KitErrorCode.usage, `--value ${text}: give NAME=VALUE, e.g. --value categoryField=stage`);
    values[match[1]] = readValue(match[2]);
  }
  return values;
}

function readValue(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** The summary on stderr: what was found and left out, and where the profile went. */
export function formatProbeSummary(outcome: ProbeProfileOutcome, cwd: string): string {
  const { profile, notes, requests } = outcome.result;
  const count = (o: object | undefined): number => Object.keys(o ?? {}).length;
  const relative = outcome.outPath === undefined ? '' : path.relative(cwd, outcome.outPath);
  const shown = relative === '' || relative.startsWith('..') ? outcome.outPath : relative;
  const where = shown === undefined ? 'printed below' : `wrote ${shown}`;
  const lines = [
    `probe: ${where}: CKAN ${profile.ckan ?? 'unknown'}; capabilities ${profile.capabilities.join(', ') || 'none'}; ${count(profile.resources)} resources, ${count(profile.values)} values (${requests} requests)`,
    ...groupLeftOut(notes.leftOut ?? []),
  ];
  return `${lines.join('\n')}\n`;
}

/** Names shown per root cause before "and N more". */
const SHOWN_NAMES = 5;

/**
 * One line per root cause: the names left out for the same reason together (`left out capabilities.sql,
 * values.likePattern: datastore_search_sql answered 404`), so one missing table does not print 30 lines.
 */
export function groupLeftOut(leftOut: readonly { section: string; name: string; reason: string }[]): string[] {
  const byReason = new Map<string, string[]>();
  for (const l of leftOut) byReason.set(l.reason, [...(byReason.get(l.reason) ?? []), `${l.section}.${l.name}`]);
  return [...byReason].map(([reason, names]) => {
    const shown = names.length > SHOWN_NAMES ? `${names.slice(0, SHOWN_NAMES - 1).join(', ')} and ${names.length - SHOWN_NAMES + 1} more` : names.join(', ');
    return `  left out ${shown}: ${reason}`;
  });
}

/** The flags of `probe`. */
const PROBE_FLAGS = {
  target: { type: 'string', demandOption: true, describe: 'Base URL of the CKAN site' },
  'token-file': { type: 'string', describe: 'File holding an API token (to find a private resource the token opens)' },
  'token-env': { type: 'string', describe: 'Environment variable holding the token; the profile names it as token.env' },
  resource: { type: 'string', array: true, fallback: 'discovered', describe: 'Resource id to use (repeatable), or NAME=ID (courses, measurements, staff)' },
  value: {
    type: 'string',
    array: true,
    fallback: 'found',
    describe: 'A value to use instead of looking for it (repeatable): NAME=VALUE, e.g. categoryField=stage; VALUE is JSON or text',
  },
  'examine-ms': { type: 'number', fallback: PROBE_DEFAULTS.examineMs, describe: 'Time spent examining the listed resources to choose from, in ms' },
  out: { type: 'string', fallback: 'print it', describe: 'Profile file to write' },
  force: { type: 'boolean', default: false, describe: 'Overwrite an existing --out' },
  name: { type: 'string', fallback: 'the --out file name, else the host', describe: 'Profile name' },
  cases: { type: 'string', default: RUN_DEFAULTS.casesDir, describe: 'Catalogue whose names the profile fills in' },
  'timeout-ms': { type: 'number', fallback: PROBE_DEFAULTS.timeoutMs, describe: 'Budget per request attempt, in ms' },
  retries: { type: 'number', fallback: PROBE_DEFAULTS.retries, describe: 'Retries on network errors, 5xx and 429' },
  rate: { type: 'number', fallback: 'unlimited', describe: 'Requests per second at most' },
  'max-requests': { type: 'number', fallback: PROBE_DEFAULTS.maxRequests, describe: 'Requests sent at most' },
} as const satisfies FlagTable;

export const probeCommand: CliCommand = {
  register(cli: Argv, io: CliIo, setExit: (code: number) => void, describe: string): Argv {
    return cli.command(
      'probe',
      describe,
      (y) =>
        addFlags(y, PROBE_FLAGS)
          .conflicts('token-env', 'token-file')
          .example('$0 probe --target https://ckan.example.org --out profiles/mine.yaml', 'Write a profile for your site')
          .example('$0 probe --target http://localhost:5000 --token-env CKAN_TOKEN --resource courses=<id> --out p.yaml', 'With a token and a chosen resource')
          .epilog('Exit codes: 0 written, 2 bad flags or --out exists without --force, 3 unreachable, no DataStore API, or --out cannot be written.')
          .epilog(formatDocsLink('profiles.md')),
      async (argv) => {
        const args: ProbeArgs = {
          target: argv.target,
          tokenFile: argv['token-file'],
          tokenEnv: argv['token-env'],
          resource: argv.resource?.map(String),
          value: argv.value?.map(String),
          examineMs: argv['examine-ms'],
          out: argv.out,
          force: argv.force,
          name: argv.name,
          cases: argv.cases,
          timeoutMs: argv['timeout-ms'],
          retries: argv.retries,
          rate: argv.rate,
          maxRequests: argv['max-requests'],
        };
        setExit(await runProbe(args, io));
      },
    );
  },
};

async function runProbe(args: ProbeArgs, io: CliIo): Promise<number> {
  const token = await readGivenToken(args, io);
  const outcome = await probeProfile(mapProbeArgs(args, io.cwd, token));
  io.stderr.write(formatProbeSummary(outcome, io.cwd));
  if (outcome.outPath === undefined) io.stdout.write(outcome.text);
  return 0;
}
