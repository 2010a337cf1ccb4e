// Runs one extract: plan, page through the target, append to `<out>.part` with a checkpoint after every page,
// then rename into place and write the manifest.
import { constants } from 'node:fs';
import { access, mkdir, rm, stat } from 'node:fs/promises';
import { dirname } from 'node:path';
import { KitError, KitErrorCode } from '../errors.ts';
import type { HttpClient } from '../http/index.ts';
import type { Clock } from '../model/index.ts';
import { MANIFEST_VERSION, type Manifest } from '../schema/extract-files.ts';
import { writeFileAtomic } from '../util/atomic-write.ts';
import {
  manifestPath,
  partPath,
  readCheckpoint,
  removeCheckpoint,
  specKey,
  writeCheckpoint,
  type Checkpoint,
} from './checkpoint.ts';
import { createEncoder } from './encode.ts';
import { fetchPage } from './pages.ts';
import { PartFile } from './part-file.ts';
import { planExtract, type ExtractPlan } from './plan.ts';
import type { ExtractListener, ExtractSpec } from './types.ts';

export interface ExtractCollaborators {
  client: HttpClient;
  clock: Clock;
  listener?: ExtractListener;
}

/** Extracts `spec` to its output file and returns the manifest; throws KitError E_EXTRACT_FAILED on failure. */
export async function runExtract(spec: ExtractSpec, collaborators: ExtractCollaborators): Promise<Manifest> {
  const { client, clock, listener } = collaborators;
  await checkOutputPath(spec.out);
  let plan: ExtractPlan;
  try {
    plan = await planExtract(client, spec);
  } catch (error) {
    throw failure(spec, error, 0);
  }
  for (const warning of plan.warnings) listener?.onWarning?.(warning);
  const state = await openState(spec, plan, clock, listener);
  try {
    await copyPages(spec, plan, state, collaborators);
    return await finish(spec, plan, state, clock);
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

async function openState(spec: ExtractSpec, plan: ExtractPlan, clock: Clock, listener?: ExtractListener): Promise<ExtractState> {
  const key = specKey(spec);
  const found = await readCheckpoint(spec.out);
  if (spec.resume && found instanceof Error) throw failure(spec, found, 0);
  if (spec.resume && found !== undefined && !(found instanceof Error)) {
    const mismatch = describeMismatch(found, key, plan);
    if (mismatch !== undefined) throw failure(spec, new Error(`cannot resume: ${mismatch}; delete ${partPath(spec.out)} and its checkpoint, or run without --resume`), 0);
    const part = await PartFile.resume(partPath(spec.out), spec.gzip, found.bytes);
    listener?.onStart?.({ out: spec.out, method: plan.method, total: plan.total, resumedRows: found.rows });
    return { part, checkpoint: found, resumed: true };
  }
  if (found !== undefined) {
    listener?.onWarning?.(`starting ${spec.out} over: an earlier unfinished extract was discarded (use --resume to continue one)`);
    await removeCheckpoint(spec.out);
  }
  const part = await PartFile.create(partPath(spec.out), spec.gzip);
  const checkpoint: Checkpoint = {
    version: 1,
    specKey: key,
    method: plan.method,
    columns: plan.columns,
    cursor: { lastId: null, offset: 0 },
    rows: 0,
    bytes: 0,
    pages: 0,
    startedAt: new Date(clock.now()).toISOString(),
  };
  listener?.onStart?.({ out: spec.out, method: plan.method, total: plan.total, resumedRows: 0 });
  return { part, checkpoint, resumed: false };
}

function describeMismatch(found: Checkpoint, key: string, plan: ExtractPlan): string | undefined {
  if (found.specKey !== key) return 'the checkpoint belongs to a different extract (source, query or format changed)';
  if (found.method !== plan.method) return `the checkpoint was paged by ${found.method}, the target now allows ${plan.method}`;
  if (JSON.stringify(found.columns) !== JSON.stringify(plan.columns)) return 'the columns of the source changed since the checkpoint';
  return undefined;
}

async function copyPages(spec: ExtractSpec, plan: ExtractPlan, state: ExtractState, collaborators: ExtractCollaborators): Promise<void> {
  const encoder = createEncoder(spec.format);
  const started = collaborators.clock.now();
  let pageSize = spec.pageSize;
  let done = false;
  while (!done) {
    const page = await fetchPage(collaborators.client, spec, plan, state.checkpoint.cursor, pageSize);
    const head = state.checkpoint.pages === 0 ? encoder.head(plan.columns) : '';
    const bytes = await state.part.append(head + encoder.rows(plan.columns, page.rows, state.checkpoint.rows === 0));
    state.checkpoint = {
      ...state.checkpoint,
      cursor: page.next,
      rows: state.checkpoint.rows + page.rows.length,
      bytes,
      pages: state.checkpoint.pages + 1,
    };
    await writeCheckpoint(spec.out, state.checkpoint);
    pageSize = page.pageSize;
    done = page.done;
    collaborators.listener?.onPage?.({
      out: spec.out,
      rows: state.checkpoint.rows,
      total: plan.total,
      elapsedMs: collaborators.clock.now() - started,
    });
  }
}

async function finish(spec: ExtractSpec, plan: ExtractPlan, state: ExtractState, clock: Clock): Promise<Manifest> {
  await state.part.append(createEncoder(spec.format).tail());
  const { bytes, sha256 } = await state.part.finish(spec.out);
  const rows = state.checkpoint.rows;
  const totalCheck =
    plan.total === undefined ? null : { serverTotal: plan.total, exact: plan.totalIsExact, matches: plan.total === rows };
  const warnings = [...plan.warnings];
  if (totalCheck !== null && totalCheck.exact && !totalCheck.matches) {
    warnings.push(`wrote ${rows} rows but the server counted ${plan.total}: the data changed during the extract`);
  }
  const manifest: Manifest = {
    manifestVersion: MANIFEST_VERSION,
    output: { file: spec.out, format: spec.format, gzip: spec.gzip, bytes, sha256 },
    source: {
      target: spec.target.label ?? spec.target.baseUrl,
      ...(spec.resource === undefined ? {} : { resource: spec.resource }),
      ...(plan.resourceId === undefined ? {} : { resourceId: plan.resourceId }),
      ...(spec.sql === undefined ? {} : { sql: spec.sql }),
    },
    query: {
      ...(spec.filters === undefined ? {} : { filters: spec.filters }),
      ...(spec.q === undefined ? {} : { q: spec.q }),
      ...(spec.fields === undefined ? {} : { fields: spec.fields }),
    },
    columns: plan.columns,
    rows,
    paging: { method: plan.method, pageSize: spec.pageSize, pages: state.checkpoint.pages },
    startedAt: state.checkpoint.startedAt,
    finishedAt: new Date(clock.now()).toISOString(),
    resumed: state.resumed,
    totalCheck,
    warnings,
  };
  await writeFileAtomic(manifestPath(spec.out), `${JSON.stringify(manifest, null, 2)}\n`);
  await removeCheckpoint(spec.out);
  return manifest;
}

/** Fails before any request when `out` cannot be written: a folder, or a place no folder can be made. */
async function checkOutputPath(out: string): Promise<void> {
  const usage = (reason: string, cause?: unknown): KitError =>
    new KitError(KitErrorCode.usage, `--out ${out}: ${reason}`, cause === undefined ? undefined : { cause });
  const existing = await stat(out).catch(() => undefined);
  if (existing?.isDirectory() === true) throw usage('is a folder; give a file name');
  try {
    await mkdir(dirname(out), { recursive: true });
    await access(dirname(out), constants.W_OK);
  } catch (error) {
    throw usage(`cannot write there (${error instanceof Error && 'code' in error ? String(error.code) : String(error)})`, error);
  }
}

function failure(spec: ExtractSpec, error: unknown, pages: number): KitError {
  const reason = error instanceof Error ? error.message : String(error);
  const hint = pages > 0 ? `; the rows written so far are kept in ${partPath(spec.out)}: rerun with --resume to continue` : '';
  return new KitError(KitErrorCode.extractFailed, `extract to ${spec.out} failed: ${reason}${hint}`, { cause: error });
}

/** Deletes an extract's leftovers (part file and checkpoint). */
export async function discardExtract(out: string): Promise<void> {
  await rm(partPath(out), { force: true });
  await removeCheckpoint(out);
}
