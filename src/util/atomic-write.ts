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
  await (await stageFileAtomic(path, data)).commit();
}

/** A temp file written in full and not yet in place (see stageFileAtomic). */
export interface StagedFile {
  /** fsync, then rename over the path; on failure the temp file is removed and the error rethrown. */
  commit(): Promise<void>;
  /** Removes the temp file; the path is left as it was. */
  discard(): Promise<void>;
}

/**
 * The first half of `writeFileAtomic`: `data` written to the temp file, not yet synced or renamed. Files staged one
 * after another can be committed together, so their fsyncs overlap instead of queueing.
 */
export async function stageFileAtomic(path: string, data: AtomicWriteData): Promise<StagedFile> {
  const tempPath = join(dirname(path), `.${basename(path)}.${randomBytes(6).toString('hex')}.tmp`);
  // why: removeAtomicLeftovers() recognises exactly this shape of name
  const handle = await open(tempPath, 'wx');
  const discard = async (): Promise<void> => {
    await handle.close().catch(() => undefined);
    await rm(tempPath, { force: true });
  };
  try {
    await writeData(handle, data);
  } catch (error) {
    await discard();
    throw error;
  }
  return {
    async commit() {
      try {
        try {
          await handle.sync();
        } finally {
          await handle.close();
        }
        await rename(tempPath, path);
      } catch (error) {
        await rm(tempPath, { force: true });
        throw error;
      }
    },
    discard,
  };
}

/** Commits every staged file at once; if any fails, the first error is rethrown (the others are committed or removed). */
export async function commitStagedFiles(files: readonly StagedFile[]): Promise<void> {
  const settled = await Promise.allSettled(files.map((file) => file.commit()));
  const failed = settled.find((outcome) => outcome.status === 'rejected');
  if (failed !== undefined) throw failed.reason;
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

/** Bytes gathered before a write, and the most a string is encoded into at once. */
const BATCH_BYTES = 1 << 20;

/**
 * Writes the data through one buffer: chunks are gathered into it (a report of many small chunks is a few large
 * writes), and a long string is encoded into it piece by piece (never a second whole copy in memory).
 */
async function writeData(handle: FileHandle, data: AtomicWriteData): Promise<void> {
  if (data instanceof Uint8Array) return writeBytes(handle, data);
  if (typeof data === 'string' && data.length <= BATCH_BYTES / 4) return writeBytes(handle, Buffer.from(data, 'utf8'));
  const buffer = new Uint8Array(BATCH_BYTES);
  const encoder = new TextEncoder();
  let used = 0;
  const flush = async (): Promise<void> => {
    await writeBytes(handle, buffer.subarray(0, used));
    used = 0;
  };
  const add = async (chunk: string | Uint8Array): Promise<void> => {
    if (typeof chunk === 'string') {
      // why encodeInto: it stops before a character that does not fit whole, so none is ever split
      for (let rest = chunk; ; ) {
        const { read, written } = encoder.encodeInto(rest, buffer.subarray(used));
        used += written;
        if (read === rest.length) return;
        rest = rest.slice(read);
        await flush();
      }
    }
    if (chunk.length > buffer.length - used) await flush();
    if (chunk.length >= buffer.length) return writeBytes(handle, chunk);
    buffer.set(chunk, used);
    used += chunk.length;
  };
  if (typeof data === 'string') await add(data);
  else for await (const chunk of data) await add(chunk);
  await flush();
}

// why: a single write() may write fewer bytes than asked; loop until the chunk is all on disk
async function writeBytes(handle: FileHandle, bytes: Uint8Array): Promise<void> {
  let offset = 0;
  while (offset < bytes.length) {
    const { bytesWritten } = await handle.write(bytes, offset, bytes.length - offset);
    offset += bytesWritten;
  }
}
