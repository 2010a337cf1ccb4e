// What an earlier run of the same extract left beside its output, and whether this run may continue it. Every
// state a kill can leave has an answer: resume, finish the bookkeeping, start over, or refuse in one line that
// names the way forward (--resume or --restart).
import { rm, stat } from 'node:fs/promises';
import { KitError, KitErrorCode } from '../errors.ts';
import { displayTarget, partPath, readCheckpoint, removeCheckpoint, removeTempFiles, sourceIdentity, specKey, type Checkpoint } from './checkpoint.ts';
import { hashFile } from './part-file.ts';
import type { ExtractPlan } from './plan.ts';
import type { ExtractIdentity, ExtractOutput, ExtractQuery } from './types.ts';

/** Where the leftovers are, what to do with them, and which server this run reads (a checkpoint of another is refused). */
type LeftoverOwner = ExtractOutput & Pick<ExtractQuery, 'target'>;

/**
 * fresh: nothing to continue. resume: append to the part file from the checkpoint. finished: the whole output
 * was written (it sits at `out`, or still at the part file when `at` is 'part'); only the bookkeeping is left.
 */
export type Leftovers =
  | { kind: 'fresh' }
  | { kind: 'resume'; checkpoint: Checkpoint }
  | { kind: 'finished'; checkpoint: Checkpoint; at: 'out' | 'part'; output: { bytes: number; sha256: string } };

const restartHint = 'rerun with --restart to discard it and start over';

function refuse(message: string): KitError {
  return new KitError(KitErrorCode.resumeRefused, message);
}

/** Looks at the files beside `spec.out` before any request; throws KitError E_RESUME when it must not go on. */
export async function inspectLeftovers(spec: LeftoverOwner): Promise<Leftovers> {
  const { out } = spec;
  await removeTempFiles(out);
  if (spec.restart === true) {
    await rm(partPath(out), { force: true });
    await removeCheckpoint(out);
    return { kind: 'fresh' };
  }
  const found = await readCheckpoint(out);
  if (found === undefined) return { kind: 'fresh' };
  if (found instanceof Error) throw refuse(`${spec.resume ? `cannot resume ${out}: ` : ''}${found.message}; ${restartHint}`);
  if (found.finished !== undefined) return inspectFinished(spec, found, found.finished);
  if (!spec.resume) {
    throw refuse(
      `${out}: an unfinished extract (${found.rows} rows) is waiting in ${partPath(out)}; rerun with --resume to continue it, or with --restart to discard it and start over`,
    );
  }
  checkSameSource(found, spec);
  const size = await fileSize(partPath(out));
  if (size === undefined) {
    throw refuse(`cannot resume ${out}: ${partPath(out)} is missing (the checkpoint expects ${found.bytes} bytes, ${found.rows} rows); ${restartHint}`);
  }
  if (size < found.bytes) {
    throw refuse(
      `cannot resume ${out}: ${partPath(out)} has ${size} bytes but the checkpoint recorded ${found.bytes} (the file was cut or replaced); ${restartHint}`,
    );
  }
  return { kind: 'resume', checkpoint: found };
}

async function inspectFinished(spec: LeftoverOwner, found: Checkpoint, output: { bytes: number; sha256: string }): Promise<Leftovers> {
  const at = (await holdsFile(spec.out, output)) ? 'out' : (await holdsFile(partPath(spec.out), output)) ? 'part' : undefined;
  if (spec.resume) {
    checkSameSource(found, spec);
    if (at !== undefined) return { kind: 'finished', checkpoint: found, at, output };
    throw refuse(
      `cannot resume ${spec.out}: its checkpoint says the extract finished, but neither ${spec.out} nor ${partPath(spec.out)} is the file it wrote; ${restartHint}`,
    );
  }
  if (at === 'part') {
    throw refuse(
      `${spec.out}: a finished extract is waiting in ${partPath(spec.out)}; rerun with --resume to put it in place, or with --restart to start over`,
    );
  }
  // why: the output is complete (or gone): the checkpoint is stale bookkeeping and starting over loses nothing
  await removeCheckpoint(spec.out);
  return { kind: 'fresh' };
}

async function holdsFile(path: string, expected: { bytes: number; sha256: string }): Promise<boolean> {
  if ((await fileSize(path)) !== expected.bytes) return false;
  return (await hashFile(path)) === expected.sha256;
}

/**
 * After planning: refuses a checkpoint of another extract (what, shape, paging or columns changed); returns a
 * warning when the target is spelled otherwise than at the checkpoint (another port or scheme of the same host).
 */
export function checkSameExtract(checkpoint: Checkpoint, spec: ExtractIdentity & Pick<ExtractOutput, 'out'>, plan: ExtractPlan): string[] {
  const target = displayTarget(spec.target);
  const cannot = `cannot resume ${spec.out}`;
  if (checkpoint.specKey !== specKey(spec, plan.resourceId)) {
    throw refuse(`${cannot}: its checkpoint belongs to a different extract (resource, SQL, filters, q, fields, format or gzip changed); ${restartHint}`);
  }
  if (checkpoint.method !== plan.method) {
    throw refuse(`${cannot}: its checkpoint was paged by ${checkpoint.method}, and the target now allows ${plan.method}; ${restartHint}`);
  }
  if (JSON.stringify(checkpoint.columns) !== JSON.stringify(plan.columns)) {
    throw refuse(`${cannot}: the columns of the source changed since the checkpoint; ${restartHint}`);
  }
  const trimmed = (url: string): string => url.replace(/\/+$/, '');
  return trimmed(checkpoint.source.target) === trimmed(target)
    ? []
    : [`resumed ${spec.out} against ${target}; its checkpoint was made against ${checkpoint.source.target} (same host and path, so taken as the same server)`];
}

/** A checkpoint of another host (or path) is refused before any request: it may be another server's rows. */
function checkSameSource(checkpoint: Checkpoint, spec: Pick<LeftoverOwner, 'out' | 'target'>): void {
  if (checkpoint.source.identity === sourceIdentity(spec.target)) return;
  throw refuse(
    `cannot resume ${spec.out}: its checkpoint was made against ${checkpoint.source.target}, not ${displayTarget(spec.target)}; another host may be another server with other rows, so continue with --target ${checkpoint.source.target}, or ${restartHint}`,
  );
}

async function fileSize(path: string): Promise<number | undefined> {
  try {
    return (await stat(path)).size;
  } catch {
    return undefined;
  }
}
