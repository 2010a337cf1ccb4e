// Atomic file writes: readers see the old file or the whole new one, never a partial file.
import { randomBytes } from 'node:crypto';
import { open, readdir, rename, rm, type FileHandle } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';

/**
 * What `writeFileAtomic` accepts: a whole value, or chunks from a (possibly failing) source. A chunk is written
 * before the next one is asked for, so a source may hand out the same buffer again.
 */
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

/** Bytes of a long string encoded at a time, into one buffer: a report of many megabytes never has a second copy in memory. */
const ENCODE_BYTES = 1 << 20;

async function writeAll(handle: FileHandle, chunk: string | Uint8Array): Promise<void> {
  if (typeof chunk !== 'string') return writeBytes(handle, chunk);
  if (chunk.length <= ENCODE_BYTES / 4) return writeBytes(handle, Buffer.from(chunk, 'utf8'));
  const buffer = new Uint8Array(ENCODE_BYTES);
  const encoder = new TextEncoder();
  // why encodeInto: it stops before a character that does not fit whole, so a surrogate pair is never split
  for (let rest = chunk; rest.length > 0; ) {
    const { read, written } = encoder.encodeInto(rest, buffer);
    await writeBytes(handle, buffer.subarray(0, written));
    rest = rest.slice(read);
  }
}

// why: a single write() may write fewer bytes than asked; loop until the chunk is all on disk
async function writeBytes(handle: FileHandle, bytes: Uint8Array): Promise<void> {
  let offset = 0;
  while (offset < bytes.length) {
    const { bytesWritten } = await handle.write(bytes, offset, bytes.length - offset);
    offset += bytesWritten;
  }
}
