// Reading `--token-file` (the file's text, trimmed) and `--token-env NAME`; the token itself is never printed.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { KitError, KitErrorCode } from '../errors.ts';

/**
 * Reads a token file (relative to `cwd`) and returns its trimmed text; KitError E_USAGE, naming `flag`, when it
 * cannot be read or is empty.
 */
export async function readTokenFile(file: string, cwd: string, flag = '--token-file'): Promise<string> {
  let text: string;
  try {
    text = await readFile(path.resolve(cwd, file), 'utf8');
  } catch (error) {
    throw new KitError(KitErrorCode.usage, `${flag} ${file}: cannot read the file`, { cause: error });
  }
  const token = text.trim();
  if (token === '') throw new KitError(KitErrorCode.usage, `${flag} ${file}: the file is empty`);
  return token;
}

/** The token of `--token-file` or `--token-env`, else of `fallbackEnv` (e.g. a profile's token.env) when set. */
export async function readGivenToken(
  args: { tokenFile?: string | undefined; tokenEnv?: string | undefined },
  io: { cwd: string; env: Readonly<Record<string, string | undefined>> },
  fallbackEnv?: string,
): Promise<string | undefined> {
  if (args.tokenFile !== undefined) return readTokenFile(args.tokenFile, io.cwd);
  if (args.tokenEnv === undefined) {
    const fallback = fallbackEnv === undefined ? undefined : io.env[fallbackEnv]?.trim();
    return fallback === '' ? undefined : fallback;
  }
  const token = io.env[args.tokenEnv]?.trim();
  if (token === undefined || token === '') throw new KitError(KitErrorCode.usage, `--token-env ${args.tokenEnv}: the environment variable is not set`);
  return token;
}
