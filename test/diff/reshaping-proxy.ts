// A stand-in for another correct deployment in front of a reference server: it forwards every request and answers
// what the server answered, reshaped the ways a second correct server may differ: SQL rows of a statement without
// ORDER BY in another order, another statement text in an error's info (a rows_max of its own), JSONP written
// compactly with a `/**/` prefix. With `dropLastSqlRow` it also loses a row of every SQL answer: a real difference.
import { createServer, type IncomingMessage } from 'node:http';
import { isPlainObject } from '../../src/util/json.ts';
import { serveOnFreePort, type TestServer } from '../helpers/http-server.ts';

export async function startReshapingProxy(upstream: string, options: { dropLastSqlRow?: boolean } = {}): Promise<TestServer> {
  const server = createServer((request, response) => {
    void forward(upstream, request).then(async (answer) => {
      const text = reshape(await answer.text(), options);
      response.writeHead(answer.status, { 'content-type': answer.headers.get('content-type') ?? 'application/json' });
      response.end(text);
    });
  });
  return serveOnFreePort(server);
}

async function forward(upstream: string, request: IncomingMessage): Promise<Response> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(Buffer.from(chunk));
  const headers: Record<string, string> = {};
  for (const name of ['content-type', 'authorization']) {
    const value = request.headers[name];
    if (typeof value === 'string') headers[name] = value;
  }
  const body = chunks.length === 0 ? undefined : Buffer.concat(chunks);
  return fetch(`${upstream}${request.url ?? '/'}`, { method: request.method ?? 'GET', headers, ...(body === undefined ? {} : { body }) });
}

function reshape(text: string, options: { dropLastSqlRow?: boolean }): string {
  const jsonp = /^(\w+)\(([\s\S]*)\);$/.exec(text);
  if (jsonp !== null) return `/**/ ${jsonp[1]}(${JSON.stringify(JSON.parse(jsonp[2] ?? 'null'))})`;
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return text;
  }
  if (!isPlainObject(body)) return text;
  const result = body['result'];
  if (isPlainObject(result) && typeof result['sql'] === 'string' && Array.isArray(result['records'])) {
    const records = options.dropLastSqlRow === true ? result['records'].slice(0, -1) : result['records'];
    result['records'] = /order by/i.test(result['sql']) ? records : [...records].reverse();
  }
  const info = isPlainObject(body['error']) ? body['error']['info'] : undefined;
  if (isPlainObject(info) && Array.isArray(info['statement'])) info['statement'] = info['statement'].map((s) => String(s).replace('LIMIT 32001', 'LIMIT 1001'));
  return JSON.stringify(body);
}
