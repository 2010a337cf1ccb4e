// One HTTP attempt over undici: a single deadline for headers and body, and a cap on the bytes read.
import type { Readable } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';
import { decodeBody, findUnsupportedCoding, readCodings } from './content-coding.ts';
import { request, type Dispatcher } from 'undici';
import type { Clock } from '../model/index.ts';
import { createHttpError, describeInterrupted, describeTimeout, describeTransportError, describeUndecodable } from './transport-error.ts';
import { HttpError, HttpErrorCode, type HttpRequest, type HttpResponse } from './types.ts';

export interface SendOnceContext {
  dispatcher: Dispatcher;
  clock: Clock;
  timeoutMs: number;
  maxBodyBytes: number;
  /** Attempt number, for the error's `attempts`. */
  attempt: number;
}

/** Sends once; resolves with any HTTP answer (attempts = 1), rejects with HttpError on transport failure. */
export async function sendOnce(req: HttpRequest, headers: Record<string, string>, ctx: SendOnceContext): Promise<HttpResponse> {
  const controller = new AbortController();
  const timeoutMs = req.timeoutMs ?? ctx.timeoutMs;
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, timeoutMs);
  const interrupt = (): void => controller.abort();
  req.signal?.addEventListener('abort', interrupt, { once: true });
  if (req.signal?.aborted === true) controller.abort();
  const started = ctx.clock.now();
  let answered = false;
  let codings: string[] = [];
  let undecodable: string | undefined;
  try {
    const answer = await request(req.url, {
      dispatcher: ctx.dispatcher,
      method: req.method,
      headers,
      body: req.body ?? null,
      signal: controller.signal,
      // why: our own deadline covers headers and body together; undici's per-phase timers would race it
      headersTimeout: 0,
      bodyTimeout: 0,
    });
    answered = true;
    codings = readCodings(answer.headers['content-encoding']);
    const unsupported = findUnsupportedCoding(codings);
    if (unsupported !== undefined) {
      // why the listener: destroying undici's body emits an AbortError that nobody else would catch
      answer.body.on('error', () => undefined).destroy();
      throw createHttpError(req.method, req.url, describeUndecodable(codings, `no decoder for ${unsupported}`), { attempts: ctx.attempt });
    }
    const body = decodeBody(answer.body, codings, (error) => {
      undecodable = error.message;
    });
    const { text, truncated } = await readCapped(body, ctx.maxBodyBytes);
    return {
      status: answer.statusCode,
      headers: flattenHeaders(answer.headers),
      body: text,
      bodyTruncated: truncated,
      durationMs: Math.max(0, ctx.clock.now() - started),
      attempts: 1,
    };
  } catch (error) {
    if (error instanceof HttpError) throw error;
    const reason = timedOut
      ? describeTimeout(timeoutMs)
      : req.signal?.aborted === true
        ? describeInterrupted()
        : undecodable !== undefined
          ? describeUndecodable(codings, undecodable)
          : describeTransportError(error);
    const closed = !answered && !timedOut && req.signal?.aborted !== true && reason.code === HttpErrorCode.network;
    throw createHttpError(req.method, req.url, reason, { attempts: ctx.attempt, cause: error, unanswered: closed });
  } finally {
    clearTimeout(timer);
    req.signal?.removeEventListener('abort', interrupt);
  }
}

/** Reads at most `maxBytes`, then drops the connection so a huge body is never pulled in. */
async function readCapped(body: Readable, maxBytes: number) {
  // why: the chunks are decoded once, together: a text built chunk by chunk is a rope that its first reader
  // flattens again (a 1 MB page is 16 chunks)
  const chunks: Buffer[] = [];
  let bytes = 0;
  for await (const chunk of body) {
    const room = maxBytes - bytes;
    if (chunk.length > room) {
      chunks.push(chunk.subarray(0, room));
      body.destroy();
      // why: StringDecoder holds back an incomplete UTF-8 sequence at the cut instead of emitting U+FFFD
      return { text: new StringDecoder('utf8').write(Buffer.concat(chunks)), truncated: true };
    }
    bytes += chunk.length;
    chunks.push(chunk);
  }
  const whole = chunks.length === 1 ? (chunks[0] as Buffer) : Buffer.concat(chunks, bytes);
  return { text: whole.toString('utf8'), truncated: false };
}

function flattenHeaders(headers: Record<string, string | string[] | undefined>): Record<string, string> {
  const flat: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined) continue;
    flat[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : value;
  }
  return flat;
}
