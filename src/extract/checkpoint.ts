// The checkpoint beside an output: where paging stands after the last page that is safely on disk, and which
// extract (what, from which server, in which shape) it belongs to.
import { createHash } from 'node:crypto';
import { readFile, rm } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { CHECKPOINT_VERSION } from '../schema/extract-constants.ts';
import type { Checkpoint } from '../schema/extract-files.ts';
import { removeAtomicLeftovers, writeFileAtomic } from '../util/atomic-write.ts';
import { maskUrlCredentials } from '../util/redact.ts';
import type { ExtractTarget } from './api.ts';
import type { ExtractIdentity, ExtractStateOwner } from './types.ts';

export type { Checkpoint };

export const checkpointPath = (out: string): string => `${out}.checkpoint.json`;
export const partPath = (out: string): string => `${out}.part`;
export const manifestPath = (out: string): string => `${out}.manifest.json`;

/**
 * The identity of an extract's rows and file: the resource (its resolved id, so an alias and its id are the same
 * extract) or the SQL, the query, and the output shape. Not the target (see sourceIdentity), page size or rate.
 */
export function specKey(spec: ExtractIdentity, resourceId: string | undefined): string {
  const identity = [resourceId ?? spec.resource, spec.sql, spec.filters, spec.q, spec.fields, spec.format, spec.gzip];
  return createHash('sha256').update(JSON.stringify(identity)).digest('hex').slice(0, 16);
}

/**
 * A file in the output folder that belongs to an extract whatever its output is called (an incremental mark, the
 * summary of the last run): named by the target's host and path, the resource or SQL, the query, and `extra`.
 */
export function extractStatePath(spec: ExtractStateOwner, kind: 'mark' | 'last', extra: readonly unknown[] = []): string {
  const what = [sourceIdentity(spec.target), spec.resource ?? null, spec.sql ?? null, spec.filters ?? null, spec.q ?? null, spec.fields ?? null, ...extra];
  const key = createHash('sha256').update(JSON.stringify(what)).digest('hex').slice(0, 16);
  const name = (spec.resource ?? 'sql').replace(/[^A-Za-z0-9._-]+/g, '-').slice(0, 40);
  return join(dirname(spec.out), `.datastore-kit-${kind}-${name}-${key}.json`);
}

/**
 * Which server the rows come from: the target's host and path, lower-cased, without credentials, port, scheme
 * or trailing slashes (a restarted server on a new port, or `https://x/` for `http://x`, is the same source).
 * A label (the in-process reference server) stands for itself.
 */
export function sourceIdentity(target: ExtractTarget): string {
  if (target.label !== undefined) return target.label;
  try {
    const url = new URL(target.baseUrl);
    return `${url.hostname}${url.pathname.replace(/\/+$/, '')}`;
  } catch {
    return target.baseUrl.replace(/\/+$/, '');
  }
}

/** How a target is shown in checkpoints, manifests and messages: as given, with URL credentials masked. */
export function displayTarget(target: ExtractTarget): string {
  return target.label ?? maskUrlCredentials(target.baseUrl);
}

/** Reads the checkpoint of `out`: undefined when there is none, an Error saying why when it is unusable. */
export async function readCheckpoint(out: string): Promise<Checkpoint | undefined | Error> {
  let text: string;
  try {
    text = await readFile(checkpointPath(out), 'utf8');
  } catch (error) {
    if (error instanceof Error && 'code' in error && error.code === 'ENOENT') return undefined;
    return new Error(`${checkpointPath(out)} cannot be read (${String(error)})`, { cause: error });
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return new Error(`${checkpointPath(out)} is not JSON`, { cause: error });
  }
  // why: Ajv and the schema (TypeBox) are loaded when there is a file to check, not at the start of every extract
  const [{ compileSchema }, { CheckpointSchema }] = await Promise.all([import('../schema/ajv.ts'), import('../schema/extract-files.ts')]);
  const validate = compileSchema<Checkpoint>(CheckpointSchema);
  if (validate(value)) return value;
  if (typeof value === 'object' && value !== null && 'version' in value && value.version !== CHECKPOINT_VERSION) {
    return new Error(`${checkpointPath(out)} was written by another version of datastore-kit (checkpoint version ${String(value.version)})`);
  }
  return new Error(`${checkpointPath(out)} is not a checkpoint: ${validate.errors?.map((e) => `${e.instancePath} ${e.message ?? ''}`).join('; ')}`);
}

export async function writeCheckpoint(out: string, checkpoint: Checkpoint): Promise<void> {
  await writeFileAtomic(checkpointPath(out), `${JSON.stringify(checkpoint, null, 2)}\n`);
}

export async function removeCheckpoint(out: string): Promise<void> {
  await rm(checkpointPath(out), { force: true });
}

/** Removes the hidden temp files a killed extract leaves beside `out` (from its checkpoint and manifest writes). */
export async function removeTempFiles(out: string): Promise<void> {
  await removeAtomicLeftovers(checkpointPath(out));
  await removeAtomicLeftovers(manifestPath(out));
}
