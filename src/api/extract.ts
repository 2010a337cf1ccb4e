// Public entry points for extracts: one extract from options, or a job file; both may run against the
// bundled reference server started in-process.
import type { HttpClientOptions } from '../http/index.ts';
import type { Clock } from '../model/index.ts';
import type { Manifest } from '../schema/extract-files.ts';
import {
  EXTRACT_DEFAULTS,
  loadJobFile,
  resolveJob,
  runExtract,
  type ExtractHttpOptions,
  type ExtractListener,
  type ExtractSpec,
  type ExtractTarget,
  type JobItem,
} from '../extract/index.ts';
import { runPool } from '../runner/index.ts';
import { withClient, withSession } from './session.ts';

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

/** Runs one extract and returns its manifest; throws KitError (E_EXTRACT_FAILED, E_SERVER_START, ...). */
export async function extract(options: ExtractOptions, context: ExtractRunContext = {}): Promise<Manifest> {
  const clock = context.clock ?? systemClock;
  return withSource(options.source, async (target) => {
    const { source: _source, http: _http, ...what } = options;
    const { restart, ...rest } = what;
    const spec: ExtractSpec = {
      ...rest,
      target,
      gzip: options.gzip ?? false,
      pageSize: options.pageSize ?? EXTRACT_DEFAULTS.pageSize,
      resume: options.resume ?? false,
      ...(restart === true ? { restart } : {}),
    };
    return runWithClient(spec, options.http, { clock, ...(context.listener === undefined ? {} : { listener: context.listener }) });
  });
}

export interface ExtractJobOptions {
  file: string;
  env: Readonly<Record<string, string | undefined>>;
  /** Run every extract against the bundled reference server instead of the job's targets. */
  reference?: { fixturesDir: string; cwd?: string };
  /** Discard every extract's unfinished leftovers and start each over; default false. */
  restart?: boolean;
}

/** The outcome of one extract of a job. */
export type JobOutcome = { name: string; ok: true; manifest: Manifest } | { name: string; ok: false; error: string };

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
    const outcomes: JobOutcome[] = [];
    const runContext = { clock, ...(context.listener === undefined ? {} : { listener: context.listener }) };
    await runPool(
      withToken.length,
      job.concurrency ?? 2,
      async (index) => {
        const item = withToken[index];
        if (item !== undefined) outcomes[index] = await runJobItem(item, runContext);
      },
      () => false,
    );
    return outcomes;
  });
}

async function runJobItem(item: JobItem, context: Required<Pick<ExtractRunContext, 'clock'>> & ExtractRunContext): Promise<JobOutcome> {
  try {
    return { name: item.name, ok: true, manifest: await runWithClient(item.spec, item.http, context) };
  } catch (error) {
    return { name: item.name, ok: false, error: error instanceof Error ? error.message : String(error) };
  }
}

async function runWithClient(
  spec: ExtractSpec,
  http: ExtractHttpOptions | undefined,
  context: Required<Pick<ExtractRunContext, 'clock'>> & ExtractRunContext,
): Promise<Manifest> {
  return withClient(extractClientOptions(http, context.clock), (client) =>
    runExtract(spec, { client, clock: context.clock, ...(context.listener === undefined ? {} : { listener: context.listener }) }),
  );
}

async function withSource<T>(source: ExtractSource, body: (target: ExtractTarget) => Promise<T>): Promise<T> {
  if ('target' in source) return body(source.token === undefined ? { baseUrl: source.target } : { baseUrl: source.target, token: source.token });
  // why: the reference server's private resources need a token; the session's random one lives only as long as this run
  const target = { kind: 'reference' as const, fixturesDir: source.reference.fixturesDir };
  return withSession({ cwd: source.reference.cwd ?? process.cwd(), target }, (session) =>
    body({ baseUrl: session.url, ...(session.token === undefined ? {} : { token: session.token }), label: session.label }),
  );
}
