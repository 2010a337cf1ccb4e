// Job files: every extract of a job, with bounded concurrency, each target pre-flighted once, complete outputs
// skipped on rerun, older dated files pruned.
import { KitError } from '../errors.ts';
import { findCompletedOutput, loadJobFile, resolveJob, type ExtractTarget, type JobItem } from '../extract/index.ts';
import type { Clock } from '../model/index.ts';
import { runPool } from '../runner/index.ts';
import type { Manifest } from '../schema/extract-files.ts';
import { checkTarget, type ExtractRunContext, openSource, pruneOlder, runWithClient, systemClock } from './extract.ts';

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
  const run = async (reference: ExtractTarget | undefined): Promise<JobOutcome[]> => {
    const items = resolveJob(job, {
      file: options.file,
      env: options.env,
      nowMs: clock.now(),
      ...(reference === undefined ? {} : { targetOverride: reference.baseUrl }),
    });
    const withToken = items.map((item) => ({
      ...item,
      spec: { ...item.spec, ...(reference === undefined ? {} : { target: reference }), ...(options.restart === true ? { restart: true } : {}) },
    }));
    const down = reference === undefined ? await checkJobTargets(withToken, clock) : new Map<string, string>();
    const outcomes: JobOutcome[] = [];
    const runContext = {
      clock,
      force: options.force === true,
      ...(context.listener === undefined ? {} : { listener: context.listener }),
      ...(context.signal === undefined ? {} : { signal: context.signal }),
    };
    const runOne = async (item: JobItem): Promise<JobOutcome> => {
      const refused = down.get(item.spec.target.baseUrl);
      if (refused !== undefined) return { name: item.name, out: item.spec.out, ok: false, error: refused };
      return runJobItem(item, runContext);
    };
    await runPool(
      withToken.length,
      job.concurrency ?? 2,
      async (index) => {
        const item = withToken[index];
        if (item !== undefined) outcomes[index] = await runOne(item);
      },
      // why: after an interrupt no further extract starts; those running stop and say what they kept
      () => context.signal?.aborted === true,
    );
    return outcomes.filter((outcome) => outcome !== undefined);
  };
  if (options.reference === undefined) return run(undefined);
  const source = await openSource({ reference: options.reference });
  try {
    return await run(source.target);
  } finally {
    await source.close();
  }
}

/**
 * Pre-flights each target of a job once: the extracts of a target that is down or not CKAN fail with its one line;
 * when no target answers, the job stops there (exit 3).
 */
async function checkJobTargets(items: readonly JobItem[], clock: Clock): Promise<Map<string, string>> {
  const down = new Map<string, string>();
  const targets = [...new Set(items.map((item) => item.spec.target.baseUrl))];
  let first: unknown;
  for (const baseUrl of targets) {
    try {
      await checkTarget(baseUrl, undefined, clock);
    } catch (error) {
      if (!(error instanceof KitError)) throw error;
      first ??= error;
      down.set(baseUrl, error.message);
    }
  }
  if (targets.length > 0 && down.size === targets.length) throw first;
  return down;
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
