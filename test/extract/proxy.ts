// A small forwarding proxy in front of the reference server, for extract tests: it can fail chosen action calls.
import { createServer, request, type IncomingMessage, type ServerResponse } from 'node:http';
import { serveOnFreePort } from '../helpers/http-server.ts';

export interface ProxyRule {
  /** Decides, for the n-th action call (1-based) and its body, what to answer instead of forwarding. */
  intercept(call: number, body: string): { status: number; headers?: Record<string, string>; body: string } | undefined;
  /** Sees the path and query of every request, action call or not, before it is forwarded. */
  observe?(url: string): void;
  /** The path and query to forward a request to instead of its own; null answers 404 (a route the target lacks). */
  route?(url: string): string | null;
}

export interface Proxy {
  url: string;
  calls: () => number;
  /** The most action calls that were being answered at once since the proxy started, or since the last call. */
  takeMaxInFlight: () => number;
  close(): Promise<void>;
}

export async function startProxy(upstream: string, rule: ProxyRule): Promise<Proxy> {
  let calls = 0;
  let inFlight = 0;
  let maxInFlight = 0;
  const target = new URL(upstream);
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      rule.observe?.(req.url ?? '');
      if ((req.url ?? '').includes('/action/')) {
        calls += 1;
        inFlight += 1;
        maxInFlight = Math.max(maxInFlight, inFlight);
        res.on('close', () => (inFlight -= 1));
        const answer = rule.intercept(calls, body.toString('utf8'));
        if (answer !== undefined) {
          res.writeHead(answer.status, { 'content-type': 'application/json', ...answer.headers });
          res.end(answer.body);
          return;
        }
      }
      const path = rule.route === undefined ? req.url : rule.route(req.url ?? '');
      if (path === null) {
        res.writeHead(404, { 'content-type': 'text/plain' });
        res.end('Not Found');
        return;
      }
      const forward = request({ host: target.hostname, port: target.port, path, method: req.method, headers: req.headers }, (upstreamRes) => {
        res.writeHead(upstreamRes.statusCode ?? 502, upstreamRes.headers);
        upstreamRes.pipe(res);
      });
      forward.on('error', () => res.destroy());
      forward.end(body);
    });
  });
  return {
    ...(await serveOnFreePort(server)),
    calls: () => calls,
    takeMaxInFlight: () => {
      const most = maxInFlight;
      maxInFlight = inFlight;
      return most;
    },
  };
}
