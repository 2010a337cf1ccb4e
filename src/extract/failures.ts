// How an extract that stops says why, in one line, and what it kept: a failed request or a value that does not fit
// (E_EXTRACT_FAILED, exit 1), a file that cannot be written (E_ENV, exit 3: disk full, read-only, no permission),
// or an interrupt (Ctrl-C, SIGTERM). Each says where the rows written so far are and how to continue.
import { KitError, KitErrorCode } from '../errors.ts';
import { maskUrlCredentials } from '../util/redact.ts';
import { ActionCallError, type ExtractTarget } from './api.ts';
import { partPath } from './checkpoint.ts';
import { ValueMisfitError } from './value-fit.ts';

/** The system calls of file writes whose failure is the environment's (disk, permissions), not the extract's. */
const FILE_CALLS: ReadonlySet<string> = new Set([
  'open',
  'write',
  'writev',
  'close',
  'fsync',
  'fdatasync',
  'ftruncate',
  'rename',
  'link',
  'unlink',
  'mkdir',
  'rmdir',
  'copyfile',
  'read',
  'stat',
  'access',
]);

/** A failed file operation: its code (ENOSPC, EACCES, ...), the reason in words, and the path. */
export interface FileFailure {
  code: string;
  reason: string;
  path: string | undefined;
}

/** The file operation that failed, when `error` is one (Node's errors carry `code` and `syscall`). */
export function fileFailureOf(error: unknown): FileFailure | undefined {
  if (!(error instanceof Error) || !('code' in error) || !('syscall' in error)) return undefined;
  const { code, syscall } = error;
  if (typeof code !== 'string' || typeof syscall !== 'string' || !FILE_CALLS.has(syscall)) return undefined;
  const path = 'path' in error && typeof error.path === 'string' ? error.path : undefined;
  // why: Node's message is `EACCES: permission denied, open '/x'`; the words between the code and the call
  const reason = /^[A-Z]+: ([^,]+)/.exec(error.message)?.[1] ?? code;
  return { code, reason, path };
}

/** What the failed extract kept: the pages written and checkpointed, and their rows. */
export interface Kept {
  pages: number;
  rows: number;
}

/** The extract a failure is about: its output, and the target (for a token hint). */
export interface FailedExtract {
  out: string;
  target: ExtractTarget;
}

/**
 * The one-line KitError for an extract that stopped: `interrupted` when `signal` was aborted (the CLI exits 130),
 * E_ENV for a file that cannot be written, else E_EXTRACT_FAILED.
 */
export function extractFailure(extract: FailedExtract, error: unknown, kept: Kept, signal?: AbortSignal): KitError {
  if (error instanceof KitError) return error;
  const part = partPath(extract.out);
  const rerun = 'rerun with --resume to continue';
  if (signal?.aborted === true) {
    const what = kept.pages > 0 ? `${kept.rows} rows kept in ${part}; rerun with --resume` : 'no rows were written';
    return new KitError(KitErrorCode.extractFailed, `interrupted: ${what}`, { cause: error });
  }
  const file = fileFailureOf(error);
  if (file !== undefined) {
    const where = file.path === undefined ? extract.out : file.path;
    const hint = kept.pages > 0 ? `; the ${kept.rows} rows written before are kept in ${part}: once it can be written, ${rerun}` : '';
    return new KitError(KitErrorCode.environment, `${extract.out}: cannot write ${where}: ${file.code} (${file.reason})${hint}`, { cause: error });
  }
  const reason = maskUrlCredentials(error instanceof Error ? error.message : String(error)) + tokenHint(extract.target, error);
  let hint = '';
  if (kept.pages > 0) {
    hint =
      error instanceof ValueMisfitError
        ? `; nothing is written for a value that does not fit its column: the ${kept.rows} rows before it are kept in ${part}: once the source is fixed, ${rerun}`
        : `; the rows written so far are kept in ${part}: ${rerun}`;
  } else if (error instanceof ValueMisfitError) {
    hint = '; nothing is written for a value that does not fit its column';
  }
  return new KitError(KitErrorCode.extractFailed, `extract to ${extract.out} failed: ${reason}${hint}`, { cause: error });
}

/** On a 403, what to do about the token: give one (the resource may be private), or check the one given. */
function tokenHint(target: ExtractTarget, error: unknown): string {
  if (!(error instanceof ActionCallError) || error.status !== 403) return '';
  return target.token === undefined
    ? ' (the resource may be private: give a token that may read it with --token-env NAME or --token-file FILE, tokenEnv in a job)'
    : ' (the token given may not read it: check that it is valid on this site and its user may read the dataset)';
}
