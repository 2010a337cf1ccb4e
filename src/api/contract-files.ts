// checkResponseFiles(): saved response bodies (a client library's fixtures, recorded answers) against the ckan
// contract of one CKAN version, named or inferred from the bodies themselves.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { checkResponseForVersions, inferCkanVersion, versionsIn, type ObservedAnswer } from '../contract/index.ts';
import type { Finding } from '../model/index.ts';
import { getChild } from '../util/json-pointer.ts';
import { DEFAULT_CKAN_VERSION, type CkanVersion } from '../schema/index.ts';

/** What to check and how. */
export interface ContractFilesOptions {
  /** Files holding one JSON response body each; `-` reads `readStdin`. */
  files: readonly string[];
  /** Working directory for relative paths. */
  cwd: string;
  /** The action that answered; default: read from each body's `help` URL (help_show?name=<action>). */
  action?: string | undefined;
  /** A version, or `auto` (from status_show bodies, else markers). Default DEFAULT_CKAN_VERSION (2.11). */
  ckanVersion?: CkanVersion | 'auto' | undefined;
  /** The records_format the request asked for (datastore_search). */
  recordsFormat?: string | undefined;
  /** The HTTP status the bodies came with; default: 200 for a success, else the status CKAN gives its error __type. */
  status?: number | undefined;
  /** Reads standard input, for `-`. */
  readStdin?: (() => Promise<string>) | undefined;
}

/** One body, checked. */
export interface CheckedFile {
  file: string;
  action: string;
  status: number;
  findings: Finding[];
}

/** A file that could not be checked, with why (missing, not JSON, no action). */
export interface UnreadableFile {
  file: string;
  reason: string;
}

export interface ContractFilesOutcome {
  /** The version whose contract was checked; undefined when auto could not tell. */
  version: CkanVersion | undefined;
  /** The versions checked against (one when the version is known). */
  versions: CkanVersion[];
  /** Why this version: `--ckan-version 2.10`, `from status_show: 2.10.4`, `unknown: ...`. */
  reason: string;
  checked: CheckedFile[];
  unreadable: UnreadableFile[];
}

// The status CKAN answers each error __type with (ckan/views/api.py).
const STATUS_BY_ERROR_TYPE: Readonly<Record<string, number>> = {
  'Validation Error': 409,
  'Not Found Error': 404,
  'Authorization Error': 403,
  'Integrity Error': 400,
  'Internal Server Error': 500,
};

/** Reads and checks every file; never throws for a bad file (it is listed in `unreadable`). */
export async function checkResponseFiles(options: ContractFilesOptions): Promise<ContractFilesOutcome> {
  const answers: (ObservedAnswer & { file: string })[] = [];
  const unreadable: UnreadableFile[] = [];
  for (const file of options.files) {
    const read = await readBody(file, options);
    if ('reason' in read) unreadable.push({ file, reason: read.reason });
    else answers.push({ file, ...read });
  }
  const requested = options.ckanVersion ?? DEFAULT_CKAN_VERSION;
  const inferred =
    requested === 'auto'
      ? inferCkanVersion(answers)
      : { version: requested, range: undefined, reason: options.ckanVersion === undefined ? `default ${requested}` : `--ckan-version ${requested}` };
  const { version, reason } = inferred;
  const versions = version === undefined ? versionsIn(inferred.range) : [version];
  const checked = answers.map(({ file, action, status, body }) => {
    const base = { action, profile: 'ckan' as const, ...(options.recordsFormat === undefined ? {} : { recordsFormat: options.recordsFormat }) };
    // status_show is read for its version only: the contract covers the DataStore read actions.
    const findings = action === 'status_show' ? [] : checkResponseForVersions({ status, body }, base, versions);
    return { file, action, status, findings };
  });
  return { version, versions, reason, checked, unreadable };
}

async function readBody(file: string, options: ContractFilesOptions): Promise<ObservedAnswer | { reason: string }> {
  let text: string;
  try {
    text = file === '-' ? await (options.readStdin ?? noStdin)() : await readFile(path.resolve(options.cwd, file), 'utf8');
  } catch (error) {
    const code = getChild(error, 'code');
    return { reason: code === 'ENOENT' ? 'no such file' : `cannot read: ${error instanceof Error ? error.message : String(error)}` };
  }
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch (error) {
    return { reason: `not JSON: ${error instanceof Error ? error.message : String(error)}` };
  }
  const action = options.action ?? actionOf(body);
  if (action === undefined) return { reason: 'names no action (no help_show?name=... in "help"); pass --action' };
  return { action, status: options.status ?? statusOf(body), body };
}

const noStdin = (): Promise<string> => Promise.reject(new Error('standard input is not available'));

/** The action a CKAN envelope names in its `help` URL. */
function actionOf(body: unknown): string | undefined {
  const help = getChild(body, 'help');
  if (typeof help !== 'string') return undefined;
  return /[?&]name=([A-Za-z0-9_]+)$/.exec(help)?.[1];
}

/** 200 for a success; for an error, the status CKAN sends with its __type; a bare string is a 400. */
function statusOf(body: unknown): number {
  if (typeof body === 'string') return 400;
  if (getChild(body, 'success') !== false) return 200;
  const type = getChild(getChild(body, 'error'), '__type');
  return (typeof type === 'string' ? STATUS_BY_ERROR_TYPE[type] : undefined) ?? 500;
}
