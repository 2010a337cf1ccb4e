// Targets that are down, hang or answer HTML: exit 3 before any case, or exit 1 with a readable reason per case.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { beforeEach, describe, expect, it } from 'vitest';
import { main } from '../../src/cli/main.ts';
import type { RunResult } from '../../src/index.ts';
import { createCapturedIo, findClosedPort, PREFLIGHT_BODY, PREFLIGHT_PATH, useScenario } from './helpers.ts';

const catalogue = {
  'cases/search.json': {
    cases: [
      {
        id: 'search/one',
        title: 'One',
        class: 'search.core',
        spec: ['api.md#4.1'],
        request: { action: 'datastore_search', params: { resource_id: 'x' } },
        expect: { status: 200, success: true },
      },
      {
        id: 'search/two',
        title: 'Two',
        class: 'search.core',
        spec: ['api.md#4.1'],
        request: { action: 'datastore_search', method: 'GET', params: { resource_id: 'x', limit: 1 } },
        expect: { status: 200 },
      },
    ],
  },
};

const scenario = useScenario(catalogue);

async function readReport(): Promise<RunResult> {
  const text = await readFile(path.join(scenario.dir, 'reports', 'report.json'), 'utf8');
  return JSON.parse(text) as RunResult;
}

describe('run against a broken target', () => {
  it('exits 3 with one line when the target is unreachable, before any case', async () => {
    const port = await findClosedPort();
    const { io, stdout, stderr } = createCapturedIo(scenario.dir);
    const code = await main(['run', '--target', `http://127.0.0.1:${port}`, '--report', 'json'], io);
    expect(code).toBe(3);
    expect(stderr()).toBe(`target http://127.0.0.1:${port} is unreachable: connect ECONNREFUSED (E_UNREACHABLE)\n`);
    expect(stdout()).not.toContain('search/one');
  });

  it('exits 3 with one line when the target answers a body that is not the gzip its header says', async () => {
    const server = await scenario.serve((_req, res) => res.writeHead(200, { 'content-encoding': 'gzip' }).end(PREFLIGHT_BODY));
    const { io, stderr } = createCapturedIo(scenario.dir);
    const code = await main(['run', '--target', server.url, '--report', 'json'], io);
    expect(code).toBe(3);
    expect(stderr()).toBe(
      `target ${server.url} answers in a form the kit cannot read: body not readable as Content-Encoding gzip: incorrect header check (E_UNREACHABLE)\n`,
    );
  });

  it('reads a target that gzips every answer, asked or not, and reports the bad one per case', async () => {
    const server = await scenario.serve((req, res) => {
      const body = req.url === PREFLIGHT_PATH ? PREFLIGHT_BODY : JSON.stringify({ success: true, result: { records: [] } });
      // the second case's answer claims gzip but is not
      const bytes = req.method === 'GET' && req.url !== PREFLIGHT_PATH ? Buffer.from(body) : gzipSync(body);
      res.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip' }).end(bytes);
    });
    const { io } = createCapturedIo(scenario.dir);
    const code = await main(['run', '--target', server.url, '--report', 'json'], io);
    expect(code).toBe(1);
    const report = await readReport();
    expect(report.cases.map((c) => [c.id, c.status, c.error?.code])).toEqual([
      ['search/one', 'pass', undefined],
      ['search/two', 'error', 'E_DECODE'],
    ]);
  });

  it('exits 3 naming the address a redirecting target points to, without following it', async () => {
    const seen: string[] = [];
    const server = await scenario.serve((req, res) => {
      seen.push(req.url ?? '');
      res.writeHead(301, { location: `https://portal.example${req.url ?? ''}`, 'content-type': 'text/html' }).end('<html><title>Moved</title></html>');
    });
    const { io, stderr } = createCapturedIo(scenario.dir);
    const code = await main(['run', '--target', server.url, '--report', 'json'], io);
    expect(code).toBe(3);
    expect(stderr()).toMatch(
      /is not a CKAN action API: an HTML 301 page \("Moved"\) at .*; it redirects \(301\) to https:\/\/portal\.example\/api\/3\/action\/status_show, and the kit does not follow redirects \(they would carry the token elsewhere\): give --target https:\/\/portal\.example \(E_NOT_CKAN\)\n$/,
    );
    expect(seen.every((url) => url.startsWith('/api/3/action/'))).toBe(true);
  });

  it('ends a hanging target with exit 1 and a timeout reason per case', async () => {
    const seen: string[] = [];
    const server = await scenario.serve((req, res) => {
      seen.push(req.url ?? '');
      if (req.url === PREFLIGHT_PATH) res.end(PREFLIGHT_BODY);
      // action calls never answer
    });
    const { io } = createCapturedIo(scenario.dir);
    const code = await main(['run', '--target', server.url, '--timeout-ms', '300', '--report', 'json'], io);
    expect(code).toBe(1);
    const report = await readReport();
    expect(report.cases.map((c) => [c.id, c.status, c.error?.code])).toEqual([
      ['search/one', 'error', 'E_TIMEOUT'],
      ['search/two', 'error', 'E_TIMEOUT'],
    ]);
    expect(report.cases[0]?.error?.message).toMatch(/^\[POST\] "http:\/\/127\.0\.0\.1:\d+\/api\/action\/datastore_search": .*time/i);
    expect(seen[0]).toBe(PREFLIGHT_PATH);
  });

  it('ends a target whose DataStore calls answer HTML with exit 1 and a not-JSON reason per case', async () => {
    const server = await scenario.serve((req, res) => {
      if (req.url === PREFLIGHT_PATH) return res.end(PREFLIGHT_BODY);
      res.setHeader('content-type', 'text/html; charset=utf-8');
      res.end('<!DOCTYPE html><html><head><title>Login</title></head><body>Please sign in</body></html>');
    });
    const { io, stdout } = createCapturedIo(scenario.dir);
    const code = await main(['run', '--target', server.url, '--report', 'json'], io);
    expect(code).toBe(1);
    const report = await readReport();
    expect(report.cases.map((c) => c.status)).toEqual(['error', 'error']);
    expect(report.cases[1]?.error).toEqual({
      code: 'E_NOT_JSON',
      message: `[GET] "${server.url}/api/action/datastore_search?resource_id=x&limit=1": HTTP 200, response is not JSON (text/html): <!DOCTYPE html><html><head><title>Login</title></head><body>Please sign in</body…`,
    });
    expect(stdout()).toContain('response is not JSON (text/html)');
  });

  it.each([503, 429])('names the final status %i and the attempts spent when retries run out on a non-JSON answer', async (status) => {
    const server = await scenario.serve((req, res) => {
      if (req.url === PREFLIGHT_PATH) return res.end(PREFLIGHT_BODY);
      res.writeHead(status, { 'content-type': 'text/html', 'retry-after': '0' });
      res.end('<html>busy</html>');
    });
    const { io } = createCapturedIo(scenario.dir);
    expect(await main(['run', '--target', server.url, '--report', 'json', '--retries', '2'], io)).toBe(1);
    const report = await readReport();
    expect(report.cases[0]?.error?.message).toBe(
      `[POST] "${server.url}/api/action/datastore_search": HTTP ${status} after 3 attempts, response is not JSON (text/html): <html>busy</html>`,
    );
  });
});

describe('the pre-flight against a wrong base URL', () => {
  const notFoundPage = '<!DOCTYPE html><html><head><title>Page not found</title></head><body>404</body></html>';

  async function runAgainst(target: string): Promise<{ code: number; err: string; seen: string[] }> {
    const { io, stdout, stderr } = createCapturedIo(scenario.dir);
    const code = await main(['run', '--target', target, '--report', 'json'], io);
    expect(stdout()).not.toContain('search/one');
    return { code, err: stderr(), seen };
  }

  let seen: string[] = [];
  beforeEach(() => {
    seen = [];
  });

  it('stops at exit 3 on an HTML 404 site and names what answered and the site root', async () => {
    const server = await scenario.serve((req, res) => {
      seen.push(req.url ?? '');
      res.statusCode = 404;
      res.setHeader('content-type', 'text/html; charset=utf-8');
      res.end(notFoundPage);
    });
    const { code, err } = await runAgainst(`${server.url}/dataset`);
    expect(code).toBe(3);
    expect(err).toBe(
      `target ${server.url}/dataset is not a CKAN action API: an HTML 404 page ("Page not found") at ${server.url}/dataset/api/3/action/status_show; ` +
        `try the site root (--target ${server.url}) or the sub-path the portal lives under (E_NOT_CKAN)\n`,
    );
    expect(seen).toEqual(['/dataset/api/3/action/status_show', '/dataset/api/3/action/datastore_search?resource_id=_table_metadata&limit=0']);
  });

  it.each([503, 429])('says a target answering %i at the pre-flight is unavailable and that --retries helps (exit 3)', async (status) => {
    const server = await scenario.serve((req, res) => {
      seen.push(req.url ?? '');
      res.statusCode = status;
      res.setHeader('content-type', 'text/html');
      res.end('<html><head><title>Busy</title></head></html>');
    });
    const { code, err } = await runAgainst(server.url);
    expect(code).toBe(3);
    expect(err).toMatch(
      new RegExp(
        `^target ${server.url} is unavailable: an HTML ${status} page .*; it may be busy or restarting: try again, or give --retries N to retry such answers \\(E_UNREACHABLE\\)\n$`,
      ),
    );
    expect(err).not.toContain('not a CKAN');
  });

  it('tells to drop an API path given in the base URL', async () => {
    const server = await scenario.serve((req, res) => {
      seen.push(req.url ?? '');
      res.statusCode = 404;
      res.setHeader('content-type', 'text/html');
      res.end(notFoundPage);
    });
    const { code, err } = await runAgainst(`${server.url}/api/3/action/`);
    expect(code).toBe(3);
    expect(err).toContain(`at ${server.url}/api/3/action/api/3/action/status_show;`);
    expect(err).toContain(`the base URL ends in an API path: drop it, e.g. --target ${server.url} (E_NOT_CKAN)`);
  });

  it('says when JSON answers are not CKAN envelopes, at the site root', async () => {
    const server = await scenario.serve((_req, res) => {
      res.setHeader('content-type', 'application/json');
      res.end('{"status":"ok"}');
    });
    const { code, err } = await runAgainst(server.url);
    expect(code).toBe(3);
    expect(err).toContain(`a JSON 200 answer that is not CKAN's {success, result} envelope at ${server.url}/api/3/action/status_show`);
    expect(err).toContain('give that sub-path as the base URL');
  });

  it('accepts a site without status_show whose datastore_search answers the envelope', async () => {
    const server = await scenario.serve((req, res) => {
      seen.push(req.url ?? '');
      res.setHeader('content-type', 'application/json');
      if (req.url === PREFLIGHT_PATH) {
        res.statusCode = 400;
        return res.end('"Bad request - Action name not known: status_show"');
      }
      res.end(JSON.stringify({ help: 'h', success: true, result: { records: [] } }));
    });
    const { io } = createCapturedIo(scenario.dir);
    const code = await main(['run', '--target', server.url, '--report', 'json'], io);
    expect(code).toBe(0);
    expect(seen.slice(0, 2)).toEqual([PREFLIGHT_PATH, '/api/3/action/datastore_search?resource_id=_table_metadata&limit=0']);
    expect(seen.length).toBe(4);
  });
});
