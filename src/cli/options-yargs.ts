// The yargs declarations of the selection flags shared by run, list and check, and reading them back typed.
import type { Argv } from 'yargs';
import type { SelectionArgs } from './options.ts';

/** Adds --cases, --profile, --tag, --grep, --id, --shard, --allow-empty. */
export function addSelectionOptions<T>(y: Argv<T>) {
  return y
    .option('cases', { type: 'string', default: 'cases', describe: 'Catalogue folder (or one case file)' })
    .option('profile', { type: 'string', describe: 'Profile file: resource ids, capabilities and token variable of the target' })
    .option('tag', { type: 'string', array: true, default: [] as string[], describe: 'Only cases with this tag (repeatable: any of them)' })
    .option('grep', { type: 'string', describe: 'Only cases whose id or title matches this regular expression' })
    .option('id', { type: 'string', array: true, default: [] as string[], describe: 'Only this case id, or the ids below it (repeatable)' })
    .option('shard', { type: 'string', describe: 'Only shard i of n, e.g. 2/4 (whole cases, round-robin by id)' })
    .option('allow-empty', { type: 'boolean', default: false, describe: 'Selecting no case is not an error' });
}

/** The selection flags from parsed yargs output. */
export function readSelectionArgs(argv: {
  cases: string;
  profile: string | undefined;
  tag: (string | number)[];
  grep: string | undefined;
  id: (string | number)[];
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
