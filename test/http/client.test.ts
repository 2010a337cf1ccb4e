import { describe, expect, it } from 'vitest';
import { createHttpClient, DEFAULT_USER_AGENT } from '../../src/http/index.ts';
import { createFakeTime, findClosedPort, rejection, startClosingServer, useClientServers } from './servers.ts';

const SEARCH = '/api/action/datastore_search';
const { setUp, closeAfter } = useClientServers();

describe('createHttpClient', () => {
  it('returns status, lower-cased headers and body, and sends its user agent', async () => {
    const { server, client } = await setUp((_req, res) => {
      res.writeHead(200, { 'Content-Type': 'application/json;charset=utf-8', 'X-Extra': 'yes' });
      res.end('{"success": true, "result": {"records": []}}');
    });
    const response = await client.send({
      method: 'POST',
      url: server.url + SEARCH,
      headers: { 'content-type': 'application/json' },
      body: '{"resource_id":"r"}',
    });
    expect(response).toMatchObject({ status: 200, body: '{"success": true, "result": {"records": []}}', bodyTruncated: false, attempts: 1 });
    expect(response.headers['content-type']).toBe('application/json;charset=utf-8');
    expect(response.headers['x-extra']).toBe('yes');
    expect(server.requests[0]).toMatchObject({ method: 'POST', url: SEARCH, body: '{"resource_id":"r"}' });
    expect(server.requests[0]?.headers['user-agent']).toBe(DEFAULT_USER_AGENT);
    expect(DEFAULT_USER_AGENT).toMatch(/^datastore-kit\/\d+\.\d+\.\d+/);
  });

  it('rejects a server that never answers with a timeout error', async () => {
    const { server, client } = await setUp(() => undefined, { timeoutMs: 150 });
    const error = await rejection(client.send({ method: 'POST', url: server.url + SEARCH, body: '{}' }));
    expect(error.code).toBe('E_TIMEOUT');
    expect(error.message).toBe(`[POST] "${server.url}${SEARCH}": timeout after 150 ms`);
    expect(error.attempts).toBe(1);
  });

  it('stops a request in flight when its signal aborts, with E_INTERRUPTED and no retry', async () => {
    const { server, client } = await setUp(() => undefined, { timeoutMs: 60_000, retries: 3 });
    const controller = new AbortController();
    const pending = rejection(client.send({ method: 'GET', url: server.url + SEARCH, signal: controller.signal }));
    while (server.requests.length === 0) await new Promise((resolve) => setTimeout(resolve, 5));
    controller.abort();
    const error = await pending;
    expect({ code: error.code, attempts: error.attempts }).toEqual({ code: 'E_INTERRUPTED', attempts: 1 });
    expect(error.message).toBe(`[GET] "${server.url}${SEARCH}": interrupted before an answer came`);
    expect(server.requests).toHaveLength(1);
  });

  it('sends nothing for a signal aborted before the request', async () => {
    const { server, client } = await setUp((_req, res) => res.end('{}'));
    const error = await rejection(client.send({ method: 'GET', url: server.url + SEARCH, signal: AbortSignal.abort() }));
    expect(error.code).toBe('E_INTERRUPTED');
    expect(server.requests).toHaveLength(0);
  });

  it('counts the body against the timeout, not only the headers', async () => {
    const { server, client } = await setUp((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('{"result": ');
    });
    const error = await rejection(client.send({ method: 'GET', url: server.url + SEARCH, timeoutMs: 150 }));
    expect(error.message).toBe(`[GET] "${server.url}${SEARCH}": timeout after 150 ms`);
  });

  it('rejects a connection closed mid-body with a network error', async () => {
    const { server, client } = await setUp((_req, res) => {
      res.writeHead(200, { 'content-length': '1000' });
      res.write('{"result": {"records": [', () => res.socket?.destroy());
    });
    const error = await rejection(client.send({ method: 'GET', url: server.url + SEARCH }));
    expect(error.code).toBe('E_NETWORK');
    expect(error.message).toBe(`[GET] "${server.url}${SEARCH}": connection closed by the server before the response ended`);
  });

  it('sends a request again at once on a new connection when a kept-alive one was closed after the last answer, then keeps none', async () => {
    const server = await startClosingServer('{"success": true}');
    const time = createFakeTime();
    const client = closeAfter(createHttpClient({ retries: 0, ...time }));
    try {
      const answers = [];
      for (let n = 0; n < 20; n += 1) {
        answers.push(await client.send(n % 2 === 0 ? { method: 'GET', url: server.url + SEARCH } : { method: 'POST', url: server.url + SEARCH, body: '{}' }));
      }
      expect(answers.map((answer) => [answer.status, answer.body, answer.attempts])).toEqual(Array(20).fill([200, '{"success": true}', 1]));
      expect(time.sleeps).toEqual([]);
      // why: a connection a request (the server answers one on each), and one more for the request sent into a closing one
      expect(server.connections()).toBeGreaterThanOrEqual(20);
      expect(server.connections()).toBeLessThanOrEqual(21);
    } finally {
      await server.close();
    }
  });

  it('rejects a reset connection with a network error', async () => {
    const { server, client } = await setUp((req) => req.socket.resetAndDestroy());
    const error = await rejection(client.send({ method: 'GET', url: server.url + SEARCH }));
    expect(error.code).toBe('E_NETWORK');
    expect(error.message).toMatch(/^\[GET\] "http:\/\/127\.0\.0\.1:\d+\/api\/action\/datastore_search": connection (reset|closed)/);
  });

  it('retries 503 twice and returns the 200 with attempts = 3', async () => {
    const time = createFakeTime();
    const { server, client } = await setUp(
      (_req, res, index) => {
        res.writeHead(index < 2 ? 503 : 200);
        res.end(index < 2 ? 'busy' : '{"result": {"records": []}}');
      },
      { retries: 3, retryBaseMs: 200, random: () => 0.5, ...time },
    );
    const response = await client.send({ method: 'GET', url: server.url + SEARCH });
    expect(response).toMatchObject({ status: 200, attempts: 3 });
    expect(server.requests).toHaveLength(3);
    expect(time.sleeps).toEqual([100, 200]); // full jitter at 0.5 of 200, 400
  });

  it('returns the last 5xx when retries run out', async () => {
    const time = createFakeTime();
    const { server, client } = await setUp((_req, res) => res.writeHead(502).end('bad gateway'), { retries: 2, ...time });
    const response = await client.send({ method: 'GET', url: server.url + SEARCH });
    expect(response).toMatchObject({ status: 502, body: 'bad gateway', attempts: 3 });
    expect(server.requests).toHaveLength(3);
  });

  it.each([400, 403, 404, 409])('never retries a %i', async (status) => {
    const time = createFakeTime();
    const { server, client } = await setUp((_req, res) => res.writeHead(status).end('{}'), { retries: 3, ...time });
    const response = await client.send({ method: 'GET', url: server.url + SEARCH });
    expect(response).toMatchObject({ status, attempts: 1 });
    expect(server.requests).toHaveLength(1);
    expect(time.sleeps).toEqual([]);
  });

  it('honours Retry-After in seconds on a 429', async () => {
    const time = createFakeTime();
    const { server, client } = await setUp(
      (_req, res, index) => (index === 0 ? res.writeHead(429, { 'retry-after': '1' }).end() : res.writeHead(200).end('ok')),
      { retries: 1, random: () => 0.99, ...time },
    );
    const response = await client.send({ method: 'GET', url: server.url + SEARCH });
    expect(response).toMatchObject({ status: 200, attempts: 2 });
    expect(time.sleeps).toEqual([1000]);
  });

  it('honours Retry-After as an HTTP date, measured on the injected clock', async () => {
    const time = createFakeTime(Date.parse('2026-01-01T00:00:00Z'));
    const { server, client } = await setUp(
      (_req, res, index) => (index === 0 ? res.writeHead(503, { 'retry-after': 'Thu, 01 Jan 2026 00:00:05 GMT' }).end() : res.writeHead(200).end()),
      { retries: 1, ...time },
    );
    await client.send({ method: 'GET', url: server.url + SEARCH });
    expect(time.sleeps).toEqual([5000]);
  });

  it('caps a long Retry-After at retryAfterMaxMs', async () => {
    const time = createFakeTime();
    const { server, client } = await setUp(
      (_req, res, index) => (index === 0 ? res.writeHead(429, { 'retry-after': '3600' }).end() : res.writeHead(200).end()),
      { retries: 1, ...time },
    );
    await client.send({ method: 'GET', url: server.url + SEARCH });
    expect(time.sleeps).toEqual([30_000]);
  });

  it('stops reading a 50 MB body at maxBodyBytes and flags it truncated', async () => {
    const total = 50 * 1024 * 1024;
    const chunk = Buffer.alloc(64 * 1024, 'a');
    let sent = 0;
    const { server, client } = await setUp((_req, res) => {
      res.writeHead(200, { 'content-length': String(total) });
      res.on('error', () => undefined);
      const pump = (): void => {
        while (sent < total && !res.destroyed) {
          sent += chunk.length;
          if (!res.write(chunk)) return void res.once('drain', pump);
        }
        if (sent >= total) res.end();
      };
      pump();
    });
    const response = await client.send({ method: 'GET', url: server.url + SEARCH });
    expect(response.bodyTruncated).toBe(true);
    expect(response.body.length).toBe(10 * 1024 * 1024);
    expect(sent).toBeLessThan(total); // the client hung up instead of pulling the rest
  });

  it('keeps a body exactly at the cap whole, and never cuts a UTF-8 character in half', async () => {
    const { server, client } = await setUp((req, res) => res.writeHead(200).end(req.url === '/exact' ? 'abcd' : 'aéé'), { maxBodyBytes: 4 });
    const exact = await client.send({ method: 'GET', url: `${server.url}/exact` });
    expect(exact).toMatchObject({ body: 'abcd', bodyTruncated: false });
    const cut = await client.send({ method: 'GET', url: `${server.url}/utf8` }); // 'a' + 2 + 2 bytes
    expect(cut).toMatchObject({ body: 'aé', bodyTruncated: true });
  });

  it('rejects a refused connection with the one-line connect message', async () => {
    const port = await findClosedPort();
    const client = closeAfter(createHttpClient());
    const url = `http://127.0.0.1:${port}${SEARCH}`;
    const error = await rejection(client.send({ method: 'POST', url, headers: { authorization: 'secret-token-1234' }, body: '{}' }));
    expect(error.code).toBe('E_CONNECT');
    expect(error.message).toBe(`[POST] "${url}": connect ECONNREFUSED`);
    expect(error.message).not.toContain('secret-token-1234');
  });

  it('retries network errors and reports every attempt in the error', async () => {
    const port = await findClosedPort();
    const time = createFakeTime();
    const client = closeAfter(createHttpClient({ retries: 2, random: () => 1 - Number.EPSILON, ...time }));
    const error = await rejection(client.send({ method: 'GET', url: `http://127.0.0.1:${port}/` }));
    expect(error).toMatchObject({ code: 'E_CONNECT', attempts: 3 });
    expect(time.sleeps).toEqual([199, 399]);
  });

  it.each([
    ['not a url', 'invalid URL'],
    ['ftp://127.0.0.1/x', 'invalid URL: unsupported protocol ftp:'],
  ])('rejects %j before sending anything', async (url, reason) => {
    const time = createFakeTime();
    const client = closeAfter(createHttpClient({ retries: 3, ...time }));
    const error = await rejection(client.send({ method: 'GET', url }));
    expect(error).toMatchObject({ code: 'E_INVALID_URL', message: `[GET] "${url}": ${reason}`, attempts: 0 });
    expect(time.sleeps).toEqual([]);
  });

  it('rejects a TLS handshake with a plain-HTTP server as a TLS error', async () => {
    const { server, client } = await setUp((_req, res) => res.writeHead(200).end());
    const url = server.url.replace('http:', 'https:') + SEARCH;
    const error = await rejection(client.send({ method: 'GET', url }));
    expect(error.code).toBe('E_TLS');
    expect(error.message).toMatch(/^\[GET\] "https:\/\/127\.0\.0\.1:\d+\/api\/action\/datastore_search": TLS error [A-Z_]+$/);
  });

  it('hides a password in the URL of an error message', async () => {
    const port = await findClosedPort();
    const client = closeAfter(createHttpClient());
    const error = await rejection(client.send({ method: 'GET', url: `http://user:hunter2@127.0.0.1:${port}/` }));
    expect(error.message).toBe(`[GET] "http://user:***@127.0.0.1:${port}/": connect ECONNREFUSED`);
  });

  it('spaces requests by 1/rateRps on the injected clock', async () => {
    const time = createFakeTime();
    const starts: number[] = [];
    const { server, client } = await setUp((_req, res) => res.writeHead(200).end(), { rateRps: 10, ...time });
    for (let i = 0; i < 4; i++) {
      await client.send({ method: 'GET', url: server.url });
      starts.push(time.clock.now());
    }
    expect(time.sleeps).toEqual([100, 100, 100]);
    expect(starts.map((t) => t - (starts[0] ?? 0))).toEqual([0, 100, 200, 300]);
  });

  it('queues concurrent callers of the rate limiter in arrival order', async () => {
    const time = createFakeTime(0, false);
    const { server, client } = await setUp((_req, res) => res.writeHead(200).end(), { rateRps: 4, ...time });
    await Promise.all([0, 1, 2].map(() => client.send({ method: 'GET', url: server.url })));
    expect(time.sleeps).toEqual([250, 500]);
  });
});
