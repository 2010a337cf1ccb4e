// A target that answers as a recorded real CKAN did: each request is looked up among the recorded exchanges (by
// method, path, content type, body and whether a valid token came with it) and answered with CKAN's own status,
// content type and body, the recorded base URL replaced by this server's. A request CKAN was never sent is
// answered 599 and listed in `unrecorded`, so a test can say which requests still need recording.
import { createServer, type IncomingMessage } from 'node:http';
import type { RecordedExchange } from './ckan-recordings.ts';
import { serveOnFreePort } from './http-server.ts';

export interface ReplayServer {
  url: string;
  /** The requests that had no recorded answer, as `METHOD path body`. */
  unrecorded: string[];
  close(): Promise<void>;
}

/** Status of the answer to a request that was never recorded: no real server sends it, so no case can pass on it. */
export const UNRECORDED_STATUS = 599;

export interface ReplayServerOptions {
  exchanges: readonly RecordedExchange[];
  /** Base URL of the recorded CKAN (meta.json): replaced by this server's in every answer. */
  recordedUrl: string;
  /** The token that counts as the sysadmin's; any other Authorization header is a wrong token. */
  token: string;
}

export async function startReplayServer(options: ReplayServerOptions): Promise<ReplayServer> {
  const answers = indexExchanges(options.exchanges);
  const unrecorded: string[] = [];
  let url = '';
  const server = createServer((request, response) => {
    void readBody(request).then((body) => {
      const authorization = request.headers.authorization;
      const key = requestKey(request.method ?? 'GET', request.url ?? '/', request.headers['content-type'], body);
      const found = pickAnswer(answers.get(key), authorization === undefined ? 'none' : authorization === options.token ? 'valid' : 'invalid');
      if (found === undefined) {
        unrecorded.push(`${request.method} ${request.url} ${body}`.trim());
        response.writeHead(UNRECORDED_STATUS, { 'content-type': 'text/plain' }).end('no recorded answer for this request');
        return;
      }
      const headers: Record<string, string> = {};
      for (const [name, value] of Object.entries(found.responseHeaders)) if (name !== 'content-length') headers[name] = value;
      response.writeHead(found.status, headers).end(found.responseBody.split(options.recordedUrl).join(url));
    });
  });
  const listening = await serveOnFreePort(server);
  url = listening.url;
  return { url, unrecorded, close: listening.close };
}

type AuthKind = 'none' | 'valid' | 'invalid';

function requestKey(method: string, path: string, contentType: string | undefined, body: string): string {
  return JSON.stringify([method.toUpperCase(), path, (contentType ?? '').split(';')[0]?.trim().toLowerCase(), body]);
}

function indexExchanges(exchanges: readonly RecordedExchange[]): Map<string, RecordedExchange[]> {
  const index = new Map<string, RecordedExchange[]>();
  for (const exchange of exchanges) {
    const key = requestKey(exchange.method, exchange.path, exchange.requestHeaders['content-type'], exchange.requestBody);
    index.set(key, [...(index.get(key) ?? []), exchange]);
  }
  return index;
}

/**
 * The recordings keep only whether a token was sent, not which: a request with the valid token is answered as a
 * request with a token that CKAN did not refuse, one with a wrong token as one that CKAN refused.
 */
function pickAnswer(candidates: readonly RecordedExchange[] | undefined, auth: AuthKind): RecordedExchange | undefined {
  if (candidates === undefined) return undefined;
  const refused = (exchange: RecordedExchange): boolean => exchange.status === 403 && exchange.responseBody.includes('Authorization Error');
  const withToken = candidates.filter((exchange) => exchange.auth === (auth !== 'none'));
  if (auth === 'none') return withToken[0];
  const preferred = withToken.find((exchange) => refused(exchange) === (auth === 'invalid'));
  return preferred ?? withToken[0];
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}
