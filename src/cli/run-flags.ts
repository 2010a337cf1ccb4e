// The flags of `run` beside the selection and container flags, from their declarations (schema/run-options.ts), and
// the environment variables it reads.
import { REPORT_FORMATS } from '../reporters/index.ts';
import { RUN_DOOR_OPTIONS, RUN_OPTIONS, RUN_TOKEN_ENV } from '../schema/run-options.ts';
import type { OptionTable } from '../schema/option-table.ts';
import type { FlagTable } from './flags.ts';
import { flagsOf } from './option-flags.ts';

const declared = flagsOf(RUN_DOOR_OPTIONS, RUN_OPTIONS);

/** The flags of `run`; numbers have no yargs default, so the environment layer can fill them. */
export const RUN_FLAGS: FlagTable = {
  ...declared,
  // why here: the report formats are the reporters' registry, which schema/ does not know
  report: { ...declared['report'], type: 'string', describe: declared['report']?.describe ?? '', fallback: REPORT_FORMATS.join(',') },
};

/** Environment variables `run` reads (the allowlist), by option; flags override them. */
export const RUN_ENV: Readonly<Record<string, string>> = Object.freeze({
  token: RUN_TOKEN_ENV,
  ...Object.fromEntries(
    [RUN_DOOR_OPTIONS, RUN_OPTIONS].flatMap((table: OptionTable) =>
      Object.entries(table).flatMap(([key, option]) => (option.flag?.env === undefined ? [] : [[key, option.flag.env]])),
    ),
  ),
});
