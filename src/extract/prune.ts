// --keep N: the files earlier runs of a dated extract wrote (out/courses-{date}.csv) beyond the newest N are
// removed with their manifests. Names sort by their date ({date} and {datetime} sort as text); a file whose
// extract is unfinished or running (checkpoint, part or lock beside it) is never touched.
import { access, readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { checkpointPath, manifestPath, partPath } from './checkpoint.ts';
import { lockPath } from './lock.ts';
import { datedFilePattern } from './template.ts';

export interface PruneOptions {
  /** The output template, as an absolute path, before expansion. */
  template: string;
  /** The extract's name ({name}). */
  name: string;
  /** This run's file: always kept. */
  current: string;
  /** How many files to keep, this run's included. */
  keep: number;
}

/** Removes the older files of a dated extract beyond `keep`; returns the paths removed. */
export async function pruneDatedOutputs(options: PruneOptions): Promise<string[]> {
  const found = datedFilePattern(options.template, options.name);
  if (found === undefined) return [];
  const names = await readdir(found.dir).catch(() => [] as string[]);
  const files = names
    .filter((name) => found.pattern.test(name))
    .map((name) => join(found.dir, name))
    .filter((file) => file !== options.current)
    .sort()
    .reverse();
  const removed: string[] = [];
  for (const file of files.slice(Math.max(options.keep - 1, 0))) {
    if (await isBusy(file)) continue;
    await rm(file, { force: true });
    await rm(manifestPath(file), { force: true });
    removed.push(file);
  }
  return removed;
}

async function isBusy(file: string): Promise<boolean> {
  for (const path of [checkpointPath(file), partPath(file), lockPath(file)]) {
    if (
      await access(path).then(
        () => true,
        () => false,
      )
    )
      return true;
  }
  return false;
}
