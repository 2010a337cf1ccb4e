// Reading `--token-file`: the token is the file's text, trimmed; the token itself is never printed.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { KitError, KitErrorCode } from '../errors.ts';

/** Reads a token file (relative to `cwd`); KitError E_USAGE when it cannot be read or is empty. */
export async function readTokenFile(file: string, cwd: string): Promise<string> {
  let text: string;
  try {
    text = await readFile(path.resolve(cwd, file), 'utf8');
  } catch (error) {
    throw new KitError(KitErrorCode.usage, `--token-file ${file}: cannot read the file`, { cause: error });
  }
  const token = text.trim();
  if (token === '') throw new KitError(KitErrorCode.usage, `--token-file ${file}: the file is empty`);
  return token;
}
