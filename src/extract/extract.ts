// Runs one extract: plan, page through the target, append to `<out>.part` with a checkpoint after every page,
// then record the finished file in the checkpoint, rename it into place, write the manifest, drop the checkpoint.
// A kill between any two of these steps leaves a state the next run recognises (see leftovers.ts).
import { constants } from 'node:fs';
import { access, rename, stat } from 'node:fs/promises';
import { dirname } from 'node:path';
import { KitError, KitErrorCode } from '../errors.ts';
import type { HttpClient } from '../http/index.ts';
import type { Clock } from '../model/index.ts';
import { CHECKPOINT_VERSION } from '../schema/extract-constants.ts';
import type { Manifest } from '../schema/extract-files.ts';
import { writeFileAtomic } from '../util/atomic-write.ts';
import { maskUrlCredentials } from '../util/redact.ts';
import { displayTarget, manifestPath, partPath, removeCheckpoint, sourceIdentity, specKey, writeCheckpoint, type Checkpoint } from './checkpoint.ts';
import { ActionCallError } from './api.ts';
import { createEncoder } from './encode.ts';
import { checkDrift, readPreviousRun } from './drift.ts';
import { checkSameExtract, inspectLeftovers, type Leftovers } from './leftovers.ts';
import { buildManifest, describeNameMismatch, type FinishedExtract } from './manifest.ts';
import { isKeyset, openPageStream } from './page-stream.ts';
import { planIncremental, startIncremental, writeMark } from './incremental.ts';
import { acquireOutputLock } from './lock.ts';
import { rewriteAsParquet } from './parquet.ts';
import { PartFile } from './part-file.ts';
import { planExtract, type ExtractPlan } from './plan.ts';
import { type ExtractListener, type ExtractSpec, PagingMethod } from './types.ts';
import { pageSizeFor } from './dump-pages.ts';
import { makeDir } from '../util/make-dir.ts';

export interface ExtractCollaborators {
  client: HttpClient;
  clock: Clock;
  listener?: ExtractListener;
  /**
   * Checks that the target is the API it should be (the CLI's pre-flight: exit 3 with a hint); called once, after
   * the local checks (output path, lock, leftovers) and before the first request of the extract.
   */
  preflight?: () => Promise<void>;
}

/**
 * Extracts `spec` to its output file and returns the manifest, holding `<out>.lock` meanwhile. Throws KitError:
 * E_USAGE for an output path that cannot be written, E_ENV while another live run writes the output, E_RESUME for leftovers that cannot be continued as asked, E_EXTRACT_FAILED on failure.
 */
export async function runExtract(spec: ExtractSpec, collaborators: ExtractCollaborators): Promise<Manifest> {
  await checkOutputPath(spec.out);
  const onWarning = collaborators.listener?.onWarning;
  const lock = await acquireOutputLock(spec.out, onWarning === undefined ? {} : { onWarning: (message) => onWarning(message) });
  try {
    return await runLocked(spec, collaborators);
  } finally {
    await lock.release();
  }
}

async function runLocked(asked: ExtractSpec, collaborators: ExtractCollaborators): Promise<Manifest> {
  let spec: ExtractSpec;
  // why: a mark column other than _id is read from the target, so the pre-flight comes first there
  if (asked.incremental !== undefined && asked.incremental.column !== '_id') await collaborators.preflight?.();
  try {
    spec = await startIncremental(asked, collaborators.client);
  } catch (error) {
    throw failure(asked, error, 0);
  }
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
  const { client, clock, listener } = collaborators;
  const leftovers = await inspectLeftovers(spec);
  if (spec.incremental === undefined || spec.incremental.column === '_id') await collaborators.preflight?.();
  let plan: ExtractPlan;
  try {
    plan = await planExtract(client, spec, leftovers.kind === 'fresh' ? undefined : leftovers.checkpoint.method);
    plan = await planIncremental(client, spec, plan);
  } catch (error) {
    if (error instanceof KitError) throw error;
    throw failure(spec, error, 0);
  }
  const notes = leftovers.kind === 'fresh' ? [] : checkSameExtract(leftovers.checkpoint, spec, plan);
  const mismatch = describeNameMismatch(spec);
  if (mismatch !== undefined) notes.push(mismatch);
  if ((spec.parallel ?? 1) > 1 && !isKeyset(plan.method) && plan.method !== PagingMethod.dump) {
    notes.push(
      `--parallel ${spec.parallel} applies to keyset paging (sql-keyset, next-page) and dump slices only; this extract pages by ${plan.method}, one page at a time`,
    );
  }
  for (const warning of [...plan.warnings, ...notes]) listener?.onWarning?.(warning);
  if (leftovers.kind === 'finished') return completeFinished(spec, plan, leftovers, { clock, notes });
  const state = await openState(spec, plan, leftovers, clock, listener);
  try {
    await copyPages(spec, plan, state, collaborators);
    return await finish({ spec, plan, state, clock, notes });
  } catch (error) {
    await state.part.close();
    if (state.checkpoint.pages === 0) {
      await state.part.discard();
      await removeCheckpoint(spec.out);
    }
    throw failure(spec, error, state.checkpoint.pages);
  }
}

interface ExtractState {
  part: PartFile;
  checkpoint: Checkpoint;
  resumed: boolean;
}

async function openState(spec: ExtractSpec, plan: ExtractPlan, leftovers: Leftovers, clock: Clock, listener?: ExtractListener): Promise<ExtractState> {
  if (leftovers.kind === 'resume') {
    const found = leftovers.checkpoint;
    const part = await PartFile.resume(partPath(spec.out), spec.gzip, found.bytes);
    listener?.onStart?.({ out: spec.out, method: plan.method, total: plan.total, resumedRows: found.rows });
    // why: the target may be reached under another port or spelling now; later messages name the current one
    // why: this run may ask another page size than the interrupted one; the server lowers it again if it must
    const checkpoint = { ...found, source: { ...found.source, target: displayTarget(spec.target) }, pageSizeUsed: pageSizeFor(spec, plan) };
    return { part, checkpoint, resumed: true };
  }
  const part = await PartFile.create(partPath(spec.out), spec.gzip);
  const checkpoint: Checkpoint = {
    version: CHECKPOINT_VERSION,
    specKey: specKey(spec, plan.resourceId),
    source: { target: displayTarget(spec.target), identity: sourceIdentity(spec.target) },
    method: plan.method,
    columns: plan.columns,
    // why: an incremental run by `_id` starts its keyset after the previous run's mark
    cursor: { lastId: spec.incremental?.column === '_id' ? (spec.incremental.after ?? null) : null, offset: plan.startOffset ?? 0 },
    rows: 0,
    bytes: 0,
    pages: 0,
    pageSizeUsed: pageSizeFor(spec, plan),
    startedAt: new Date(clock.now()).toISOString(),
  };
  listener?.onStart?.({ out: spec.out, method: plan.method, total: plan.total, resumedRows: 0 });
  return { part, checkpoint, resumed: false };
}

async function copyPages(spec: ExtractSpec, plan: ExtractPlan, state: ExtractState, collaborators: ExtractCollaborators): Promise<void> {
  const encoder = createEncoder(spec.format);
  const started = collaborators.clock.now();
  let pageSize = state.checkpoint.pageSizeUsed;
  const pages = await openPageStream(collaborators.client, spec, plan, { cursor: state.checkpoint.cursor, pageSize });
  for await (const page of pages) {
    pageSize = Math.min(pageSize, page.pageSize);
    const head = state.checkpoint.pages === 0 ? encoder.head(plan.columns) : '';
    const body = 'lines' in page.content ? page.content.lines : encoder.rows(plan.columns, page.content.values, state.checkpoint.rows === 0);
    const bytes = await state.part.append(head + body);
    // why: the checkpoint moves only after a page is on disk
    state.checkpoint = {
      ...state.checkpoint,
      cursor: page.next,
      rows: state.checkpoint.rows + page.rowCount,
      bytes,
      pages: state.checkpoint.pages + 1,
      pageSizeUsed: pageSize,
    };
    await writeCheckpoint(spec.out, state.checkpoint);
    collaborators.listener?.onPage?.({
      out: spec.out,
      rows: state.checkpoint.rows,
      total: plan.total,
      elapsedMs: collaborators.clock.now() - started,
    });
  }
}

async function finish(run: { spec: ExtractSpec; plan: ExtractPlan; state: ExtractState; clock: Clock; notes: readonly string[] }): Promise<Manifest> {
  const { spec, state } = run;
  await state.part.append(createEncoder(spec.format).tail());
  const columns = run.plan.columns;
  const output = await state.part.seal(spec.format === 'parquet' ? (path) => rewriteAsParquet(path, columns) : undefined);
  // why: recorded before the rename, so a kill after it leaves a checkpoint that proves the output complete
  state.checkpoint = { ...state.checkpoint, finished: output };
  await writeCheckpoint(spec.out, state.checkpoint);
  await state.part.moveTo(spec.out);
  const manifest = buildManifest({ spec, plan: run.plan, checkpoint: state.checkpoint, output, resumed: state.resumed, warnings: run.notes }, run.clock);
  await writeFileAtomic(manifestPath(spec.out), `${JSON.stringify(manifest, null, 2)}\n`);
  await removeCheckpoint(spec.out);
  return manifest;
}

/** The output was complete when the last run stopped: put it in place if needed, write the manifest, tidy up. */
async function completeFinished(
  spec: ExtractSpec,
  plan: ExtractPlan,
  leftovers: Extract<Leftovers, { kind: 'finished' }>,
  run: { clock: Clock; notes: readonly string[] },
): Promise<Manifest> {
  const { checkpoint, output } = leftovers;
  if (leftovers.at === 'part') await rename(partPath(spec.out), spec.out);
  const finished: FinishedExtract = { spec, plan, checkpoint, output, resumed: true, warnings: run.notes };
  const manifest = buildManifest(finished, run.clock);
  await writeFileAtomic(manifestPath(spec.out), `${JSON.stringify(manifest, null, 2)}\n`);
  await removeCheckpoint(spec.out);
  return manifest;
}

/** On a 403, what to do about the token: give one (the resource may be private), or check the one given. */
function tokenHint(spec: ExtractSpec, error: unknown): string {
  if (!(error instanceof ActionCallError) || error.status !== 403) return '';
  return spec.target.token === undefined
    ? ' (the resource may be private: give a token that may read it with --token-env NAME or --token-file FILE, tokenEnv in a job)'
    : ' (the token given may not read it: check that it is valid on this site and its user may read the dataset)';
}

/** Fails before any request when `out` cannot be written: a folder, or a place no folder can be made. */
async function checkOutputPath(out: string): Promise<void> {
  const usage = (reason: string, cause?: unknown): KitError =>
    new KitError(KitErrorCode.usage, `--out ${out}: ${reason}`, cause === undefined ? undefined : { cause });
  const existing = await stat(out).catch(() => undefined);
  if (existing?.isDirectory() === true) throw usage('is a folder; give a file name');
  try {
    await makeDir(dirname(out));
    await access(dirname(out), constants.W_OK);
  } catch (error) {
    throw usage(`cannot write there (${error instanceof Error && 'code' in error ? String(error.code) : String(error)})`, error);
  }
}

function failure(spec: ExtractSpec, error: unknown, pages: number): KitError {
  const reason = maskUrlCredentials(error instanceof Error ? error.message : String(error)) + tokenHint(spec, error);
  const hint = pages > 0 ? `; the rows written so far are kept in ${partPath(spec.out)}: rerun with --resume to continue` : '';
  return new KitError(KitErrorCode.extractFailed, `extract to ${spec.out} failed: ${reason}${hint}`, { cause: error });
}
