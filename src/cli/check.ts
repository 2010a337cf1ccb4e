// `datastore-kit check`: validates the catalogue (and profile) and expands every case; sends nothing.
import type { Argv } from 'yargs';
import { prepareCatalogue, type PreparedCatalogue } from '../index.ts';
import type { CliIo } from './io.ts';
import type { CliCommand } from './main.ts';
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

export const checkCommand: CliCommand = {
  register(cli: Argv, io: CliIo, setExit: (code: number) => void): Argv {
    return cli.command(
      'check',
      'Validate the case catalogue and profile (exit 0 valid, 2 invalid); sends nothing',
      (y) =>
        addSelectionOptions(y)
          .example('$0 check', 'Validate cases/ against the case schema')
          .example('$0 check --profile profiles/mine.yaml', 'Also validate a profile and resolve its variables'),
      async (argv) => {
        const args = readSelectionArgs(argv);
        const prepared = await prepareCatalogue(mapSelectionArgs(args, io.cwd), io.env);
        io.stdout.write(formatCheckLine(args.cases, prepared));
        setExit(0);
      },
    );
  },
};
