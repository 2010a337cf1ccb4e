// Loads a profile file (YAML or JSON) and validates it, reporting problems with file:line:col.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { InputError, KitErrorCode } from '../errors.ts';
import { compileSchema } from '../schema/ajv.ts';
import { ProfileSchema, type Profile } from '../schema/profile.ts';
import { describeAjvErrors } from './describe-errors.ts';
import type { LoadOptions } from './load.ts';
import { locateProblems, parseSource } from './source.ts';

/**
 * Reads and validates a profile. Throws InputError (E_PROFILE_INVALID) naming `file:line:col` for every
 * problem, or for a file that cannot be read. A relative `file` is read from `options.cwd` and shown as given.
 */
export async function loadProfile(file: string, options: LoadOptions = {}): Promise<Profile> {
  let text: string;
  try {
    text = await readFile(path.resolve(options.cwd ?? '.', file), 'utf8');
  } catch (error) {
    const problem = { file, pointer: '', message: 'cannot read the profile file' };
    throw new InputError(KitErrorCode.profileInvalid, [problem], { cause: error });
  }
  return parseProfile(text, file);
}

/** Validates profile text; `file` is used in messages only. */
export function parseProfile(text: string, file: string): Profile {
  const source = parseSource(text, file);
  if (source.problems.length > 0) throw new InputError(KitErrorCode.profileInvalid, source.problems);
  const validate = compileSchema<Profile>(ProfileSchema);
  const data = source.data;
  if (validate(data)) return data;
  throw new InputError(KitErrorCode.profileInvalid, locateProblems(source, describeAjvErrors(validate.errors ?? [], ProfileSchema)));
}
