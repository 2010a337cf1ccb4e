// A mutant target: a node:http proxy on port 0 in front of the reference server that hands each request to a
// mutation handler. Upstream answers are memoised (the reference server is read-only and deterministic), so
// many mutants can replay the catalogue without re-running the same query on the engine.
import { createServer, type IncomingMessage } from 'node:http';
import { serveOnFreePort } from '../helpers/http-server.ts';

/** A request as the mutant sees it. `path` is the URL path, `search` the query string without "?". */
export interface ProxiedRequest {
  method: string;
  path: string;
  search: string;
  headers: Record<string, string>;
  body: string;
}

export interface ProxiedResponse {
  status: number;
  contentType: string;
  body: string;
}

/** Sends a request to the real reference server. */
export type Upstream = (request: ProxiedRequest) => Promise<ProxiedResponse>;

/** A mutation: answers a request, usually by altering it, calling upstream and altering the answer. */
export type MutantHandler = (request: ProxiedRequest, upstream: Upstream) => Promise<ProxiedResponse>;

/** A memoising client of the reference server at `baseUrl` (same request text, same answer). */
export function createUpstream(baseUrl: string): { upstream: Upstream; calls: () => number } {
  const cache = new Map<string, Promise<ProxiedResponse>>();
  let calls = 0;
  const upstream: Upstream = (request) => {
    const key = JSON.stringify([
      request.method,
      request.path,
      request.search,
      request.headers['authorization'] ?? '',
      request.headers['content-type'] ?? '',
      request.body,
    ]);
    let answer = cache.get(key);
    if (answer === undefined) {
      calls++;
      answer = send(baseUrl, request);
      cache.set(key, answer);
    }
    return answer;
  };
  return { upstream, calls: () => calls };
}

async function send(baseUrl: string, request: ProxiedRequest): Promise<ProxiedResponse> {
  const url = `${baseUrl}${request.path}${request.search === '' ? '' : `?${request.search}`}`;
  const headers: Record<string, string> = {};
  for (const name of ['authorization', 'content-type', 'x-ckan-api-key']) {
    const value = request.headers[name];
    if (value !== undefined) headers[name] = value;
  }
  const hasBody = request.method !== 'GET' && request.method !== 'HEAD';
  const response = await fetch(url, { method: request.method, headers, ...(hasBody ? { body: request.body } : {}) });
  return { status: response.status, contentType: response.headers.get('content-type') ?? '', body: await response.text() };
}

export interface MutantServer {
  url: string;
  close(): Promise<void>;
}

/** Starts a proxy on 127.0.0.1, port 0, answering every request with `handler`. */
export async function startMutantProxy(handler: MutantHandler, upstream: Upstream): Promise<MutantServer> {
  const server = createServer((req, res) => {
    void readRequest(req)
      .then((request) => handler(request, upstream))
      .then(
        (answer) => {
          res.writeHead(answer.status, { 'content-type': answer.contentType });
          res.end(answer.body);
        },
        (error: unknown) => {
          res.writeHead(502, { 'content-type': 'text/plain' });
          res.end(`mutant proxy failed: ${error instanceof Error ? error.message : String(error)}`);
        },
      );
  });
  return serveOnFreePort(server);
}

async function readRequest(req: IncomingMessage): Promise<ProxiedRequest> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk)));
  const url = new URL(req.url ?? '/', 'http://proxy');
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(req.headers)) {
    if (typeof value === 'string') headers[name] = value;
  }
  return { method: req.method ?? 'GET', path: url.pathname, search: url.search.replace(/^\?/, ''), headers, body: Buffer.concat(chunks).toString('utf8') };
}
