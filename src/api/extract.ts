// Public entry points for extracts: one extract from options, or a job file; both may run against the
// bundled reference server started in-process.
import { checkReachable, type HttpClientOptions } from '../http/index.ts';
import type { Clock } from '../model/index.ts';
import type { Manifest } from '../schema/extract-files.ts';
import { EXTRACT_HTTP_OPTIONS } from '../schema/extract-options.ts';
import {
  apiOptionLabel,
  expandTemplate,
  pruneDatedOutputs,
  resolveExtractOptions,
  toExtractSpec,
  type ExtractOptionValues,
  streamExtract,
  type StreamedExtract,
  type TextSink,
  runExtract,
  type ExtractHttpOptions,
  type ExtractListener,
  type ExtractSpec,
  type ExtractTarget,
} from '../extract/index.ts';
import { openSession, withClient } from './session.ts';

/** Where to read: a target URL, or the bundled reference server on `fixturesDir` (relative to `cwd`, default the process's). */
export type ExtractSource = { target: string; token?: string } | { reference: { fixturesDir: string; cwd?: string } };

/**
 * One extract: where from (`source`), where to (`out`), and the options of `datastore-kit extract` by the names of
 * schema/extract-options.ts (docs/cli.md says what each means and its default); checked as the flags are.
 */
export type ExtractOptions = ExtractOptionValues & { source: ExtractSource; out: string };

export interface ExtractRunContext {
  clock?: Clock;
  listener?: ExtractListener;
  /**
   * Stops the extract (Ctrl-C, SIGTERM): it keeps the pages on disk with their checkpoint, releases its lock and
   * fails with `interrupted: N rows kept in <out>.part; rerun with --resume` (a job starts no further extract).
   */
  signal?: AbortSignal;
}

export const systemClock: Clock = { now: () => Date.now() };

/** Extract defaults for HTTP: patient with slow pages, and retrying transient failures. */
export function extractClientOptions(http: ExtractHttpOptions | undefined, clock: Clock): HttpClientOptions {
  return {
    timeoutMs: http?.timeoutMs ?? EXTRACT_HTTP_OPTIONS.timeoutMs.default,
    retries: http?.retries ?? EXTRACT_HTTP_OPTIONS.retries.default,
    // why: a dump page holds tens of thousands of rows
    maxBodyBytes: 512 * 1024 * 1024,
    clock,
    ...(http?.rateRps === undefined ? {} : { rateRps: http.rateRps }),
  };
}

/**
 * Runs one extract and returns its manifest; throws KitError (E_USAGE for options the flags would refuse too,
 * E_EXTRACT_FAILED, E_SERVER_START, ...). `out` may hold {date}, {datetime} and {name} (the resource, or "sql"),
 * expanded at the start.
 */
export async function extract(options: ExtractOptions, context: ExtractRunContext = {}): Promise<Manifest> {
  const clock = context.clock ?? systemClock;
  const resolved = resolveExtractOptions(options, apiOptionLabel, 'target' in options.source ? options.source.target : undefined);
  const name = resolved.resource ?? 'sql';
  const source = await openSource(options.source);
  try {
    const { target } = source;
    const spec = toExtractSpec(resolved, { target, out: expandTemplate(resolved.out, name, clock.now()) });
    // why: a file extract pre-flights after its local checks (runExtract's `preflight`), so bad paths and leftovers
    // are refused before any request
    const preflight = 'target' in options.source ? () => checkTarget(target.baseUrl, resolved.http, clock) : undefined;
    const manifest = await runWithClient(spec, resolved.http, {
      clock,
      ...(context.listener === undefined ? {} : { listener: context.listener }),
      ...(context.signal === undefined ? {} : { signal: context.signal }),
      ...(preflight === undefined ? {} : { preflight }),
    });
    await pruneOlder({ template: resolved.out, name, current: spec.out, keep: resolved.keep }, context.listener);
    return manifest;
  } finally {
    await source.close();
  }
}

/** Streams one extract to `output` (csv, tsv or jsonl) as the pages arrive: no file, checkpoint or manifest. */
export async function extractToStream(
  options: Omit<ExtractOptions, 'out' | 'keep' | 'resume' | 'restart' | 'incremental' | 'watermark'>,
  output: TextSink,
  context: ExtractRunContext = {},
): Promise<StreamedExtract> {
  const clock = context.clock ?? systemClock;
  const resolved = resolveExtractOptions({ ...options, out: '-' }, apiOptionLabel, 'target' in options.source ? options.source.target : undefined);
  // why: a stream has no local checks to make first, so it asks the target before anything else
  if ('target' in options.source) await checkTarget(options.source.target, resolved.http, clock);
  const source = await openSource(options.source);
  try {
    const spec = toExtractSpec(resolved, { target: source.target, out: '-' });
    return await withClient(extractClientOptions(resolved.http, clock), (client) =>
      streamExtract(spec, output, {
        client,
        ...(context.listener === undefined ? {} : { listener: context.listener }),
        ...(context.signal === undefined ? {} : { signal: context.signal }),
      }),
    );
  } finally {
    await source.close();
  }
}

export async function pruneOlder(
  prune: { template: string; name: string; current: string; keep: number | undefined },
  listener: ExtractListener | undefined,
): Promise<void> {
  if (prune.keep === undefined) return;
  const removed = await pruneDatedOutputs({ ...prune, keep: prune.keep });
  if (removed.length > 0) listener?.onNote?.(`${prune.current}: kept the newest ${prune.keep}, removed ${removed.length} older: ${removed.join(', ')}`);
}

export async function runWithClient(
  spec: ExtractSpec,
  http: ExtractHttpOptions | undefined,
  context: Required<Pick<ExtractRunContext, 'clock'>> & ExtractRunContext & { preflight?: () => Promise<void> },
): Promise<Manifest> {
  return withClient(extractClientOptions(http, context.clock), (client) =>
    runExtract(spec, {
      client,
      clock: context.clock,
      ...(context.listener === undefined ? {} : { listener: context.listener }),
      ...(context.preflight === undefined ? {} : { preflight: context.preflight }),
      ...(context.signal === undefined ? {} : { signal: context.signal }),
    }),
  );
}

/**
 * The front door `run` has: the target must answer as CKAN's action API before anything is written, else one line
 * and exit 3 (E_UNREACHABLE, or E_NOT_CKAN with what the base URL should be).
 */
export async function checkTarget(baseUrl: string, http: ExtractHttpOptions | undefined, clock: Clock): Promise<void> {
  // why: a pre-flight answers at once or says why not; the extract's patient retries would only delay the line
  await withClient({ ...extractClientOptions(http, clock), retries: 0 }, (client) => checkReachable(client, baseUrl));
}

/** An extract's source, opened: its target, and close() to stop what opening it started. */
export interface OpenedSource {
  readonly target: ExtractTarget;
  close(): Promise<void>;
}

/** Opens `source`: a URL as it is, or the bundled reference server started for the extract (E_SERVER_START, exit 3). */
export async function openSource(source: ExtractSource): Promise<OpenedSource> {
  if ('target' in source) {
    const target = source.token === undefined ? { baseUrl: source.target } : { baseUrl: source.target, token: source.token };
    return { target, close: () => Promise.resolve() };
  }
  // why: the reference server's private resources need a token; the session's random one lives only as long as this run
  const session = await openSession({ cwd: source.reference.cwd ?? process.cwd(), target: { kind: 'reference', fixturesDir: source.reference.fixturesDir } });
  const target = { baseUrl: session.url, ...(session.token === undefined ? {} : { token: session.token }), label: session.label };
  return { target, close: () => session.close() };
}
