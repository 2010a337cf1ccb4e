// Writes an extract's pages into `<out>.part` with a checkpoint after each, and seals it: the format's last
// rewrite (Parquet), the finished file recorded in the checkpoint, the rename into place, the manifest.
import { rename } from 'node:fs/promises';
import type { Clock } from '../model/index.ts';
import { CHECKPOINT_VERSION } from '../schema/extract-constants.ts';
import type { Manifest } from '../schema/extract-files.ts';
import { writeFileAtomic } from '../util/atomic-write.ts';
import { type Checkpoint, displayTarget, manifestPath, partPath, removeCheckpoint, sourceIdentity, specKey, writeCheckpoint } from './checkpoint.ts';
import { pageSizeFor } from './dump-pages.ts';
import { outputFormat } from './formats.ts';
import type { Leftovers } from './leftovers.ts';
import { buildManifest } from './manifest.ts';
import { openPageStream } from './page-stream.ts';
import { PartFile } from './part-file.ts';
import type { ExtractPlan } from './plan.ts';
import type { ExtractListener, ExtractOutput, ExtractPaging, ExtractQuery, ExtractSpec } from './types.ts';
import type { HttpClient } from '../http/index.ts';

/** The part file being written and the checkpoint of what is on disk. */
export interface ExtractState {
  part: PartFile;
  checkpoint: Checkpoint;
  resumed: boolean;
}

/** What writing the pages needs: the query, its paging and output, and the plan. */
type WrittenExtract = ExtractQuery & ExtractPaging & ExtractOutput;

interface OpenRun {
  spec: WrittenExtract;
  plan: ExtractPlan;
  leftovers: Exclude<Leftovers, { kind: 'finished' }>;
  clock: Clock;
  listener?: ExtractListener;
}

/** Opens the part file: a new one, or the one of the checkpoint cut back to what it recorded. */
export async function openState(run: OpenRun): Promise<ExtractState> {
  const { spec, plan, leftovers, listener } = run;
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
    startedAt: new Date(run.clock.now()).toISOString(),
  };
  listener?.onStart?.({ out: spec.out, method: plan.method, total: plan.total, resumedRows: 0 });
  return { part, checkpoint, resumed: false };
}

/** Appends every page to the part file, the checkpoint moving after each one is on disk. */
export async function copyPages(
  spec: WrittenExtract,
  plan: ExtractPlan,
  state: ExtractState,
  collaborators: { client: HttpClient; clock: Clock; listener?: ExtractListener; signal?: AbortSignal },
): Promise<void> {
  const encoder = outputFormat(spec.format).createEncoder();
  const started = collaborators.clock.now();
  let pageSize = state.checkpoint.pageSizeUsed;
  const pages = await openPageStream(collaborators.client, spec, plan, { cursor: state.checkpoint.cursor, pageSize });
  for await (const page of pages) {
    // why: a page that came in as the interrupt did is not written: the checkpoint says what is kept
    collaborators.signal?.throwIfAborted();
    pageSize = Math.min(pageSize, page.pageSize);
    const head = state.checkpoint.pages === 0 ? encoder.head(plan.columns) : '';
    const body = 'lines' in page.content ? page.content.lines : encoder.rows(plan.columns, page.content.values, state.checkpoint.rows === 0);
    const bytes = await state.part.append(head + body);
    const checkpoint = {
      ...state.checkpoint,
      cursor: page.next,
      rows: state.checkpoint.rows + page.rowCount,
      bytes,
      pages: state.checkpoint.pages + 1,
      pageSizeUsed: pageSize,
    };
    await writeCheckpoint(spec.out, checkpoint);
    // why: what is kept is what the checkpoint on disk says, so the state moves only once it is written
    state.checkpoint = checkpoint;
    collaborators.listener?.onPage?.({ out: spec.out, rows: state.checkpoint.rows, total: plan.total, elapsedMs: collaborators.clock.now() - started });
  }
}

interface FinishRun {
  spec: WrittenExtract;
  plan: ExtractPlan;
  state: ExtractState;
  clock: Clock;
  notes: readonly string[];
}

/** Seals the part file (the format's rewrite), records it in the checkpoint, puts it in place, writes the manifest. */
export async function finish(run: FinishRun): Promise<Manifest> {
  const { spec, state, plan } = run;
  const format = outputFormat(spec.format);
  await state.part.append(format.createEncoder().tail());
  const warnings = [...run.notes];
  const seal = format.seal;
  const output = await state.part.seal(seal === undefined ? undefined : async (path) => void warnings.push(...(await seal(path, plan.columns)).warnings));
  // why: recorded before the rename, so a kill after it leaves a checkpoint that proves the output complete
  state.checkpoint = { ...state.checkpoint, finished: output };
  await writeCheckpoint(spec.out, state.checkpoint);
  await state.part.moveTo(spec.out);
  const manifest = buildManifest({ spec, plan, checkpoint: state.checkpoint, output, resumed: state.resumed, warnings }, run.clock);
  await writeFileAtomic(manifestPath(spec.out), `${JSON.stringify(manifest, null, 2)}\n`);
  await removeCheckpoint(spec.out);
  return manifest;
}

/** The output was complete when the last run stopped: put it in place if needed, write the manifest, tidy up. */
export async function completeFinished(run: {
  spec: ExtractSpec;
  plan: ExtractPlan;
  leftovers: Extract<Leftovers, { kind: 'finished' }>;
  clock: Clock;
  notes: readonly string[];
}): Promise<Manifest> {
  const { spec, leftovers } = run;
  if (leftovers.at === 'part') await rename(partPath(spec.out), spec.out);
  const finished = { spec, plan: run.plan, checkpoint: leftovers.checkpoint, output: leftovers.output, resumed: true, warnings: run.notes };
  const manifest = buildManifest(finished, run.clock);
  await writeFileAtomic(manifestPath(spec.out), `${JSON.stringify(manifest, null, 2)}\n`);
  await removeCheckpoint(spec.out);
  return manifest;
}
