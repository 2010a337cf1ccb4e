// The selection flags shared by run, list and check, and reading them back typed.
import type { Argv } from 'yargs';
import { RUN_DEFAULTS } from '../util/run-defaults.ts';
import { addFlags, type FlagTable } from './flags.ts';
import type { SelectionArgs } from './options.ts';

/** --cases, --profile, --tag, --grep, --id, --shard, --allow-empty. */
export const SELECTION_FLAGS = {
  cases: { type: 'string', default: RUN_DEFAULTS.casesDir, describe: 'Catalogue folder (or one case file)' },
  profile: { type: 'string', describe: 'Profile file: resource ids, capabilities and token variable of the target' },
  tag: { type: 'string', array: true, default: [], describe: 'Only cases with this tag (repeatable: any of them)' },
  grep: { type: 'string', describe: 'Only cases whose id or title matches this regular expression' },
  id: { type: 'string', array: true, default: [], describe: 'Only this case id, or the ids below it (repeatable)' },
  shard: { type: 'string', describe: 'Only shard i of n, e.g. 2/4 (whole cases, round-robin by id)' },
  'allow-empty': { type: 'boolean', default: false, describe: 'Selecting no case is not an error' },
} as const satisfies FlagTable;

/** Adds the selection flags. */
export function addSelectionOptions<T>(y: Argv<T>) {
  return addFlags(y, SELECTION_FLAGS);
}

/** The selection flags from parsed yargs output. */
export function readSelectionArgs(argv: {
  cases: string;
  profile: string | undefined;
  tag: readonly (string | number)[];
  grep: string | undefined;
  id: readonly (string | number)[];
  shard: string | undefined;
  'allow-empty': boolean;
}): SelectionArgs {
  return {
    cases: argv.cases,
    profile: argv.profile,
    tag: argv.tag.map(String),
    grep: argv.grep,
    id: argv.id.map(String),
    shard: argv.shard,
    allowEmpty: argv['allow-empty'],
  };
}
