// Targets that are down, hang or answer HTML: exit 3 before any case, or exit 1 with a readable reason per case.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { main } from '../../src/cli/main.ts';
import type { RunResult } from '../../src/index.ts';
import { createCapturedIo, findClosedPort, makeTempDir, removeDir, startTestServer, writeJsonFiles, type TestServer } from './helpers.ts';

const catalogue = {
  'cases/search.json': {
    cases: [
      { id: 'search/one', title: 'One', class: 'search.core', spec: ['api.md#4.1'], request: { action: 'datastore_search', params: { resource_id: 'x' } }, expect: { status: 200, success: true } },
      { id: 'search/two', title: 'Two', class: 'search.core', spec: ['api.md#4.1'], request: { action: 'datastore_search', method: 'GET', params: { resource_id: 'x', limit: 1 } }, expect: { status: 200 } },
    ],
  },
};

let dir: string;
let server: TestServer | undefined;

beforeEach(async () => {
  dir = await makeTempDir();
  await writeJsonFiles(dir, catalogue);
});

afterEach(async () => {
  await server?.close();
  server = undefined;
  await removeDir(dir);
});

async function readReport(): Promise<RunResult> {
  const text = await readFile(path.join(dir, 'reports', 'report.json'), 'utf8');
  return JSON.parse(text) as RunResult;
}

describe('run against a broken target', () => {
  it('exits 3 with one line when the target is unreachable, before any case', async () => {
    const port = await findClosedPort();
    const { io, stdout, stderr } = createCapturedIo(dir);
    const code = await main(['run', '--target', `http://127.0.0.1:${port}`, '--report', 'json'], io);
    expect(code).toBe(3);
    expect(stderr()).toBe(`target http://127.0.0.1:${port} is unreachable: connect ECONNREFUSED (E_UNREACHABLE)\n`);
    expect(stdout()).not.toContain('search/one');
  });

  it('ends a hanging target with exit 1 and a timeout reason per case', async () => {
    const seen: string[] = [];
    server = await startTestServer((req, res) => {
      seen.push(req.url ?? '');
      if (req.url === '/api/3') res.end('{"version": 3}');
      // action calls never answer
    });
    const { io } = createCapturedIo(dir);
    const code = await main(['run', '--target', server.url, '--timeout-ms', '300', '--report', 'json'], io);
    expect(code).toBe(1);
    const report = await readReport();
    expect(report.cases.map((c) => [c.id, c.status, c.error?.code])).toEqual([
      ['search/one', 'error', 'E_TIMEOUT'],
      ['search/two', 'error', 'E_TIMEOUT'],
    ]);
    expect(report.cases[0]?.error?.message).toMatch(/^\[POST\] "http:\/\/127\.0\.0\.1:\d+\/api\/action\/datastore_search": .*time/i);
    expect(seen[0]).toBe('/api/3');
  });

  it('ends an HTML-answering target with exit 1 and a not-JSON reason per case', async () => {
    server = await startTestServer((req, res) => {
      res.setHeader('content-type', 'text/html; charset=utf-8');
      res.end(req.url === '/api/3' ? '<html>home</html>' : '<!DOCTYPE html><html><head><title>Login</title></head><body>Please sign in</body></html>');
    });
    const { io, stdout } = createCapturedIo(dir);
    const code = await main(['run', '--target', server.url, '--report', 'json'], io);
    expect(code).toBe(1);
    const report = await readReport();
    expect(report.cases.map((c) => c.status)).toEqual(['error', 'error']);
    expect(report.cases[1]?.error).toEqual({
      code: 'E_NOT_JSON',
      message: `[GET] "${server.url}/api/action/datastore_search?resource_id=x&limit=1": response is not JSON (text/html): <!DOCTYPE html><html><head><title>Login</title></head><body>Please sign in</body…`,
    });
    expect(stdout()).toContain('response is not JSON (text/html)');
  });
});
