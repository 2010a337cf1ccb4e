// The output being written: `<out>.part`, appended a page at a time (gzip: one member per page, so the file can
// be cut back to any page boundary on resume), then hashed and renamed over `<out>`.
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { open, rename, rm, stat, type FileHandle } from 'node:fs/promises';
import { gzipSync } from 'node:zlib';

export class PartFile {
  private constructor(
    readonly path: string,
    private readonly handle: FileHandle,
    private readonly gzip: boolean,
    private size: number,
  ) {}

  /** Starts an empty part file (replacing any old one). */
  static async create(path: string, gzip: boolean): Promise<PartFile> {
    const handle = await open(path, 'w');
    return new PartFile(path, handle, gzip, 0);
  }

  /** Reopens a part file and cuts it back to `bytes`, the size recorded with the last checkpoint. */
  static async resume(path: string, gzip: boolean, bytes: number): Promise<PartFile> {
    const size = (await stat(path)).size;
    // why: inspectLeftovers refuses this state with advice first; this guards against a race with another writer
    if (size < bytes) throw new Error(`${path} has ${size} bytes but the checkpoint recorded ${bytes}: it cannot be resumed`);
    const handle = await open(path, 'r+');
    await handle.truncate(bytes);
    return new PartFile(path, handle, gzip, bytes);
  }

  /** Bytes on disk so far. */
  get bytes(): number {
    return this.size;
  }

  /** Appends text and makes it durable; returns the new size. */
  async append(text: string): Promise<number> {
    if (text.length === 0) return this.size;
    const data = this.gzip ? gzipSync(Buffer.from(text, 'utf8')) : Buffer.from(text, 'utf8');
    // why: a write may take fewer bytes than given (a file size limit, a full disk); the rest is written, or its
    // error (EFBIG, ENOSPC) thrown, never dropped
    try {
      for (let written = 0; written < data.length; ) {
        const { bytesWritten } = await this.handle.write(data, written, data.length - written, this.size + written);
        written += bytesWritten;
      }
      await this.handle.datasync();
    } catch (error) {
      throw withPath(error, this.path);
    }
    this.size += data.length;
    return this.size;
  }

  /** Closes the file, lets `rewrite` replace it (Parquet), and hashes it; `moveTo` then puts it in place. */
  async seal(rewrite?: (path: string) => Promise<void>): Promise<{ bytes: number; sha256: string }> {
    await this.handle.close();
    if (rewrite !== undefined) {
      await rewrite(this.path);
      this.size = (await stat(this.path)).size;
    }
    return { bytes: this.size, sha256: await hashFile(this.path) };
  }

  /** Renames the sealed part file over `out`. */
  async moveTo(out: string): Promise<void> {
    await rename(this.path, out);
  }

  async close(): Promise<void> {
    await this.handle.close().catch(() => undefined);
  }

  /** Closes and deletes the part file. */
  async discard(): Promise<void> {
    await this.close();
    await rm(this.path, { force: true });
  }
}

/** A write error of a file handle, which Node gives no path, with the path it was writing (for the one-line message). */
function withPath(error: unknown, path: string): unknown {
  if (error instanceof Error && 'code' in error && !('path' in error)) return Object.assign(error, { path });
  return error;
}

/** The SHA-256 of a file's bytes, hex. */
export async function hashFile(path: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(path)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}
