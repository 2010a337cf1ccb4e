// The only node:http code of the reference server: adapts sockets to the pure handler, caps request
// bodies, and closes cleanly.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { KitError, KitErrorCode } from '../errors.ts';
import { defaultMaxBodyBytes } from './config.ts';
import { respondHtmlError } from './html-pages.ts';
import type { AppHandler, AppRequest, AppResponse } from './http-types.ts';

/** Where and how to serve a handler. */
export interface ListenOptions {
  /** Interface to bind; default 127.0.0.1. */
  host?: string;
  /** TCP port; 0 (the default) picks a free one. */
  port?: number;
  /** Largest request body accepted, in bytes; default 1 MiB. Larger bodies get a 413 page. */
  maxBodyBytes?: number;
  /** Where a failure of the handler itself (a bug) is reported; default stderr. */
  logError?: (error: unknown) => void;
}

/** A running HTTP server. */
export interface Listening {
  /** Base URL with the real port, e.g. http://127.0.0.1:41234 (no trailing slash). */
  url: string;
  /** Stops accepting connections, ends idle ones, and resolves when every connection is closed. */
  close(): Promise<void>;
}

/** Serves `handle` over HTTP. Rejects with KitError E_SERVER_START when the port cannot be bound. */
export async function listen(handle: AppHandler, options: ListenOptions = {}): Promise<Listening> {
  const host = options.host ?? '127.0.0.1';
  const maxBodyBytes = options.maxBodyBytes ?? defaultMaxBodyBytes;
  const logError = options.logError ?? logToStderr;
  const server = createServer((req, res) => {
    serveOne(req, res, { handle, maxBodyBytes }).catch((error: unknown) => {
      logError(error);
      if (!res.headersSent) writeResponse(res, { status: 500, headers: { 'content-type': 'text/plain' }, body: 'Internal Server Error' });
      else res.destroy();
    });
  });
  await new Promise<void>((resolve, reject) => {
    const onError = (error: NodeJS.ErrnoException): void => {
      reject(new KitError(KitErrorCode.serverStart, describeListenError(error, host, options.port ?? 0), { cause: error }));
    };
    server.once('error', onError);
    server.listen(options.port ?? 0, host, () => {
      server.off('error', onError);
      resolve();
    });
  });
  const address = server.address() as AddressInfo; // why: a TCP server's address() is AddressInfo once listening
  const urlHost = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return {
    url: `http://${urlHost}:${address.port}`,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error === undefined ? resolve() : reject(error)));
        server.closeIdleConnections();
      }),
  };
}

function logToStderr(error: unknown): void {
  const text = error instanceof Error ? (error.stack ?? error.message) : String(error);
  process.stderr.write(`datastore-kit reference server: request failed\n${text}\n`);
}

function describeListenError(error: NodeJS.ErrnoException, host: string, port: number): string {
  const reason = error.code === 'EADDRINUSE' ? 'address already in use' : error.message;
  return `cannot listen on ${host}:${port}: ${reason}${error.code === undefined ? '' : ` (${error.code})`}`;
}

async function serveOne(req: IncomingMessage, res: ServerResponse, options: { handle: AppHandler; maxBodyBytes: number }): Promise<void> {
  const declared = Number(req.headers['content-length'] ?? '0');
  const body: BodyOutcome = declared > options.maxBodyBytes ? 'too-large' : await readBody(req, options.maxBodyBytes);
  if (body === 'aborted') return;
  if (body === 'too-large') {
    refuseTooLarge(req, res, options.maxBodyBytes);
    return;
  }
  const request: AppRequest = { method: req.method ?? 'GET', url: req.url ?? '/', headers: flattenHeaders(req), body };
  const response = await options.handle(request);
  if (!res.destroyed) writeResponse(res, response);
}

type BodyOutcome = Buffer | 'too-large' | 'aborted';

/** Reads the body; stops buffering as soon as it passes the cap; 'aborted' when the client goes away first. */
function readBody(req: IncomingMessage, maxBodyBytes: number): Promise<BodyOutcome> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer): void => {
      size += chunk.length;
      if (size > maxBodyBytes) {
        req.off('data', onData);
        chunks.length = 0;
        resolve('too-large');
        return;
      }
      chunks.push(chunk);
    };
    req.on('data', onData);
    req.once('end', () => resolve(Buffer.concat(chunks)));
    // why: an aborted upload never ends; 'close' (or 'error') then settles the read so nothing is kept
    req.once('error', () => resolve('aborted'));
    req.once('close', () => {
      if (!req.complete) resolve('aborted');
    });
  });
}

/** How many times the cap a refused client may keep sending before its connection is closed. */
const drainLimitFactor = 8;

function refuseTooLarge(req: IncomingMessage, res: ServerResponse, maxBodyBytes: number): void {
  const detail = `The request body is larger than this server accepts (${maxBodyBytes} bytes).`;
  const page = respondHtmlError(413, { detail, headers: { connection: 'close' } });
  // why: drain without buffering so a client still sending can read the 413; past a bound, cut it off
  let drained = 0;
  req.on('data', (chunk: Buffer) => {
    drained += chunk.length;
    if (drained > drainLimitFactor * maxBodyBytes) req.socket.destroy();
  });
  req.resume();
  writeResponse(res, page);
}

function flattenHeaders(req: IncomingMessage): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(req.headers)) {
    if (value !== undefined) out[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  return out;
}

function writeResponse(res: ServerResponse, response: AppResponse): void {
  if (response.dropConnection === true) {
    res.socket?.destroy();
    return;
  }
  const headers: Record<string, string> = { ...response.headers };
  // why: encoded once, here; a length taken from the text and the text written would be two passes over it
  const body = Buffer.from(response.body);
  if (headers['content-length'] === undefined) headers['content-length'] = String(body.length);
  res.writeHead(response.status, headers);
  res.end(body);
}
