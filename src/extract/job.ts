// Job files (extracts.yaml): many extracts with their targets and outputs, run with bounded concurrency.
import { readFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { InputError, KitError, KitErrorCode, type InputProblem } from '../errors.ts';
import type { JobExtract, JobFile } from '../schema/extract-job.ts';
import { formatOfName } from './format-name.ts';
import { expandTemplate, findUnknownTemplate, TEMPLATE_NAMES } from './template.ts';
import { EXTRACT_DEFAULTS, type ExtractHttpOptions, type ExtractSpec } from './types.ts';

/** Reads and validates a job file; every problem is reported with file:line:col (E_JOB_INVALID). */
export async function loadJobFile(file: string): Promise<JobFile> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    throw new InputError(KitErrorCode.jobInvalid, [{ file, pointer: '', message: `cannot read the job file (${String(error)})` }], {
      cause: error,
    });
  }
  // why: the YAML parser with line:col, Ajv and the schema are loaded for a job file, not at the start of every extract
  const [{ describeAjvErrors, locateProblems, parseSource }, { compileSchema }, { JobFileSchema }] = await Promise.all([
    import('../catalogue/index.ts'),
    import('../schema/ajv.ts'),
    import('../schema/extract-job.ts'),
  ]);
  const source = parseSource(text, file);
  if (source.problems.length > 0) throw new InputError(KitErrorCode.jobInvalid, source.problems);
  const validate = compileSchema<JobFile>(JobFileSchema);
  if (validate(source.data)) {
    const problems = [...checkNames(source.data, file, source.locate), ...checkOutputs(source.data, file, source.locate)];
    if (problems.length > 0) throw new InputError(KitErrorCode.jobInvalid, problems);
    return source.data;
  }
  throw new InputError(KitErrorCode.jobInvalid, locateProblems(source, describeAjvErrors(validate.errors ?? [], JobFileSchema)));
}

function checkNames(job: JobFile, file: string, locate: (pointer: string) => { line: number; column: number }): InputProblem[] {
  const problems: InputProblem[] = [];
  const seen = new Set<string>();
  job.extracts.forEach((extract, index) => {
    const pointer = `/extracts/${index}`;
    if (seen.has(extract.name))
      problems.push({ file, ...locate(`${pointer}/name`), pointer: `${pointer}/name`, message: `duplicate extract name "${extract.name}"` });
    seen.add(extract.name);
    const merged = { ...job.defaults, ...extract };
    if ((merged.resource === undefined) === (merged.sql === undefined)) {
      problems.push({ file, ...locate(pointer), pointer, message: 'give exactly one of resource or sql' });
    }
  });
  return problems;
}

/**
 * Two extracts writing one file would interleave their pages and checkpoints: each output (after templates,
 * relative to the job file) belongs to one extract. {date} and {datetime} expand alike for every extract of a run.
 */
function checkOutputs(job: JobFile, file: string, locate: (pointer: string) => { line: number; column: number }): InputProblem[] {
  const owners = new Map<string, JobExtract>();
  const problems: InputProblem[] = [];
  job.extracts.forEach((extract, index) => {
    const unknown = findUnknownTemplate(extract.out);
    if (unknown !== undefined) {
      const pointer = `/extracts/${index}/out`;
      const known = TEMPLATE_NAMES.map((name) => `{${name}}`).join(', ');
      problems.push({ file, ...locate(pointer), pointer, message: `unknown template ${unknown} in "${extract.out}": use ${known}` });
      return;
    }
    const named = formatOfName(extract.out);
    if ((extract.format ?? job.defaults?.format) === undefined && !named.ok) {
      const pointer = `/extracts/${index}/out`;
      problems.push({ file, ...locate(pointer), pointer, message: `${named.message} (format:)` });
      return;
    }
    const out = resolve(dirname(file), expandTemplate(extract.out, extract.name, 0));
    const owner = owners.get(out);
    if (owner === undefined) {
      owners.set(out, extract);
      return;
    }
    const pointer = `/extracts/${index}/out`;
    const message = `extracts "${owner.name}" (out: ${owner.out}) and "${extract.name}" (out: ${extract.out}) write the same file: give each its own out`;
    problems.push({ file, ...locate(pointer), pointer, message });
  });
  return problems;
}

export interface JobContext {
  /** The job file's path; outputs are relative to its folder. */
  file: string;
  env: Readonly<Record<string, string | undefined>>;
  /** The run's start time (ms since the epoch), for the {date} and {datetime} templates. */
  nowMs: number;
  /** Overrides every extract's target (e.g. the in-process reference server). */
  targetOverride?: string;
}

/** One extract of a job, ready to run. */
export interface JobItem {
  name: string;
  spec: ExtractSpec;
  http: ExtractHttpOptions;
  /** The out template, absolute, before expansion (for --keep). */
  outTemplate: string;
  /** Keep the newest N files of a dated out. */
  keep?: number;
}

function formatOfOut(out: string): ExtractSpec['format'] {
  const named = formatOfName(out);
  return named.ok ? named.format : 'csv';
}

/** Turns a job's extracts into specs: defaults merged, templates expanded, tokens read from the environment. */
export function resolveJob(job: JobFile, context: JobContext): JobItem[] {
  return job.extracts.map((extract) => {
    const merged = { ...job.defaults, ...extract };
    const http: ExtractHttpOptions = {
      ...(merged.retries === undefined ? {} : { retries: merged.retries }),
      ...(merged.rate === undefined ? {} : { rateRps: merged.rate }),
      ...(merged.timeoutMs === undefined ? {} : { timeoutMs: merged.timeoutMs }),
    };
    const outTemplate = resolve(dirname(context.file), merged.out);
    const item: JobItem = { name: extract.name, spec: resolveJobExtract(job, extract, context), http, outTemplate };
    return merged.keep === undefined ? item : { ...item, keep: merged.keep };
  });
}

function resolveJobExtract(job: JobFile, extract: JobExtract, context: JobContext): ExtractSpec {
  const merged = { ...job.defaults, ...extract };
  const baseUrl = context.targetOverride ?? merged.target ?? job.target;
  if (baseUrl === undefined) {
    throw new KitError(
      KitErrorCode.usage,
      `${context.file}: extract "${extract.name}" has no target: set target on it or at the top of the job file, or use --reference`,
    );
  }
  const token = merged.tokenEnv === undefined ? undefined : context.env[merged.tokenEnv];
  const out = resolve(dirname(context.file), expandTemplate(merged.out, extract.name, context.nowMs));
  return {
    target: token === undefined ? { baseUrl } : { baseUrl, token },
    ...(merged.resource === undefined ? {} : { resource: merged.resource }),
    ...(merged.sql === undefined ? {} : { sql: merged.sql }),
    ...(merged.filters === undefined ? {} : { filters: merged.filters }),
    ...(merged.q === undefined ? {} : { q: merged.q }),
    ...(merged.fields === undefined ? {} : { fields: merged.fields }),
    format: merged.format ?? formatOfOut(merged.out),
    gzip: merged.gzip ?? false,
    out,
    pageSize: merged.pageSize ?? EXTRACT_DEFAULTS.pageSize,
    ...(merged.parallel === undefined ? {} : { parallel: merged.parallel }),
    resume: merged.resume ?? true,
    ...(merged.dump === undefined ? {} : { dump: merged.dump }),
    ...(merged.failOnDrift === true ? { failOnDrift: true } : {}),
    ...(merged.maxShrink === undefined ? {} : { maxShrinkPct: merged.maxShrink }),
    ...(merged.incremental === true ? { incremental: { column: merged.watermark ?? '_id' } } : {}),
  };
}
