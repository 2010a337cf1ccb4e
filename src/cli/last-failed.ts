// `run --last-failed`: the case variants to run again, read from the previous run's report.json in the report folder.
import { access } from 'node:fs/promises';
import path from 'node:path';
import { KitError, KitErrorCode } from '../errors.ts';
import { readReport } from '../reporters/index.ts';

/** The ids of the variants that failed or errored in `<outDir>/report.json` (E_USAGE, exit 2, when there is none). */
export async function readLastFailed(outDir: string, cwd: string): Promise<{ file: string; ids: string[] }> {
  const file = path.join(outDir, 'report.json');
  try {
    await access(path.resolve(cwd, file));
  } catch (error) {
    throw new KitError(KitErrorCode.usage, `--last-failed: no ${file} from an earlier run (run without --last-failed first, or name its --out)`, {
      cause: error,
    });
  }
  const report = await readReport(file, { cwd });
  const ids = report.cases.filter((c) => c.status === 'fail' || c.status === 'error').map((c) => c.id);
  return { file, ids };
}
