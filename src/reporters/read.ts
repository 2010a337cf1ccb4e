// Reading a saved JSON report back: the input of `report render` and `report merge`.
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { InputError, KitErrorCode, type InputProblem } from '../errors.ts';
import type { RunResult } from '../model/index.ts';
import { compileSchema, type ErrorObject } from '../schema/ajv.ts';
import { READABLE_REPORT_VERSIONS, RunResultSchema } from '../schema/report.ts';

/** Options of `readReport`. */
export interface ReadReportOptions {
  /** Directory a relative `file` is resolved against (default the process's working directory). */
  cwd?: string;
}

/**
 * Reads and validates a JSON report written by this kit (`report.json`). Throws InputError E_REPORT_INVALID
 * naming `file` (as given) with every reason: unreadable, not JSON, another schema version, or each ajv error.
 */
export async function readReport(file: string, options: ReadReportOptions = {}): Promise<RunResult> {
  const problem = (pointer: string, message: string): InputError => new InputError(KitErrorCode.reportInvalid, [{ file, pointer, message }]);
  let text: string;
  try {
    text = await readFile(options.cwd === undefined ? file : resolve(options.cwd, file), 'utf8');
  } catch (error) {
    throw new InputError(KitErrorCode.reportInvalid, [{ file, pointer: '', message: `cannot be read: ${describeError(error)}` }], { cause: error });
  }
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    throw new InputError(KitErrorCode.reportInvalid, [{ file, pointer: '', message: `is not JSON: ${describeError(error)}` }], { cause: error });
  }
  if (typeof data === 'object' && data !== null && 'schemaVersion' in data && !READABLE_REPORT_VERSIONS.some((v) => v === data.schemaVersion)) {
    const readable = READABLE_REPORT_VERSIONS.join(' and ');
    throw problem('/schemaVersion', `report schema version ${JSON.stringify(data.schemaVersion)} is not supported (this kit reads ${readable})`);
  }
  const validate = compileSchema<RunResult>(RunResultSchema);
  if (!validate(data)) {
    throw new InputError(KitErrorCode.reportInvalid, toProblems(file, validate.errors ?? []));
  }
  return data;
}

/** One problem per mistake: a failed union becomes "must be one of ...", unknown keys are named. */
function toProblems(file: string, errors: readonly ErrorObject[]): InputProblem[] {
  const remaining = [...errors];
  const messages: Array<{ pointer: string; message: string }> = [];
  for (const union of errors.filter((e) => e.keyword === 'anyOf')) {
    const branches = remaining.filter((e) => e.schemaPath.startsWith(`${union.schemaPath}/`));
    const here = branches.filter((e) => e.instancePath === union.instancePath);
    // A branch that failed deeper inside is the one the writer meant: keep its own errors instead.
    if (here.length < branches.length) {
      remaining.splice(remaining.indexOf(union), 1);
      continue;
    }
    for (const e of [union, ...branches]) remaining.splice(remaining.indexOf(e), 1);
    const consts = here.map((e): unknown => e.params['allowedValue']);
    const types = here.map((e): unknown => e.params['type']);
    const message = here.every((e) => e.keyword === 'const')
      ? `must be one of ${consts.map((v) => JSON.stringify(v)).join(', ')}`
      : here.every((e) => e.keyword === 'type')
        ? `must be ${types.map(String).join(' or ')}`
        : 'must match one of the allowed shapes';
    messages.push({ pointer: union.instancePath, message });
  }
  for (const error of remaining) {
    const name: unknown = error.params['additionalProperty'];
    const detail = typeof name === 'string' ? ` (${name})` : '';
    messages.push({ pointer: error.instancePath, message: `${error.message ?? 'is invalid'}${detail}` });
  }
  // why: allErrors may report one mistake through several paths; keep each message once
  const unique = new Map(messages.map((p) => [`${p.pointer} ${p.message}`, p]));
  return [...unique.values()].map((p) => ({ file, ...p }));
}

function describeError(error: unknown): string {
  if (error instanceof Error) return 'code' in error && typeof error.code === 'string' ? error.code : error.message;
  return String(error);
}
