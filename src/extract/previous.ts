// What earlier runs left: the manifest beside an output, read and validated, and whether it describes the same
// extract (the same rows asked, in the same shape) as a spec.
import { access, readFile } from 'node:fs/promises';
import type { Manifest } from '../schema/extract-files.ts';
import { checkpointPath, manifestPath } from './checkpoint.ts';
import { hashFile } from './part-file.ts';
import type { ExtractIdentity, ExtractOutput } from './types.ts';

/** The manifest at `path`, or undefined when there is none or it is not a manifest of this version. */
export async function readManifest(path: string): Promise<Manifest | undefined> {
  let value: unknown;
  try {
    value = JSON.parse(await readFile(path, 'utf8'));
  } catch {
    return undefined;
  }
  const [{ compileSchema }, { ManifestSchema }] = await Promise.all([import('../schema/ajv.ts'), import('../schema/extract-files.ts')]);
  const validate = compileSchema<Manifest>(ManifestSchema);
  return validate(value) ? value : undefined;
}

/** Whether a manifest describes the extract `spec` asks for: same resource or SQL, query, format and gzip. */
export function isSameExtract(manifest: Manifest, spec: ExtractIdentity): boolean {
  const query = { filters: spec.filters, q: spec.q, fields: spec.fields };
  return (
    manifest.source.resource === spec.resource &&
    manifest.source.sql === spec.sql &&
    JSON.stringify([manifest.query.filters, manifest.query.q, manifest.query.fields]) === JSON.stringify([query.filters, query.q, query.fields]) &&
    manifest.output.format === spec.format &&
    manifest.output.gzip === spec.gzip
  );
}

/**
 * The manifest of `spec.out` when the output is already complete: the file and its manifest exist, no unfinished
 * checkpoint waits beside them, the manifest describes this extract, and the file's sha256 is the manifest's.
 */
export async function findCompletedOutput(spec: ExtractIdentity & Pick<ExtractOutput, 'out'>): Promise<Manifest | undefined> {
  const manifest = await readManifest(manifestPath(spec.out));
  if (manifest === undefined || !isSameExtract(manifest, spec)) return undefined;
  if (await exists(checkpointPath(spec.out))) return undefined;
  const sha256 = await hashFile(spec.out).catch(() => undefined);
  return sha256 === manifest.output.sha256 ? manifest : undefined;
}

async function exists(path: string): Promise<boolean> {
  return access(path).then(
    () => true,
    () => false,
  );
}
