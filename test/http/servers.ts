// Small real node:http servers on port 0 for the HTTP client tests.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { type AddressInfo, createServer as createNetServer } from 'node:net';
import { afterEach } from 'vitest';
import { createHttpClient, HttpError, type HttpClient, type HttpClientOptions } from '../../src/http/index.ts';

export interface TestServer {
  url: string;
  /** Requests received so far, in order. */
  requests: { method: string; url: string; headers: IncomingMessage['headers']; body: string }[];
  close(): Promise<void>;
}

export type TestHandler = (req: IncomingMessage, res: ServerResponse, index: number) => void;

/** Starts a server on 127.0.0.1 with a random port; the handler gets the 0-based request index. */
export async function startServer(handler: TestHandler): Promise<TestServer> {
  const requests: TestServer['requests'] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const index = requests.length;
      requests.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      handler(req, res, index);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo; // why: listen() on a TCP port always yields AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * A server that answers each connection's first request with `body` (HTTP/1.1, a Content-Length and no
 * `Connection: close`) and then closes the connection, as uWSGI's own HTTP router does in front of CKAN: a client
 * that keeps the connection for its next request finds it closed before any answer. Counts connections.
 */
export async function startClosingServer(body: string): Promise<{ url: string; connections: () => number; close(): Promise<void> }> {
  let connections = 0;
  const server = createNetServer((socket) => {
    connections += 1;
    let head = '';
    let answered = false;
    socket.on('data', (chunk: Buffer) => {
      head += chunk.toString('latin1');
      if (answered || !head.includes('\r\n\r\n')) return;
      answered = true;
      socket.write(`HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`);
      // why: a moment later, as uWSGI does: a client quick to send its next request on the connection sends it
      // into a connection about to close, which reads nothing more
      setTimeout(() => socket.destroy(), 50);
    });
    socket.on('error', () => undefined);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo; // why: as above
  return { url: `http://127.0.0.1:${port}`, connections: () => connections, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/** A port that nothing listens on: bound once, then released. */
export async function findClosedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo; // why: as above
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/**
 * A fake clock whose sleep returns at once, recording each wait. With `advance` (the default) a sleep also
 * moves time forward, which models sequential waits; concurrent waiters need a clock that stands still.
 */
export function createFakeTime(startMs = 1_700_000_000_000, advance = true) {
  let nowMs = startMs;
  const sleeps: number[] = [];
  return {
    sleeps,
    clock: { now: () => nowMs },
    sleep: async (ms: number): Promise<void> => {
      sleeps.push(ms);
      if (advance) nowMs += ms;
    },
  };
}

/** What useClientServers gives a test file. */
export interface ClientServers {
  /** Starts a server with `handler` and a client with `options`; both are closed after the test. */
  setUp(handler: TestHandler, options?: HttpClientOptions): Promise<{ server: TestServer; client: HttpClient }>;
  /** Closes `client` after the test (one made without a server). */
  closeAfter(client: HttpClient): HttpClient;
}

/** For a test file: servers and clients that are closed after each test. */
export function useClientServers(): ClientServers {
  const open: { server?: TestServer; client: HttpClient }[] = [];
  afterEach(async () => {
    for (const { server, client } of open.splice(0)) {
      await client.close();
      await server?.close();
    }
  });
  return {
    setUp: async (handler, options = {}) => {
      const server = await startServer(handler);
      const client = createHttpClient(options);
      open.push({ server, client });
      return { server, client };
    },
    closeAfter: (client) => {
      open.push({ client });
      return client;
    },
  };
}

/** The HttpError a request fails with (any other outcome fails the test). */
export async function rejection(promise: Promise<unknown>): Promise<HttpError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof HttpError) return error;
    throw error;
  }
  throw new Error('expected the request to fail');
}
