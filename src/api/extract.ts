// Public entry points for extracts: one extract from options, or a job file; both may run against the
// bundled reference server started in-process.
import { createHttpClient, type HttpClientOptions } from '../http/index.ts';
import type { Clock } from '../model/index.ts';
import type { Manifest } from '../schema/extract-files.ts';
import { KitError, KitErrorCode } from '../errors.ts';
import {
  EXTRACT_DEFAULTS,
  expandTemplate,
  findCompletedOutput,
  findUnknownTemplate,
  loadJobFile,
  pruneDatedOutputs,
  streamExtract,
  type StreamedExtract,
  type TextSink,
  TEMPLATE_NAMES,
  resolveJob,
  runExtract,
  type ExtractHttpOptions,
  type ExtractListener,
  type ExtractSpec,
  type ExtractTarget,
  type JobItem,
} from '../extract/index.ts';
import { withSession } from './session.ts';

/** Where to read from: a base URL, or the bundled reference server over a fixtures folder. */
/** Where to read: a target URL, or the bundled reference server on `fixturesDir` (relative to `cwd`, default the process's). */
export type ExtractSource = { target: string; token?: string } | { reference: { fixturesDir: string; cwd?: string } };

/** One extract: what to read (as in ExtractSpec) and from where; the rest defaults. */
export type ExtractOptions = Pick<ExtractSpec, 'resource' | 'sql' | 'filters' | 'q' | 'fields' | 'format' | 'out'> & {
  source: ExtractSource;
  /** Default false. */
  gzip?: boolean;
  /** Rows per request; default 10000 (the server may allow fewer). */
  pageSize?: number;
  /** Requests in flight at once; default 1 (see ExtractSpec.parallel). */
  parallel?: number;
  /** Continue from the checkpoint beside `out`; default false (an unfinished checkpoint is then refused, E_RESUME). */
  resume?: boolean;
  /** Discard any unfinished extract beside `out` and start over; default false. */
  restart?: boolean;
  /** With a dated `out` ({date}, {datetime}): keep the newest N files of this extract, remove older ones. */
  keep?: number;
  /** Write only the rows after the previous run's high-water mark of `watermark` (default `_id`); default false. */
  incremental?: boolean;
  watermark?: string;
  http?: ExtractHttpOptions;
};

export interface ExtractRunContext {
  clock?: Clock;
  listener?: ExtractListener;
}

const systemClock: Clock = { now: () => Date.now() };

/** Extract defaults for HTTP: patient with slow pages, and retrying transient failures. */
export function extractClientOptions(http: ExtractHttpOptions | undefined, clock: Clock): HttpClientOptions {
  return {
    timeoutMs: http?.timeoutMs ?? EXTRACT_DEFAULTS.timeoutMs,
    retries: http?.retries ?? EXTRACT_DEFAULTS.retries,
    clock,
    ...(http?.rateRps === undefined ? {} : { rateRps: http.rateRps }),
  };
}

/**
 * Runs one extract and returns its manifest; throws KitError (E_EXTRACT_FAILED, E_SERVER_START, ...). `out` may
 * hold {date}, {datetime} and {name} (the resource, or "sql"), expanded at the start.
 */
export async function extract(options: ExtractOptions, context: ExtractRunContext = {}): Promise<Manifest> {
  const clock = context.clock ?? systemClock;
  const name = options.resource ?? 'sql';
  const unknown = findUnknownTemplate(options.out);
  if (unknown !== undefined) {
    throw new KitError(KitErrorCode.usage, `--out ${options.out}: unknown template ${unknown}; use ${TEMPLATE_NAMES.map((n) => `{${n}}`).join(', ')}`);
  }
  return withSource(options.source, async (target) => {
    const { source: _source, http: _http, keep: _keep, incremental, watermark, ...what } = options;
    const { restart, ...rest } = what;
    const spec: ExtractSpec = {
      ...rest,
      ...(incremental === true ? { incremental: { column: watermark ?? '_id' } } : {}),
      out: expandTemplate(options.out, name, clock.now()),
      target,
      gzip: options.gzip ?? false,
      pageSize: options.pageSize ?? EXTRACT_DEFAULTS.pageSize,
      resume: options.resume ?? false,
      ...(restart === true ? { restart } : {}),
    };
    const manifest = await runWithClient(spec, options.http, { clock, ...(context.listener === undefined ? {} : { listener: context.listener }) });
    await pruneOlder({ template: options.out, name, current: spec.out, keep: options.keep }, context.listener);
    return manifest;
  });
}

/** Streams one extract to `output` (csv, tsv or jsonl) as the pages arrive: no file, checkpoint or manifest. */
export async function extractToStream(
  options: Omit<ExtractOptions, 'out' | 'keep' | 'resume' | 'restart' | 'incremental' | 'watermark'>,
  output: TextSink,
  context: ExtractRunContext = {},
): Promise<StreamedExtract> {
  const clock = context.clock ?? systemClock;
  return withSource(options.source, async (target) => {
    const { source: _source, http, ...what } = options;
    const spec: ExtractSpec = { ...what, out: '-', target, gzip: false, pageSize: options.pageSize ?? EXTRACT_DEFAULTS.pageSize, resume: false };
    const client = createHttpClient(extractClientOptions(http, clock));
    try {
      return await streamExtract(spec, output, { client, ...(context.listener === undefined ? {} : { listener: context.listener }) });
    } finally {
      await client.close();
    }
  });
}

async function pruneOlder(
  prune: { template: string; name: string; current: string; keep: number | undefined },
  listener: ExtractListener | undefined,
): Promise<void> {
  if (prune.keep === undefined) return;
  const removed = await pruneDatedOutputs({ ...prune, keep: prune.keep });
  if (removed.length > 0) listener?.onNote?.(`${prune.current}: kept the newest ${prune.keep}, removed ${removed.length} older: ${removed.join(', ')}`);
}

export interface ExtractJobOptions {
  file: string;
  env: Readonly<Record<string, string | undefined>>;
  /** Run every extract against the bundled reference server instead of the job's targets. */
  reference?: { fixturesDir: string; cwd?: string };
  /** Discard every extract's unfinished leftovers and start each over; default false. */
  restart?: boolean;
  /** Run extracts whose output and manifest are already complete (sha256) again; default false: skip them. */
  force?: boolean;
}

/** The outcome of one extract of a job (`out`: its output file; `skipped`: it was complete already). */
export type JobOutcome =
  | { name: string; out: string; ok: true; manifest: Manifest; skipped: boolean }
  | { name: string; out: string; ok: false; error: string };

/** Runs a job file's extracts with bounded concurrency; one failing extract does not stop the others. */
export async function extractJob(options: ExtractJobOptions, context: ExtractRunContext = {}): Promise<JobOutcome[]> {
  const clock = context.clock ?? systemClock;
  const job = await loadJobFile(options.file);
  const source: ExtractSource = options.reference === undefined ? { target: '' } : { reference: options.reference };
  return withSource(source, async (reference) => {
    const items = resolveJob(job, {
      file: options.file,
      env: options.env,
      nowMs: clock.now(),
      ...(options.reference === undefined ? {} : { targetOverride: reference.baseUrl }),
    });
    const withToken = items.map((item) => ({
      ...item,
      spec: { ...item.spec, ...(options.reference === undefined ? {} : { target: reference }), ...(options.restart === true ? { restart: true } : {}) },
    }));
    return runPool(withToken, job.concurrency ?? 2, (item) =>
      runJobItem(item, { clock, force: options.force === true, ...(context.listener === undefined ? {} : { listener: context.listener }) }),
    );
  });
}

async function runJobItem(item: JobItem, context: Required<Pick<ExtractRunContext, 'clock'>> & ExtractRunContext & { force: boolean }): Promise<JobOutcome> {
  const { name, spec } = item;
  try {
    const done = context.force || spec.restart === true ? undefined : await findCompletedOutput(spec);
    if (done !== undefined) return { name, out: spec.out, ok: true, manifest: done, skipped: true };
    const manifest = await runWithClient(spec, item.http, context);
    await pruneOlder({ template: item.outTemplate, name, current: spec.out, keep: item.keep }, context.listener);
    return { name, out: spec.out, ok: true, manifest, skipped: false };
  } catch (error) {
    return { name, out: spec.out, ok: false, error: error instanceof Error ? error.message : String(error) };
  }
}

async function runWithClient(
  spec: ExtractSpec,
  http: ExtractHttpOptions | undefined,
  context: Required<Pick<ExtractRunContext, 'clock'>> & ExtractRunContext,
): Promise<Manifest> {
  const client = createHttpClient(extractClientOptions(http, context.clock));
  try {
    return await runExtract(spec, { client, clock: context.clock, ...(context.listener === undefined ? {} : { listener: context.listener }) });
  } finally {
    await client.close();
  }
}

async function withSource<T>(source: ExtractSource, body: (target: ExtractTarget) => Promise<T>): Promise<T> {
  if ('target' in source) return body(source.token === undefined ? { baseUrl: source.target } : { baseUrl: source.target, token: source.token });
  // why: the reference server's private resources need a token; the session's random one lives only as long as this run
  const target = { kind: 'reference' as const, fixturesDir: source.reference.fixturesDir };
  return withSession({ cwd: source.reference.cwd ?? process.cwd(), target }, (session) =>
    body({ baseUrl: session.url, ...(session.token === undefined ? {} : { token: session.token }), label: session.label }),
  );
}

async function runPool<T, R>(items: readonly T[], concurrency: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array<R>(items.length);
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < items.length) {
      const index = next;
      next += 1;
      const item = items[index];
      if (item !== undefined) results[index] = await work(item);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, items.length) }, worker));
  return results;
}
