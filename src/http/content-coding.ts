// Content codings: the ones the client asks for (Accept-Encoding), and a coded body decoded as it is read. A
// portal behind a proxy may compress JSON (and some proxies compress whether asked or not).
import { pipeline, type Readable } from 'node:stream';
import { createBrotliDecompress, createGunzip, createInflate, type Gunzip } from 'node:zlib';

/** Sent unless a request names its own Accept-Encoding (a case may ask for `identity`). */
export const ACCEPT_ENCODING = 'gzip, deflate, br';

const DECODERS: Readonly<Record<string, () => Gunzip | ReturnType<typeof createBrotliDecompress>>> = {
  gzip: createGunzip,
  'x-gzip': createGunzip,
  deflate: createInflate,
  br: createBrotliDecompress,
};

/** The codings a Content-Encoding header names, in the order they were applied, lower-cased, without identity. */
export function readCodings(header: string | string[] | undefined): string[] {
  const text = Array.isArray(header) ? header.join(',') : (header ?? '');
  return text
    .split(',')
    .map((coding) => coding.trim().toLowerCase())
    .filter((coding) => coding !== '' && coding !== 'identity');
}

/** The first of `codings` this client cannot decode, if any. */
export function findUnsupportedCoding(codings: readonly string[]): string | undefined {
  return codings.find((coding) => !Object.hasOwn(DECODERS, coding));
}

/**
 * `body` decoded (the last coding applied is undone first). A body that is not what its header says fails the
 * returned stream with an error `onError` has already seen, so the caller can tell it from a network error.
 */
export function decodeBody(body: Readable, codings: readonly string[], onError: (error: Error) => void): Readable {
  if (codings.length === 0) return body;
  // why: pipeline passes a network error of the body on to the decoders; that one is not theirs to report
  let bodyError: unknown;
  body.once('error', (error) => {
    bodyError = error;
  });
  const decoders = [...codings].reverse().map((coding) => {
    const create = DECODERS[coding];
    if (create === undefined) throw new Error(`no decoder for ${coding} (check findUnsupportedCoding first)`);
    const decoder = create();
    // why on, not once: a decoder may fail twice, and pipeline drops its own listeners once the chain ends
    decoder.on('error', (error) => {
      if (error !== bodyError) onError(error);
    });
    return decoder;
  });
  const last = decoders.at(-1) ?? body;
  // why pipeline: an error or destroy anywhere (the byte cap, the deadline) ends every stream of the chain
  pipeline([body, ...decoders], () => {});
  return last;
}
