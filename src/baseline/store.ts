// The baseline folder on disk: one file per case variant, written atomically.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { KitError, KitErrorCode } from '../errors.ts';
import type { BaselineStore } from '../model/index.ts';
import { writeFileAtomic } from '../util/atomic-write.ts';
import { makeDir } from '../util/make-dir.ts';

/**
 * A store over the folder `dir` (created on the first write). `shownDir` is how reports name it. A file that
 * cannot be read or written for another reason than absence throws KitError E_ENV (exit 3).
 */
export function createFileBaselineStore(dir: string, shownDir: string = dir): BaselineStore {
  const locate = (file: string): string => {
    const full = path.resolve(dir, ...file.split('/'));
    // why: file names come from case ids (safe by construction); this keeps a future caller from leaving the folder
    if (!full.startsWith(path.resolve(dir) + path.sep)) throw new KitError(KitErrorCode.usage, `baseline file outside the baseline folder: ${file}`);
    return full;
  };
  return {
    dir: shownDir,
    async read(file) {
      try {
        return await readFile(locate(file), 'utf8');
      } catch (error) {
        if (isCode(error, 'ENOENT')) return undefined;
        throw new KitError(KitErrorCode.environment, `cannot read the baseline ${path.join(shownDir, file)}: ${describe(error)}`, { cause: error });
      }
    },
    async write(file, text) {
      const full = locate(file);
      try {
        await makeDir(path.dirname(full));
        await writeFileAtomic(full, text);
      } catch (error) {
        throw new KitError(KitErrorCode.environment, `cannot write the baseline ${path.join(shownDir, file)}: ${describe(error)}`, { cause: error });
      }
    },
  };
}

function isCode(error: unknown, code: string): boolean {
  return error instanceof Error && 'code' in error && error.code === code;
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
