// A traffic file as text chunks (gzip-compressed when its name ends in .gz), its lines with their numbers, and
// the format it is in: by its name (.har, .jsonl/.ndjson, .log), else by its first characters.
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { createGunzip } from 'node:zlib';
import { KitError, KitErrorCode } from '../errors.ts';
import type { TrafficFormat } from '../schema/traffic.ts';

/**
 * The file's text in chunks, decoded as UTF-8 (gunzipped first for `.gz`). KitError E_USAGE (exit 2) when it
 * cannot be read; a gzip stream that breaks off fails the iteration with E_REQUESTS_INVALID.
 */
export async function openTextChunks(file: string, cwd: string): Promise<AsyncIterable<string>> {
  const full = path.resolve(cwd, file);
  try {
    const info = await stat(full);
    if (!info.isFile()) throw new Error('not a file');
  } catch (error) {
    const reason = error instanceof Error && 'code' in error ? String(error.code) : error instanceof Error ? error.message : String(error);
    throw new KitError(KitErrorCode.usage, `cannot read the requests file ${file}: ${reason}`, { cause: error });
  }
  const raw = createReadStream(full);
  const stream = file.toLowerCase().endsWith('.gz') ? raw.pipe(createGunzip()) : raw;
  raw.on('error', (error) => stream.destroy(error));
  stream.setEncoding('utf8');
  return decodeFailures(stream, file);
}

async function* decodeFailures(stream: AsyncIterable<unknown>, file: string): AsyncGenerator<string> {
  try {
    for await (const chunk of stream) yield String(chunk);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new KitError(KitErrorCode.requestsInvalid, `${file}: cannot be read to its end (${reason})`, { cause: error });
  }
}

/** The lines of the text, numbered from 1, without their line ends (`\n` or `\r\n`). */
export async function* readLines(chunks: AsyncIterable<string>): AsyncGenerator<{ text: string; line: number }> {
  let rest = '';
  let line = 0;
  for await (const chunk of chunks) {
    let start = 0;
    for (let end = chunk.indexOf('\n'); end !== -1; end = chunk.indexOf('\n', start)) {
      line++;
      yield { text: (rest + chunk.slice(start, end)).replace(/\r$/, ''), line };
      rest = '';
      start = end + 1;
    }
    rest += chunk.slice(start);
  }
  if (rest !== '') yield { text: rest.replace(/\r$/, ''), line: line + 1 };
}

/** The first chunk read ahead (to tell the format), then every chunk, the first included. */
export async function peekChunks(chunks: AsyncIterable<string>): Promise<{ head: string; chunks: AsyncIterable<string> }> {
  const iterator = chunks[Symbol.asyncIterator]();
  const first = await iterator.next();
  const head = first.done === true ? '' : first.value;
  async function* all(): AsyncGenerator<string> {
    if (first.done === true) return;
    yield head;
    for (let next = await iterator.next(); next.done !== true; next = await iterator.next()) yield next.value;
  }
  return { head, chunks: all() };
}

/** The format: by the name's extension (a final .gz apart), else HAR or JSON lines when the text starts with `{`, else an access log. */
export function detectFormat(file: string, head: string): TrafficFormat {
  const name = file.toLowerCase().replace(/\.gz$/, '');
  if (name.endsWith('.har')) return 'har';
  if (name.endsWith('.jsonl') || name.endsWith('.ndjson')) return 'jsonl';
  if (name.endsWith('.log')) return 'access-log';
  const text = head.replace(/^\uFEFF/, '').trimStart();
  if (!text.startsWith('{')) return 'access-log';
  // a HAR document is one object whose first member is "log"; JSON lines hold one whole object a line
  const firstLine = text.split('\n', 1)[0]?.trim() ?? '';
  return firstLine === '{' || /^\{\s*"log"\s*:/.test(firstLine) ? 'har' : 'jsonl';
}
