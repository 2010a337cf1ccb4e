// `datastore-kit probe`: asks a target what it is and writes a profile `run` uses as is.
import path from 'node:path';
import type { Argv } from 'yargs';
import { KitError, KitErrorCode } from '../errors.ts';
import { probeProfile, type ProbeProfileOptions, type ProbeProfileOutcome } from '../index.ts';
import type { CliIo } from './io.ts';
import type { CliCommand } from './command.ts';
import { readGivenToken } from './token-file.ts';

/** The parsed flags of `probe`. */
export interface ProbeArgs {
  target: string;
  tokenFile?: string | undefined;
  tokenEnv?: string | undefined;
  resource?: readonly string[] | undefined;
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
  return {
    cwd,
    targetUrl: args.target,
    token,
    tokenEnv: args.tokenEnv,
    resources: args.resource,
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

/** The summary on stderr: what was found and left out, and where the profile went. */
export function formatProbeSummary(outcome: ProbeProfileOutcome, cwd: string): string {
  const { profile, notes, requests } = outcome.result;
  const count = (o: object | undefined): number => Object.keys(o ?? {}).length;
  const relative = outcome.outPath === undefined ? '' : path.relative(cwd, outcome.outPath);
  const shown = relative === '' || relative.startsWith('..') ? outcome.outPath : relative;
  const where = shown === undefined ? 'printed below' : `wrote ${shown}`;
  const lines = [
    `probe: ${where}: CKAN ${profile.ckan ?? 'unknown'}; capabilities ${profile.capabilities.join(', ') || 'none'}; ${count(profile.resources)} resources, ${count(profile.values)} values (${requests} requests)`,
    ...(notes.leftOut ?? []).map((l) => `  left out ${l.section}.${l.name}: ${l.reason}`),
  ];
  return `${lines.join('\n')}\n`;
}

export const probeCommand: CliCommand = {
  register(cli: Argv, io: CliIo, setExit: (code: number) => void, describe: string): Argv {
    return cli.command(
      'probe',
      describe,
      (y) =>
        y
          .option('target', { type: 'string', demandOption: true, describe: 'Base URL of the CKAN site' })
          .option('token-file', { type: 'string', describe: 'File holding an API token (to find a private resource the token opens)' })
          .option('token-env', { type: 'string', describe: 'Environment variable holding the token; the profile names it as token.env' })
          .conflicts('token-env', 'token-file')
          .option('resource', { type: 'string', array: true, describe: 'Resource id to use (repeatable), or NAME=ID (courses, measurements, staff); default: discovered' })
          .option('out', { type: 'string', describe: 'Profile file to write (default: print it)' })
          .option('force', { type: 'boolean', default: false, describe: 'Overwrite an existing --out' })
          .option('name', { type: 'string', describe: 'Profile name (default: the --out file name, else the host)' })
          .option('cases', { type: 'string', default: 'cases', describe: 'Catalogue whose names the profile fills in' })
          .option('timeout-ms', { type: 'number', describe: 'Budget per request attempt, in ms (default 15000)' })
          .option('retries', { type: 'number', describe: 'Retries on network errors, 5xx and 429 (default 1)' })
          .option('rate', { type: 'number', describe: 'Requests per second at most (default unlimited)' })
          .option('max-requests', { type: 'number', describe: 'Requests sent at most (default 150)' })
          .example('$0 probe --target https://ckan.example.org --out profiles/mine.yaml', 'Write a profile for your site')
          .example('$0 probe --target http://localhost:5000 --token-env CKAN_TOKEN --resource courses=<id> --out p.yaml', 'With a token and a chosen resource')
          .epilog('Exit codes: 0 written, 2 bad flags or --out exists without --force, 3 unreachable, no DataStore API, or --out cannot be written.'),
      async (argv) => {
        const args: ProbeArgs = {
          target: argv.target,
          tokenFile: argv['token-file'],
          tokenEnv: argv['token-env'],
          resource: argv.resource?.map(String),
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
