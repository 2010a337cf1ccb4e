// `datastore-kit check`: validates the catalogue (and profile) and expands every case; sends nothing.
import type { Argv } from 'yargs';
import { prepareCatalogue, type PreparedCatalogue } from '../index.ts';
import type { CliIo } from './io.ts';
import type { CliCommand } from './command.ts';
import { addSelectionOptions, readSelectionArgs } from './options-yargs.ts';
import { mapSelectionArgs } from './options.ts';

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

export const checkCommand: CliCommand = {
  register(cli: Argv, io: CliIo, setExit: (code: number) => void, describe: string): Argv {
    return cli.command(
      'check',
      describe,
      (y) =>
        addSelectionOptions(y)
          .example('$0 check', 'Validate cases/ against the case schema')
          .example('$0 check --profile profiles/mine.yaml', 'Also validate a profile and resolve its variables'),
      async (argv) => {
        const args = readSelectionArgs(argv);
        const prepared = await prepareCatalogue(mapSelectionArgs(args, io.cwd), io.env);
        io.stdout.write(formatCheckLine(args.cases, prepared) + formatNotApplicable(prepared));
        setExit(0);
      },
    );
  },
};
