// Writing a set of report files from one value (an upgrade report, a matrix): each chosen format rendered and
// written atomically to its file in the report folder, in the registry's order.
import { join } from 'node:path';
import { writeFileAtomic } from '../util/atomic-write.ts';
import { makeDir } from '../util/make-dir.ts';

/** One format of a report set: its file and its pure renderer. */
export interface NamedReporter<T> {
  fileName: string;
  render(value: T): string;
}

/** Writes `value` in each of `formats` (in `order`) to `outDir`; the paths written. */
export async function writeReportFiles<T, F extends string>(
  value: T,
  registry: Readonly<Record<F, NamedReporter<T>>>,
  options: { order: readonly F[]; formats: readonly F[]; outDir: string },
): Promise<string[]> {
  await makeDir(options.outDir);
  const paths: string[] = [];
  for (const format of options.order.filter((name) => options.formats.includes(name))) {
    const path = join(options.outDir, registry[format].fileName);
    await writeFileAtomic(path, registry[format].render(value));
    paths.push(path);
  }
  return paths;
}
