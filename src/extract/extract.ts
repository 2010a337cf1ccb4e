// Runs one extract: plan, page through the target, append to `<out>.part` with a checkpoint after every page,
// then record the finished file in the checkpoint, rename it into place, write the manifest, drop the checkpoint.
// A kill between any two of these steps leaves a state the next run recognises (see leftovers.ts); an interrupt
// (the collaborators' signal) stops it between two of them, says what it kept, and releases the lock.
import { constants } from 'node:fs';
import { access, stat } from 'node:fs/promises';
import { dirname } from 'node:path';
import { KitError, KitErrorCode } from '../errors.ts';
import type { HttpClient } from '../http/index.ts';
import type { Clock } from '../model/index.ts';
import type { Manifest } from '../schema/extract-files.ts';
import { makeDir } from '../util/make-dir.ts';
import { withSignal } from './api.ts';
import { removeCheckpoint } from './checkpoint.ts';
import { checkDrift, readPreviousRun } from './drift.ts';
import { extractFailure } from './failures.ts';
import { refuseOutputShape } from './formats.ts';
import { planIncremental, startIncremental, writeMark } from './incremental.ts';
import { checkSameExtract, inspectLeftovers } from './leftovers.ts';
import { acquireOutputLock, cannotWrite, type OutputLock } from './lock.ts';
import { describeNameMismatch, describePrecision } from './manifest.ts';
import { isKeyset } from './page-stream.ts';
import { planExtract, type ExtractPlan } from './plan.ts';
import { type ExtractListener, type ExtractSpec, PagingMethod } from './types.ts';
import { completeFinished, copyPages, finish, openState } from './write-pages.ts';

export interface ExtractCollaborators {
  client: HttpClient;
  clock: Clock;
  listener?: ExtractListener;
  /**
   * Checks that the target is the API it should be (the CLI's pre-flight: exit 3 with a hint); called once, after
   * the local checks (output path, lock, leftovers) and before the first request of the extract.
   */
  preflight?: () => Promise<void>;
  /**
   * Stops the extract (Ctrl-C, SIGTERM): requests in flight are cancelled, the pages on disk kept with their
   * checkpoint, the lock released; it then throws `interrupted: N rows kept in <out>.part; rerun with --resume`.
   */
  signal?: AbortSignal;
}

/**
 * Extracts `spec` to its output file and returns the manifest, holding `<out>.lock` meanwhile. Throws KitError:
 * E_USAGE for an output that cannot be written as asked (a folder, parquet with gzip), E_ENV for a place that cannot
 * be written (no folder can be made there, read-only, no permission, disk full) and while another live run writes
 * the output, E_RESUME for leftovers that cannot be continued as asked, E_EXTRACT_FAILED on failure or interrupt.
 */
export async function runExtract(spec: ExtractSpec, collaborators: ExtractCollaborators): Promise<Manifest> {
  const refused = refuseOutputShape(spec);
  if (refused !== undefined) throw new KitError(KitErrorCode.usage, `--out ${spec.out}: ${refused}`);
  await checkOutputPath(spec.out);
  const lock = await takeLock(spec, collaborators.listener);
  try {
    return await runLocked(spec, { ...collaborators, client: withSignal(collaborators.client, collaborators.signal) });
  } catch (error) {
    // why: a state file that cannot be written (mark, run summary, manifest) is one line too, never a stack
    throw extractFailure(spec, error, { pages: 0, rows: 0 }, collaborators.signal);
  } finally {
    await lock.release();
  }
}

async function takeLock(spec: ExtractSpec, listener: ExtractListener | undefined): Promise<OutputLock> {
  const onWarning = listener?.onWarning;
  try {
    return await acquireOutputLock(spec.out, onWarning === undefined ? {} : { onWarning: (message) => onWarning(message) });
  } catch (error) {
    throw extractFailure(spec, error, { pages: 0, rows: 0 });
  }
}

async function runLocked(asked: ExtractSpec, collaborators: ExtractCollaborators): Promise<Manifest> {
  // why: a mark column other than _id is read from the target, so the pre-flight comes first there
  if (asked.incremental !== undefined && asked.incremental.column !== '_id') await collaborators.preflight?.();
  const spec = await startIncremental(asked, collaborators.client);
  const previous = await readPreviousRun(asked);
  const manifest = await runPlanned(spec, collaborators);
  // why: the mark moves with the file written, even when a drift check then fails the run
  const through = manifest.incremental?.through;
  if (asked.incremental !== undefined && through !== undefined && through !== null) {
    await writeMark(asked, asked.incremental.column, through, collaborators.clock.now());
  }
  return checkDrift(asked, previous, manifest, collaborators.listener?.onWarning);
}

async function runPlanned(spec: ExtractSpec, collaborators: ExtractCollaborators): Promise<Manifest> {
  const { client, clock, listener, signal } = collaborators;
  const leftovers = await inspectLeftovers(spec);
  if (spec.incremental === undefined || spec.incremental.column === '_id') await collaborators.preflight?.();
  const resumed = leftovers.kind === 'fresh' ? undefined : leftovers.checkpoint.method;
  const plan = await planIncremental(client, spec, await planExtract(client, spec, { format: spec.format, dump: spec.dump, resumed }));
  const notes = leftovers.kind === 'fresh' ? [] : checkSameExtract(leftovers.checkpoint, spec, plan);
  notes.push(...describeRunNotes(spec, plan));
  for (const warning of [...plan.warnings, ...notes]) listener?.onWarning?.(warning);
  for (const lost of describePrecision(plan)) listener?.onNote?.(`${spec.out}: column ${lost.column} (${lost.type}) loses ${lost.lost}; ${lost.keep}`);
  if (leftovers.kind === 'finished') return completeFinished({ spec, plan, leftovers, clock, notes });
  const state = await openState({ spec, plan, leftovers, clock, ...(listener === undefined ? {} : { listener }) });
  try {
    await copyPages(spec, plan, state, collaborators);
    signal?.throwIfAborted();
    return await finish({ spec, plan, state, clock, notes });
  } catch (error) {
    await state.part.close();
    if (state.checkpoint.pages === 0) {
      await state.part.discard();
      await removeCheckpoint(spec.out);
    }
    throw extractFailure(spec, error, { pages: state.checkpoint.pages, rows: state.checkpoint.rows }, signal);
  }
}

/** Warnings of this run beside the plan's: a name that says another content, a --parallel that does not apply. */
function describeRunNotes(spec: ExtractSpec, plan: ExtractPlan): string[] {
  const notes: string[] = [];
  const mismatch = describeNameMismatch(spec);
  if (mismatch !== undefined) notes.push(mismatch);
  if ((spec.parallel ?? 1) > 1 && !isKeyset(plan.method) && plan.method !== PagingMethod.dump) {
    notes.push(
      `--parallel ${spec.parallel} applies to keyset paging (sql-keyset, next-page) and dump slices only; this extract pages by ${plan.method}, one page at a time`,
    );
  }
  return notes;
}

/**
 * Fails before any request when `out` cannot be written: a folder (a bad argument, exit 2), or a place no folder can
 * be made or written (the environment, exit 3, as for run's and probe's --out).
 */
async function checkOutputPath(out: string): Promise<void> {
  const existing = await stat(out).catch(() => undefined);
  if (existing?.isDirectory() === true) throw new KitError(KitErrorCode.usage, `--out ${out}: is a folder; give a file name`);
  // why: the output is written beside and renamed over `out`, which would replace a device or a pipe (/dev/null as root)
  if (existing !== undefined && !existing.isFile()) {
    throw new KitError(KitErrorCode.usage, `--out ${out}: is not a file (a device, pipe or socket); give a file name, or --out - to write to stdout`);
  }
  try {
    await makeDir(dirname(out));
    await access(dirname(out), constants.W_OK);
  } catch (error) {
    throw cannotWrite(out, error);
  }
}
