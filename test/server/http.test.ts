// Socket-level tests: the app behind listen() on port 0, called over real HTTP.
import { request as httpRequest, Agent } from 'node:http';
import { connect } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isKitError } from '../../src/errors.ts';
import { listen, type Listening } from '../../src/server/listen.ts';
import { startReferenceServer } from '../../src/server/start.ts';
import { createTestApp, sendHttp } from './helpers.ts';

let server: Listening;

beforeAll(async () => {
  const { handle } = createTestApp({ maxBodyBytes: 64 * 1024 });
  server = await listen(handle, { port: 0, maxBodyBytes: 64 * 1024 });
});

afterAll(async () => {
  await server.close();
});

describe('listen', () => {
  it('resolves with the real port on 127.0.0.1', () => {
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(server.url.endsWith(':0')).toBe(false);
  });

  it.each([
    ['/api/action/echo?a=1', ''],
    ['/api/3/action/echo?a=1', ''],
    ['/fr/api/action/echo?a=1', '/fr'],
    ['/pt_BR/api/3/action/echo?a=1', '/pt_BR'],
  ])('serves GET %s with an absolute help link from the Host header', async (path, locale) => {
    const response = await sendHttp(`${server.url}${path}`);
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe('application/json;charset=utf-8');
    expect(JSON.parse(response.body)).toMatchObject({
      help: `${server.url}${locale}/api/3/action/help_show?name=echo`,
      success: true,
      result: { params: { a: '1' } },
    });
  });

  it('serves POST with a JSON body', async () => {
    const response = await sendHttp(`${server.url}/api/action/echo`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: 'good-token' },
      body: JSON.stringify({ resource_id: 'abc', filters: { stage: ['A', 'B'] } }),
    });
    expect(JSON.parse(response.body)).toMatchObject({ result: { params: { resource_id: 'abc', filters: { stage: ['A', 'B'] } }, authorized: true } });
  });

  it('serves form-encoded and legacy "JSON as the only key" bodies', async () => {
    const headers = { 'content-type': 'application/x-www-form-urlencoded' };
    const plain = await sendHttp(`${server.url}/api/action/echo`, { method: 'POST', headers, body: 'resource_id=abc&limit=2' });
    expect(JSON.parse(plain.body)).toMatchObject({ result: { params: { resource_id: 'abc', limit: '2' } } });
    const legacy = await sendHttp(`${server.url}/api/action/echo`, { method: 'POST', headers, body: '{"resource_id": "abc"}' });
    expect(JSON.parse(legacy.body)).toMatchObject({ result: { params: { resource_id: 'abc' } } });
  });

  it('uses the query string on POST and ignores the body', async () => {
    const response = await sendHttp(`${server.url}/api/action/echo?x=y`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"resource_id": "abc"}',
    });
    expect(JSON.parse(response.body)).toMatchObject({ result: { params: { x: 'y' } } });
  });

  it.each([
    ['GET', '/api/action/nope', {}, undefined, 400, '"Bad request - Action name not known: nope"'],
    [
      'POST',
      '/api/action/echo',
      { 'content-type': 'application/json' },
      '{"a":',
      400,
      `"Bad request - JSON Error: Error decoding JSON data. Error: <BadRequest '400: Bad Request'> JSON data extracted from the request: {}"`,
    ],
    [
      'POST',
      '/api/action/echo',
      { 'content-type': 'application/json' },
      '[1, 2]',
      400,
      '"Bad request - JSON Error: Request data JSON decoded to [1, 2] but it needs to be a dictionary."',
    ],
  ])('%s %s answers %i with the exact bare string', async (method, path, headers, body, status, text) => {
    const response = await sendHttp(`${server.url}${path}`, { method, headers, ...(body === undefined ? {} : { body }) });
    expect(response.status).toBe(status);
    expect(response.body).toBe(text);
  });

  it.each([
    ['PUT', '/api/3/action/echo', {}, undefined, 405],
    ['DELETE', '/api/3/action/echo', {}, undefined, 405],
    ['PATCH', '/api/action/echo', {}, undefined, 405],
    ['POST', '/api/action/echo', { 'content-type': 'text/plain' }, 'hello', 415],
    ['GET', '/xx/api/action/echo', {}, undefined, 404],
    ['GET', '/api/2/action/echo', {}, undefined, 404],
    ['GET', '/api/action/echo/', {}, undefined, 404],
  ])('%s %s answers %i with an HTML page', async (method, path, headers, body, status) => {
    const response = await sendHttp(`${server.url}${path}`, { method, headers, ...(body === undefined ? {} : { body }) });
    expect(response.status).toBe(status);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.body).toContain(`<h1>${status} `);
  });

  it('answers /api and /api/N with the version', async () => {
    expect((await sendHttp(`${server.url}/api`)).body).toBe('{"version": 1}');
    expect((await sendHttp(`${server.url}/en/api/3`)).body).toBe('{"version": 3}');
  });

  it('answers HEAD with headers only and OPTIONS with Allow', async () => {
    const head = await sendHttp(`${server.url}/api/action/echo`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.body).toBe('');
    expect(Number(head.headers['content-length'])).toBeGreaterThan(50);
    const options = await sendHttp(`${server.url}/api/action/echo`, { method: 'OPTIONS' });
    expect(options.status).toBe(200);
    expect(options.headers['allow']).toBe('GET, HEAD, OPTIONS, POST');
  });

  it('serves JSONP on GET and keeps it anonymous', async () => {
    const response = await sendHttp(`${server.url}/api/action/echo?callback=handle`, { headers: { authorization: 'good-token' } });
    expect(response.headers['content-type']).toBe('application/javascript;charset=utf-8');
    expect(response.body.startsWith('handle({')).toBe(true);
    expect(JSON.parse(response.body.slice('handle('.length, -2))).toMatchObject({ result: { authorized: false, params: {} } });
  });

  it('treats an unknown token as anonymous, not 401', async () => {
    const response = await sendHttp(`${server.url}/api/action/echo`, { headers: { authorization: 'nope' } });
    expect(response.status).toBe(200);
    expect(JSON.parse(response.body)).toMatchObject({ result: { authorized: false } });
  });
});

describe('listen body cap', () => {
  it('refuses a declared oversized body with 413 without reading it, and keeps serving', async () => {
    const body = Buffer.alloc(200 * 1024, 0x20);
    const response = await sendHttp(`${server.url}/api/action/echo`, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
    expect(response.status).toBe(413);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.body).toContain('larger than this server accepts (65536 bytes)');
    expect((await sendHttp(`${server.url}/api/3`)).status).toBe(200);
  });

  it('refuses a chunked body once it passes the cap', async () => {
    const status = await new Promise<number>((resolve, reject) => {
      const req = httpRequest(`${server.url}/api/action/echo`, { method: 'POST', headers: { 'content-type': 'application/json' } }, (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      });
      req.on('error', reject);
      for (let i = 0; i < 10; i += 1) req.write(Buffer.alloc(16 * 1024, 0x20));
      req.end();
    });
    expect(status).toBe(413);
    expect((await sendHttp(`${server.url}/api/3`)).status).toBe(200);
  });

  it('accepts a body at the cap', async () => {
    const text = JSON.stringify({ pad: 'x'.repeat(64 * 1024 - 20) });
    const body = text + ' '.repeat(64 * 1024 - Buffer.byteLength(text));
    const response = await sendHttp(`${server.url}/api/action/echo`, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
    expect(response.status).toBe(200);
  });
});

describe('listen lifecycle', () => {
  it('rejects with E_SERVER_START when the port is taken', async () => {
    const port = Number(new URL(server.url).port);
    const { handle } = createTestApp();
    const failure = await listen(handle, { port }).catch((error: unknown) => error);
    expect(isKitError(failure) && failure.code).toBe('E_SERVER_START');
    expect(String(failure)).toContain('address already in use');
  });

  it('closes even with an idle keep-alive connection open', async () => {
    const { handle } = createTestApp();
    const other = await listen(handle, { port: 0 });
    const agent = new Agent({ keepAlive: true });
    await new Promise<void>((resolve, reject) => {
      httpRequest(`${other.url}/api/3`, { agent }, (res) => {
        res.resume();
        res.on('end', resolve);
      })
        .on('error', reject)
        .end();
    });
    await other.close();
    const failure = await sendHttp(`${other.url}/api/3`).catch((error: unknown) => error);
    expect(String(failure)).toContain('ECONNREFUSED');
    agent.destroy();
  });
});

describe('listen robustness', () => {
  it('survives a client that aborts in the middle of a body', async () => {
    const { port } = new URL(server.url);
    await new Promise<void>((resolve, reject) => {
      const socket = connect(Number(port), '127.0.0.1', () => {
        socket.write('POST /api/action/echo HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"a":');
        socket.destroy();
        resolve();
      });
      socket.on('error', reject);
    });
    expect((await sendHttp(`${server.url}/api/3`)).status).toBe(200);
  });
});

describe('startReferenceServer options', () => {
  it('rejects an unreadable allow-list file with a usage error before loading anything', async () => {
    const failure = await startReferenceServer({ fixturesDir: '/nonexistent', allowedFunctionsFile: '/nonexistent/allow.txt' }).catch((e: unknown) => e);
    expect(isKitError(failure) && failure.code).toBe('E_USAGE');
    expect(String(failure)).toContain('cannot read the allowed-functions file /nonexistent/allow.txt: ENOENT');
  });

  it('releases the port when the engine cannot be opened after binding', async () => {
    const probe = await listen(createTestApp().handle, { port: 0 });
    const port = Number(new URL(probe.url).port);
    await probe.close();
    const fixturesDir = path.resolve(import.meta.dirname, '../../fixtures');
    const failure = await startReferenceServer({ fixturesDir, port, databaseUrl: 'postgres://nobody@127.0.0.1:1/none' }).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(Error);
    const refused = await sendHttp(`http://127.0.0.1:${port}/api/3`).catch((error: unknown) => error);
    expect(String(refused)).toContain('ECONNREFUSED');
  });
});

describe('listen handler failures', () => {
  it('answers 500 when the handler itself throws, reports it, and keeps serving', async () => {
    const logged: unknown[] = [];
    let calls = 0;
    const failing = await listen(
      async () => {
        calls += 1;
        if (calls === 1) throw new Error('handler bug');
        return { status: 200, headers: { 'content-type': 'text/plain' }, body: 'ok' };
      },
      { port: 0, logError: (error) => logged.push(error) },
    );
    try {
      const first = await sendHttp(`${failing.url}/x`);
      expect(first.status).toBe(500);
      expect(first.body).toBe('Internal Server Error');
      expect(String(logged[0])).toContain('handler bug');
      expect((await sendHttp(`${failing.url}/x`)).body).toBe('ok');
    } finally {
      await failing.close();
    }
  });
});
