// `datastore-kit probe`: asks a target what it is and writes a profile `run` uses as is.
import path from 'node:path';
import type { Argv } from 'yargs';
import { probeProfile, type ProbeProfileOptions, type ProbeProfileOutcome } from '../api/probe.ts';
import { resolveProbeOptions } from '../api/probe-options.ts';
import { checkOptionValues } from '../schema/option-check.ts';
import { PROBE_DOOR_OPTIONS, PROBE_OPTIONS } from '../schema/probe-options.ts';
import type { CliIo } from './io.ts';
import { addFlags } from './flags.ts';
import type { CliCommand } from './command.ts';
import { flagLabelOf, flagsOf, readFlagValues } from './option-flags.ts';
import { readGivenToken } from './token-file.ts';
import { formatDocsLink } from './docs-link.ts';

/** The flags of `probe`, from their declarations (schema/probe-options.ts). */
const PROBE_FLAGS = flagsOf(PROBE_OPTIONS, PROBE_DOOR_OPTIONS);

const label = flagLabelOf(PROBE_DOOR_OPTIONS, PROBE_OPTIONS);

/** Maps the flags (yargs' output; the token read from file or environment) to probeProfile's options, checked. Pure. */
export function mapProbeArgs(parsed: Readonly<Record<string, unknown>>, cwd: string, token: string | undefined): ProbeProfileOptions {
  const given = readFlagValues(PROBE_OPTIONS, parsed);
  return { ...resolveProbeOptions({ ...given, ...(token === undefined ? {} : { token }) }, label), cwd };
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
        setExit(await runProbe(argv, io));
      },
    );
  },
};

async function runProbe(parsed: Readonly<Record<string, unknown>>, io: CliIo): Promise<number> {
  const { tokenFile } = checkOptionValues(PROBE_DOOR_OPTIONS, readFlagValues(PROBE_DOOR_OPTIONS, parsed), label);
  const { tokenEnv } = checkOptionValues(PROBE_OPTIONS, readFlagValues(PROBE_OPTIONS, parsed), label);
  const token = await readGivenToken({ tokenFile, tokenEnv }, io);
  const outcome = await probeProfile(mapProbeArgs(parsed, io.cwd, token), label);
  io.stderr.write(formatProbeSummary(outcome, io.cwd));
  if (outcome.outPath === undefined) io.stdout.write(outcome.text);
  return 0;
}
