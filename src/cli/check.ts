// `datastore-kit check`: validates the catalogue (and profile) and expands every case; sends nothing.
import type { Argv } from 'yargs';
import { KitError, KitErrorCode } from '../errors.ts';
import { maskUrlCredentials } from '../util/redact.ts';
import { verifyProfileOnTarget } from '../api/probe.ts';
import type { VerifyResult } from '../probe/index.ts';
import { prepareCatalogue, type PreparedCatalogue } from '../runner/index.ts';
import type { CliIo } from './io.ts';
import { addFlags, type FlagTable } from './flags.ts';
import type { CliCommand } from './command.ts';
import { addSelectionOptions } from './options-yargs.ts';
import { mapSelectionArgs } from './options.ts';
import { readGivenToken } from './token-file.ts';
import { formatDocsLink } from './docs-link.ts';

/** The success line, e.g. `cases: 42 cases, 97 variants are valid (profile "reference")`. */
export function formatCheckLine(casesDir: string, prepared: PreparedCatalogue): string {
  const n = prepared.cases.length;
  const v = prepared.variants.length;
  const notApplicable = prepared.variants.filter((x) => x.notApplicable !== undefined).length;
  const na = notApplicable > 0 ? `; ${notApplicable} not applicable to this profile` : '';
  return `${casesDir}: ${n} case${n === 1 ? '' : 's'}, ${v} variant${v === 1 ? '' : 's'} are valid (profile "${prepared.profile.name}")${na}\n`;
}

/**
 * Why variants are not applicable, one line per distinct reason with the cases it covers (a misspelt
 * `${resources.x}` shows up here), at most `limit` reasons.
 */
export function formatNotApplicable(prepared: PreparedCatalogue, limit = 10): string {
  const byReason = new Map<string, string[]>();
  for (const variant of prepared.variants) {
    if (variant.notApplicable === undefined) continue;
    const ids = byReason.get(variant.notApplicable) ?? [];
    if (!ids.includes(variant.caseId)) ids.push(variant.caseId);
    byReason.set(variant.notApplicable, ids);
  }
  const lines = [...byReason].slice(0, limit).map(([reason, ids]) => {
    const shown = ids.slice(0, 3).join(', ') + (ids.length > 3 ? `, +${ids.length - 3} more` : '');
    return `  not applicable: ${reason}: ${shown}\n`;
  });
  const more = byReason.size > limit ? `  ... and ${byReason.size - limit} more reasons\n` : '';
  return lines.join('') + more;
}

/** The live verification's lines: one per problem, or one saying all held. */
export function formatVerifyResult(target: string, result: VerifyResult): string {
  const targetUrl = maskUrlCredentials(target);
  if (result.problems.length === 0) return `${targetUrl}: ${result.checked} resources and values answer and occur as the profile says\n`;
  return `${result.problems.map((p) => `  ${p}\n`).join('')}${targetUrl}: ${result.problems.length} of ${result.checked} resources and values do not answer or occur\n`;
}

/** The flags of `check` beside the selection flags. */
const CHECK_FLAGS = {
  target: { type: 'string', describe: 'Also verify the profile on this live target: resources answer, values occur' },
  'token-file': { type: 'string', describe: 'File holding the API token (with --target)' },
  'token-env': { type: 'string', fallback: "the profile's token.env", describe: 'Environment variable holding the token' },
} as const satisfies FlagTable;

export const checkCommand: CliCommand = {
  register(cli: Argv, io: CliIo, setExit: (code: number) => void, describe: string): Argv {
    return cli.command(
      'check',
      describe,
      (y) =>
        addFlags(addSelectionOptions(y), CHECK_FLAGS)
          .conflicts('token-env', 'token-file')
          .example('$0 check', 'Validate cases/ against the case schema')
          .example('$0 check --profile profiles/mine.yaml', 'Also validate a profile: its names, and its variables in every case')
          .example('$0 check --profile profiles/mine.yaml --target https://ckan.example.org', 'And verify its resources and values there')
          .epilog('Exit codes: 0 valid, 1 a resource or value does not answer or occur on --target, 2 invalid catalogue or profile, 3 --target unreachable.')
          .epilog(formatDocsLink('cases.md')),
      async (argv) => {
        const selection = mapSelectionArgs(argv, io.cwd);
        const prepared = await prepareCatalogue({ ...selection, checkProfileNames: true }, io.env);
        io.stdout.write(formatCheckLine(selection.casesDir, prepared) + formatNotApplicable(prepared));
        if (argv.target === undefined) return setExit(0);
        if (selection.profileFile === undefined) throw new KitError(KitErrorCode.usage, 'check --target needs --profile FILE (the profile to verify)');
        const token = await readGivenToken({ tokenFile: argv['token-file'], tokenEnv: argv['token-env'] }, io, prepared.profile.token?.env);
        const result = await verifyProfileOnTarget(prepared.profile, { targetUrl: argv.target, token });
        io.stdout.write(formatVerifyResult(argv.target, result));
        setExit(result.problems.length === 0 ? 0 : 1);
      },
    );
  },
};
