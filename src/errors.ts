// The kit's run errors: thrown when the kit itself cannot run (bad input, bad flag, environment).
// Findings and case errors are data in the result model, never thrown (see src/model).

/**
 * Stable error codes. `E_USAGE`/`E_*_INVALID`/`E_RESUME` map to exit 2, `E_ENV`/`E_UNREACHABLE`/`E_NOT_CKAN`/`E_SERVER_START` to exit 3,
 * `E_EXTRACT_FAILED` to exit 1.
 */
export const KitErrorCode = {
  usage: 'E_USAGE',
  caseInvalid: 'E_CASE_INVALID',
  profileInvalid: 'E_PROFILE_INVALID',
  catalogueEmpty: 'E_CATALOGUE_EMPTY',
  fixturesInvalid: 'E_FIXTURES_INVALID',
  jobInvalid: 'E_JOB_INVALID',
  reportInvalid: 'E_REPORT_INVALID',
  /** A file of recorded requests (`--requests`) holds a line or entry that is not a request. */
  requestsInvalid: 'E_REQUESTS_INVALID',
  shardMissing: 'E_SHARD_MISSING',
  unreachable: 'E_UNREACHABLE',
  notCkan: 'E_NOT_CKAN',
  serverStart: 'E_SERVER_START',
  environment: 'E_ENV',
  extractFailed: 'E_EXTRACT_FAILED',
  /** An extract's leftovers cannot be continued as asked (--resume, or a rerun without --resume or --restart). */
  resumeRefused: 'E_RESUME',
} as const;
export type KitErrorCode = (typeof KitErrorCode)[keyof typeof KitErrorCode];

const environmentCodes: ReadonlySet<string> = new Set([KitErrorCode.unreachable, KitErrorCode.notCkan, KitErrorCode.serverStart, KitErrorCode.environment]);

/** An error the kit reports to its user as one line: `<message> (<code>)`. */
export class KitError extends Error {
  override readonly name: string = 'KitError';
  readonly code: KitErrorCode;

  constructor(code: KitErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.code = code;
  }

  /** Exit code for the CLI: 1 for a failed extract, 2 for usage/input errors, 3 for environment errors. */
  get exitCode(): 1 | 2 | 3 {
    if (this.code === KitErrorCode.extractFailed) return 1;
    return environmentCodes.has(this.code) ? 3 : 2;
  }
}

/** A problem with the options given to a command, named the way the front door names the option (`--page-size`). */
export interface OptionProblemLine {
  /** The option the problem is at (for a job file, where its value is), if it is at one. */
  key: string | undefined;
  message: string;
}

/** Bad options (E_USAGE, exit 2): every problem found, one line each. */
export class OptionsError extends KitError {
  override readonly name = 'OptionsError';
  readonly problems: readonly OptionProblemLine[];

  constructor(problems: readonly OptionProblemLine[]) {
    super(KitErrorCode.usage, problems.map((p) => `${p.message} (${KitErrorCode.usage})`).join('\n'));
    this.problems = problems;
  }
}

/** One located problem in an input file, e.g. `cases/search/q.yaml:12:5 /request/method must be ...`. */
export interface InputProblem {
  file: string;
  line?: number;
  column?: number;
  /** JSON pointer of the offending value inside the document. */
  pointer: string;
  /** Case id, when the problem is inside a case. */
  caseId?: string;
  message: string;
}

/** A bad input file (case, profile, job, fixtures, report): carries every problem found. */
export class InputError extends KitError {
  override readonly name = 'InputError';
  readonly problems: readonly InputProblem[];

  constructor(code: KitErrorCode, problems: readonly InputProblem[], options?: { cause?: unknown }) {
    super(code, problems.map((p) => formatProblem(p, code)).join('\n'), options);
    this.problems = problems;
  }
}

/** `file:line:col [case id] /pointer message (CODE)` — the one shape every input problem is printed in. */
export function formatProblem(problem: InputProblem, code: KitErrorCode): string {
  const position = [problem.file, problem.line, problem.column].filter((x) => x !== undefined).join(':');
  const where = problem.caseId === undefined ? position : `${position} [${problem.caseId}]`;
  const pointer = problem.pointer === '' ? '' : `${problem.pointer} `;
  return `${where} ${pointer}${problem.message} (${code})`;
}

/** Whether `value` is a KitError: a run error of the kit (bad input, usage, environment), not a bug. */
export function isKitError(value: unknown): value is KitError {
  return value instanceof KitError;
}

/**
 * The file system or the network refused the kit (a Node system error: EACCES, ENOSPC, EROFS, ENOTDIR, ...,
 * anywhere in `cause`): a KitError E_ENV (exit 3) in one line naming the path and the cause,
 * `cannot open /sys/kernel/x.csv: EACCES (permission denied)`. Undefined for any other error (a bug).
 */
export function toEnvironmentError(error: unknown): KitError | undefined {
  for (let current: unknown = error, depth = 0; current instanceof Error && depth < 5; current = current.cause, depth += 1) {
    const code: unknown = Reflect.get(current, 'code');
    const syscall: unknown = Reflect.get(current, 'syscall');
    if (typeof code !== 'string' || !/^E[A-Z0-9]+$/.test(code) || typeof syscall !== 'string') continue;
    const where: unknown = Reflect.get(current, 'path') ?? Reflect.get(current, 'address');
    const reason = new RegExp(`^${code}: ([^,]+)`).exec(current.message)?.[1];
    const what = typeof where === 'string' ? `${syscall} ${where}` : syscall;
    return new KitError(KitErrorCode.environment, `cannot ${what}: ${code}${reason === undefined ? '' : ` (${reason})`}`, { cause: error });
  }
  return undefined;
}
