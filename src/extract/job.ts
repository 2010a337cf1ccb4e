// Job files (extracts.yaml): many extracts with their targets and outputs. Each item's options are read through the
// option tables (schema/extract-options.ts) under their job keys and resolved by resolveExtractOptions, as the flags
// and the API's are; every problem is reported with file:line:col before anything runs.
import { readFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { InputError, KitError, KitErrorCode, OptionsError, type InputProblem } from '../errors.ts';
import type { JobExtract, JobFile } from '../schema/extract-job.ts';
import { EXTRACT_HTTP_OPTIONS, EXTRACT_OPTIONS, EXTRACT_SOURCE_OPTIONS } from '../schema/extract-options.ts';
import { checkOptionValue } from '../schema/option-check.ts';
import type { OptionTable } from '../schema/option-table.ts';
import { isPlainObject } from '../util/json.ts';
import { resolveExtractOptions, toExtractSpec, type ResolvedExtractOptions } from './options.ts';
import { expandTemplate } from './template.ts';
import type { ExtractHttpOptions, ExtractSpec } from './types.ts';

type Locate = (pointer: string) => { line: number; column: number };

const TABLES: readonly OptionTable[] = [EXTRACT_OPTIONS, EXTRACT_HTTP_OPTIONS, EXTRACT_SOURCE_OPTIONS];

/** The job key of an option (its API name where it has none), for messages about a job file. */
function jobLabel(key: string): string {
  for (const table of TABLES) {
    const job = table[key]?.job;
    if (job !== undefined) return job?.key ?? key;
  }
  return key;
}

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
  const values = checkJobValues(source.data);
  const validate = compileSchema<JobFile>(JobFileSchema);
  const data = source.data;
  // why: Ajv runs even when a value is refused, so every other problem of the file is reported with it
  if (validate(data) && values.length === 0) {
    const job = data;
    const problems = [...checkNames(job, file, source.locate), ...checkItems(job, file, source.locate), ...checkOutputs(job, file, source.locate)];
    if (problems.length > 0) throw new InputError(KitErrorCode.jobInvalid, problems);
    return job;
  }
  // why: a value an option's declaration refuses is told in the words the flags and the API use for it, not Ajv's
  const told = new Set(values.map((p) => p.pointer));
  const schemaProblems = describeAjvErrors(validate.errors ?? [], JobFileSchema).filter((p) => !told.has(p.pointer));
  throw new InputError(KitErrorCode.jobInvalid, locateProblems(source, [...values, ...schemaProblems]));
}

/** The problems of the option values of a job file's defaults and items, at each value's pointer. */
function checkJobValues(data: unknown): { pointer: string; message: string }[] {
  if (!isPlainObject(data)) return [];
  const places: [string, unknown][] = [['/defaults', data['defaults']]];
  const items: unknown = data['extracts'];
  if (Array.isArray(items)) for (const [index, item] of items.entries()) places.push([`/extracts/${index}`, item]);
  const problems: { pointer: string; message: string }[] = [];
  for (const [pointer, item] of places) {
    if (!isPlainObject(item)) continue;
    for (const declared of TABLES.flatMap((table) => Object.values(table))) {
      const key = declared.job?.key;
      if (key === undefined || item[key] === undefined) continue;
      const detail = checkOptionValue(declared.schema, item[key]);
      if (detail !== undefined) problems.push({ pointer: `${pointer}/${key}`, message: detail });
    }
  }
  return problems;
}

function checkNames(job: JobFile, file: string, locate: Locate): InputProblem[] {
  const problems: InputProblem[] = [];
  const seen = new Set<string>();
  job.extracts.forEach((extract, index) => {
    const pointer = `/extracts/${index}/name`;
    if (seen.has(extract.name)) problems.push({ file, ...locate(pointer), pointer, message: `duplicate extract name "${extract.name}"` });
    seen.add(extract.name);
  });
  return problems;
}

/** Each item's options together (resource or sql, format and out, gzip, ...), as resolveExtractOptions relates them. */
function checkItems(job: JobFile, file: string, locate: Locate): InputProblem[] {
  return job.extracts.flatMap((extract, index) => {
    const pointer = `/extracts/${index}`;
    try {
      resolveItem(job, extract);
      return [];
    } catch (error) {
      if (!(error instanceof OptionsError)) throw error;
      return error.problems.map((p) => {
        const place = placeOf(job, extract, index, p.key);
        // why: a problem of one value reads as a refused value does, `/extracts/0/target must be ...`
        const own = p.key === undefined ? undefined : `${jobLabel(p.key)} `;
        if (own !== undefined && place !== pointer && p.message.startsWith(own))
          return { file, ...locate(place), pointer: place, message: p.message.slice(own.length) };
        return { file, ...locate(place), pointer, message: p.message };
      });
    }
  });
}

/** Where an option's value is: on the item, else in the defaults, else the item itself. */
function placeOf(job: JobFile, extract: JobExtract, index: number, key: string | undefined): string {
  const jobKey = key === undefined ? undefined : jobLabel(key);
  if (jobKey !== undefined && extract[jobKey] !== undefined) return `/extracts/${index}/${jobKey}`;
  if (jobKey !== undefined && job.defaults?.[jobKey] !== undefined) return `/defaults/${jobKey}`;
  return `/extracts/${index}`;
}

/**
 * Two extracts writing one file would interleave their pages and checkpoints: each output (after templates,
 * relative to the job file) belongs to one extract. {date} and {datetime} expand alike for every extract of a run.
 */
function checkOutputs(job: JobFile, file: string, locate: Locate): InputProblem[] {
  const owners = new Map<string, { name: string; out: string }>();
  const problems: InputProblem[] = [];
  job.extracts.forEach((extract, index) => {
    const given = String(extract['out']);
    const out = resolve(dirname(file), expandTemplate(given, extract.name, 0));
    const owner = owners.get(out);
    if (owner === undefined) {
      owners.set(out, { name: extract.name, out: given });
      return;
    }
    const pointer = `/extracts/${index}/out`;
    const message = `extracts "${owner.name}" (out: ${owner.out}) and "${extract.name}" (out: ${given}) write the same file: give each its own out`;
    problems.push({ file, ...locate(pointer), pointer, message });
  });
  return problems;
}

/** An item's options by API name: the item's job keys over the defaults', the job's own defaults (resume) under them. */
function readItem(job: JobFile, extract: JobExtract, table: OptionTable): Record<string, unknown> {
  const merged: Readonly<Record<string, unknown>> = { ...job.defaults, ...extract };
  const values: Record<string, unknown> = {};
  for (const [key, declared] of Object.entries(table)) {
    const value = declared.job === null ? undefined : (merged[declared.job.key] ?? declared.job.default);
    if (value !== undefined) values[key] = value;
  }
  return values;
}

function resolveItem(job: JobFile, extract: JobExtract): ResolvedExtractOptions {
  const given = { ...readItem(job, extract, EXTRACT_OPTIONS), http: readItem(job, extract, EXTRACT_HTTP_OPTIONS) };
  const target = readItem(job, extract, EXTRACT_SOURCE_OPTIONS)['target'] ?? job.target;
  return resolveExtractOptions(given, jobLabel, typeof target === 'string' ? target : undefined);
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

/** Turns a job's extracts into specs: defaults merged, templates expanded, tokens read from the environment. */
export function resolveJob(job: JobFile, context: JobContext): JobItem[] {
  return job.extracts.map((extract) => {
    const options = resolveItem(job, extract);
    const source = readItem(job, extract, EXTRACT_SOURCE_OPTIONS);
    const baseUrl = context.targetOverride ?? (typeof source['target'] === 'string' ? source['target'] : job.target);
    if (baseUrl === undefined) {
      throw new KitError(
        KitErrorCode.usage,
        `${context.file}: extract "${extract.name}" has no target: set target on it or at the top of the job file, or use --reference`,
      );
    }
    const token = typeof source['tokenEnv'] === 'string' ? context.env[source['tokenEnv']] : undefined;
    const outTemplate = resolve(dirname(context.file), options.out);
    const out = resolve(dirname(context.file), expandTemplate(options.out, extract.name, context.nowMs));
    const spec = toExtractSpec(options, { target: token === undefined ? { baseUrl } : { baseUrl, token }, out });
    const { rateRps, retries, timeoutMs } = options.http;
    const item: JobItem = { name: extract.name, spec, http: { retries, timeoutMs, ...(rateRps === undefined ? {} : { rateRps }) }, outTemplate };
    return options.keep === undefined ? item : { ...item, keep: options.keep };
  });
}
