// The checkpoint beside an output: where paging stands after the last page that is safely on disk.
import { createHash } from 'node:crypto';
import { readFile, rm } from 'node:fs/promises';
import { compileSchema } from '../schema/ajv.ts';
import { CheckpointSchema, type Checkpoint } from '../schema/extract-files.ts';
import { writeFileAtomic } from '../util/atomic-write.ts';
import type { ExtractSpec } from './types.ts';

export type { Checkpoint };

export const checkpointPath = (out: string): string => `${out}.checkpoint.json`;
export const partPath = (out: string): string => `${out}.part`;
export const manifestPath = (out: string): string => `${out}.manifest.json`;

/** The identity of an extract: source, query and output shape (not the page size or rate). */
export function specKey(spec: ExtractSpec): string {
  const identity = [spec.target.label ?? spec.target.baseUrl, spec.resource, spec.sql, spec.filters, spec.q, spec.fields, spec.format, spec.gzip];
  return createHash('sha256').update(JSON.stringify(identity)).digest('hex').slice(0, 16);
}

/** Reads the checkpoint of `out`: undefined when there is none, an Error when it is unreadable. */
export async function readCheckpoint(out: string): Promise<Checkpoint | undefined | Error> {
  let text: string;
  try {
    text = await readFile(checkpointPath(out), 'utf8');
  } catch {
    return undefined;
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return new Error(`${checkpointPath(out)} is not JSON`, { cause: error });
  }
  const validate = compileSchema<Checkpoint>(CheckpointSchema);
  if (validate(value)) return value;
  return new Error(`${checkpointPath(out)} is not a checkpoint: ${validate.errors?.map((e) => `${e.instancePath} ${e.message ?? ''}`).join('; ')}`);
}

export async function writeCheckpoint(out: string, checkpoint: Checkpoint): Promise<void> {
  await writeFileAtomic(checkpointPath(out), `${JSON.stringify(checkpoint, null, 2)}\n`);
}

export async function removeCheckpoint(out: string): Promise<void> {
  await rm(checkpointPath(out), { force: true });
}
