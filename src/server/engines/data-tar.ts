// A prepared data dir as one tar in memory: the form PGlite loads into a worker's own in-memory file system
// (`loadDataDir`), so a worker over a small dir needs no copy on disk. Written here, POSIX ustar: a 512-byte header
// per folder and file, each file's bytes padded to 512, two empty records at the end.
import { readdir, readFile, stat } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import { inBatches } from './pglite-cache.ts';

const RECORD = 512;
/** The header's name field holds 99 characters and a NUL; data dirs use short names, a longer one is not packed. */
const MAX_NAME = 99;

/** One entry of the tar: a folder (no data) or a file, by its path relative to the dir, with `/` separators. */
interface TarEntry {
  name: string;
  data?: Uint8Array;
}

function writeText(header: Uint8Array, offset: number, text: string): void {
  for (let i = 0; i < text.length; i += 1) header[offset + i] = text.charCodeAt(i);
}

/** An octal field of `width` bytes: digits padded with zeros, then a NUL. */
function writeOctal(header: Uint8Array, offset: number, width: number, value: number): void {
  writeText(header, offset, value.toString(8).padStart(width - 1, '0'));
}

function headerOf(entry: TarEntry, modifiedS: number): Uint8Array {
  const header = new Uint8Array(RECORD);
  const isFolder = entry.data === undefined;
  writeText(header, 0, isFolder ? `${entry.name}/` : entry.name);
  writeOctal(header, 100, 8, isFolder ? 0o700 : 0o600);
  writeOctal(header, 108, 8, 0);
  writeOctal(header, 116, 8, 0);
  writeOctal(header, 124, 12, entry.data?.length ?? 0);
  writeOctal(header, 136, 12, modifiedS);
  writeText(header, 156, isFolder ? '5' : '0');
  writeText(header, 257, 'ustar\u000000');
  // the checksum: the sum of the header's bytes with the checksum field itself counted as eight spaces
  writeText(header, 148, '        ');
  const sum = header.reduce((total, byte) => total + byte, 0);
  writeText(header, 148, `${sum.toString(8).padStart(6, '0')}\u0000 `);
  return header;
}

/** The tar of `entries` (folders before what they hold), as one Blob of one buffer (read back in one copy). */
function tarOf(entries: readonly TarEntry[], modifiedS = Math.floor(Date.now() / 1000)): Blob {
  const padded = (size: number): number => Math.ceil(size / RECORD) * RECORD;
  const total = entries.reduce((sum, entry) => sum + RECORD + padded(entry.data?.length ?? 0), 2 * RECORD);
  const bytes = new Uint8Array(total);
  let at = 0;
  for (const entry of entries) {
    if (entry.name.length + 1 > MAX_NAME) throw new Error(`tarOf: name too long for a ustar header: ${entry.name}`);
    bytes.set(headerOf(entry, modifiedS), at);
    at += RECORD;
    if (entry.data === undefined) continue;
    bytes.set(entry.data, at);
    at += padded(entry.data.length);
  }
  return new Blob([bytes], { type: 'application/x-tar' });
}

/** What readDirAsTar packs. */
export interface DirTarOptions {
  /** Most bytes of files packed; a dir holding more gives undefined. */
  maxBytes: number;
  /** Files left out (by their name in the tar); their folders stay. */
  omit?: (name: string) => boolean;
}

/**
 * The tar of the folder `dir` (its folders and files), or undefined when its files hold more than `maxBytes` or a
 * name does not fit a ustar header: such a dir is better copied to disk than held in each worker's memory.
 */
export async function readDirAsTar(dir: string, { maxBytes, omit = () => false }: DirTarOptions): Promise<Blob | undefined> {
  const found = await readdir(dir, { recursive: true, withFileTypes: true });
  const nameOf = (entry: { parentPath: string; name: string }): string => relative(dir, join(entry.parentPath, entry.name)).split(sep).join('/');
  const folders = found.filter((entry) => entry.isDirectory()).map(nameOf);
  const files = found
    .filter((entry) => entry.isFile())
    .map(nameOf)
    .filter((name) => !omit(name))
    .sort();
  if ([...folders, ...files].some((name) => name.length + 1 > MAX_NAME)) return undefined;
  const sizes = await inBatches(files, async (file) => (await stat(join(dir, file))).size);
  if (sizes.reduce((total, size) => total + size, 0) > maxBytes) return undefined;
  const data = await inBatches(files, (file) => readFile(join(dir, file)));
  return tarOf([...folders.sort().map((name) => ({ name })), ...files.map((name, index) => ({ name, data: data[index] ?? new Uint8Array(0) }))]);
}
