// The report folder before a run: writable (checked before any request), no stale temp files, and no report of
// an earlier run left where this run's would be, so a killed or failed run never shows an old green result.
import { randomBytes } from 'node:crypto';
import { readdir, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { KitError, KitErrorCode } from '../errors.ts';
import { reporters } from './registry.ts';
import { makeDir } from '../util/make-dir.ts';

/** Suffix an earlier run's report gets when a new run starts (`junit.xml` -> `junit.xml.previous`). */
export const PREVIOUS_SUFFIX = '.previous';

const reportFiles: readonly string[] = Object.values(reporters).map((reporter) => reporter.fileName);

// writeFileAtomic's temp names: `.<file>.<12 hex>.tmp`, left behind only when a process was killed mid-write
const isStaleTemp = (name: string, files: readonly string[]): boolean => files.some((file) => name.startsWith(`.${file}.`) && /\.[0-9a-f]+\.tmp$/.test(name));

/**
 * Readies `outDir` for a run's reports: creates it, proves it writable (KitError E_ENV, exit 3, otherwise), removes
 * temp files of killed writes, and renames every report file of an earlier run to `<name>.previous` (replacing
 * the older one), whatever formats this run writes. Call it before the run sends anything. `files` are the report
 * file names to set aside (default: those of the run reports).
 */
export async function prepareReportDir(outDir: string, files: readonly string[] = reportFiles): Promise<void> {
  try {
    await makeDir(outDir);
    const probe = join(outDir, `.write-check.${randomBytes(6).toString('hex')}.tmp`);
    await writeFile(probe, '', { flag: 'wx' });
    await rm(probe, { force: true });
  } catch (error) {
    const code = error instanceof Error && 'code' in error ? String(error.code) : String(error);
    throw new KitError(KitErrorCode.environment, `cannot write reports to ${outDir} (${code}); pass --out with a writable folder`, { cause: error });
  }
  const names = await readdir(outDir);
  for (const name of names) {
    if (isStaleTemp(name, files)) await rm(join(outDir, name), { force: true });
    else if (files.includes(name)) await rename(join(outDir, name), join(outDir, `${name}${PREVIOUS_SUFFIX}`));
  }
}
