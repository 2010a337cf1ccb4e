// Atomic file writes: readers see the old file or the whole new one, never a partial file.
import { randomBytes } from 'node:crypto';
import { open, readdir, rename, rm, type FileHandle } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';

/** What `writeFileAtomic` accepts: a whole value, or chunks from a (possibly failing) source. */
export type AtomicWriteData = string | Uint8Array | Iterable<string | Uint8Array> | AsyncIterable<string | Uint8Array>;

/**
 * Writes `data` to `path` atomically: into a temp file in the same directory (so the rename stays on one
 * file system), fsync, then rename over `path`. If anything fails (including the data source throwing
 * mid-way), the temp file is removed, `path` is left as it was, and the error is rethrown.
 * The parent directory must exist. Strings are written as UTF-8.
 */
export async function writeFileAtomic(path: string, data: AtomicWriteData): Promise<void> {
  const tempPath = join(dirname(path), `.${basename(path)}.${randomBytes(6).toString('hex')}.tmp`);
  // why: removeAtomicLeftovers() recognises exactly this shape of name
  const handle = await open(tempPath, 'wx');
  try {
    try {
      for await (const chunk of toChunks(data)) await writeAll(handle, chunk);
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(tempPath, path);
  } catch (error) {
    await rm(tempPath, { force: true });
    throw error;
  }
}

/**
 * Deletes the temp files that `writeFileAtomic(path, ...)` leaves when its process is killed mid-write.
 * Only for a path no other live process is writing at the same moment (its temp file would go too).
 */
export async function removeAtomicLeftovers(path: string): Promise<void> {
  const prefix = `.${basename(path)}.`;
  const names = await readdir(dirname(path)).catch(() => []);
  const stale = names.filter((name) => name.startsWith(prefix) && /^[0-9a-f]{12}\.tmp$/.test(name.slice(prefix.length)));
  await Promise.all(stale.map((name) => rm(join(dirname(path), name), { force: true })));
}

async function* toChunks(data: AtomicWriteData): AsyncIterable<string | Uint8Array> {
  if (typeof data === 'string' || data instanceof Uint8Array) yield data;
  else yield* data;
}

// why: a single write() may write fewer bytes than asked; loop until the chunk is all on disk
async function writeAll(handle: FileHandle, chunk: string | Uint8Array): Promise<void> {
  const bytes = typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : chunk;
  let offset = 0;
  while (offset < bytes.length) {
    const { bytesWritten } = await handle.write(bytes, offset, bytes.length - offset);
    offset += bytesWritten;
  }
}
