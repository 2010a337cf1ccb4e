// The selection flags shared by run, list, check and diff, from their declarations (schema/run-options.ts).
import type { Argv } from 'yargs';
import { SELECTION_OPTIONS } from '../schema/run-options.ts';
import { addFlags } from './flags.ts';
import { flagsOf } from './option-flags.ts';

/** --cases, --profile, --tag, --grep, --id, --shard, --allow-empty. */
export const SELECTION_FLAGS = flagsOf(SELECTION_OPTIONS);

/** Adds the selection flags. */
export function addSelectionOptions<T>(y: Argv<T>) {
  return addFlags(y, SELECTION_FLAGS);
}
