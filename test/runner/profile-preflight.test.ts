// run's pre-flight asks each resource of the profile once, as `check --target` does, and stops in one line (exit 2)
// when the target has no such resource: before, one wrong id was 139 failures under 6 root causes.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../src/cli/main.ts';
import { createHttpClient } from '../../src/http/index.ts';
import { findMissingResources } from '../../src/probe/index.ts';
import { startReferenceServer, type ReferenceServer } from '../../src/index.ts';
import { startProxy, type Proxy as ProxyServer } from '../extract/proxy.ts';
import { captureIo } from '../helpers/captured-io.ts';
import { readRecording, RECORDED_RELEASES } from '../helpers/ckan-recordings.ts';
import { serveOnFreePort } from '../helpers/http-server.ts';

const COURSES = 'df356cc6-0e13-4ba8-bc98-c4706614881b';
const MISSING = '00000000-0000-4000-8000-00000000dead';
let server: ReferenceServer;
let proxy: ProxyServer;
let dir: string;
const seen: string[] = [];

beforeAll(async () => {
  server = await startReferenceServer({ fixturesDir: 'fixtures', port: 0 });
  proxy = await startProxy(server.url, { intercept: () => undefined, observe: (url) => seen.push(url) });
  dir = await mkdtemp(path.join(tmpdir(), 'dsk-profile-preflight-'));
});

afterAll(async () => {
  await proxy.close();
  await server.close();
  await rm(dir, { recursive: true, force: true });
});

async function profile(name: string, resources: Record<string, string>): Promise<string> {
  const file = path.join(dir, `${name}.yaml`);
  const lines = Object.entries(resources).map(([key, id]) => `  ${key}: ${id}`);
  await writeFile(file, [`name: ${name}`, 'data: fixtures', 'ckan: "2.11"', 'capabilities: [sql]', 'resources:', ...lines, ''].join('\n'));
  return file;
}

describe("run's pre-flight of the profile", () => {
  it('stops with one line and exit 2 when a resource does not exist, having asked each resource once and run no case', async () => {
    const file = await profile('wrong', { courses: MISSING, measurements: '2085cfd3-7f59-4dbd-a534-ae7fe0d3c19a' });
    seen.length = 0;
    const run = captureIo(dir, { CI: 'true' });
    expect(await main(['run', '--target', proxy.url, '--profile', file, '--out', path.join(dir, 'reports')], run.io)).toBe(2);
    expect(run.stderr()).toBe(
      `profile "wrong" names a resource the target does not have (check --profile FILE --target URL verifies a profile): resources.courses (${MISSING}): ` +
        `datastore_search answered 404 Not Found Error: Not found: Resource "${MISSING}" was not found. (E_PROFILE_INVALID)\n`,
    );
    const asked = seen.filter((url) => url.includes('datastore_search'));
    expect(seen.some((url) => url.includes('status_show'))).toBe(true);
    // one question per resource, and nothing after them
    expect(asked).toHaveLength(2);
  });

  it('runs on when every resource answers', async () => {
    const file = await profile('right', { courses: COURSES });
    const run = captureIo(dir, { CI: 'true' });
    const code = await main(
      ['run', '--target', proxy.url, '--profile', file, '--id', 'search/limit', '--report', 'json', '--out', path.join(dir, 'ok')],
      run.io,
    );
    expect([code, run.stderr()]).toEqual([0, '']);
  });

  it('still exits 3 when the target is down: the pre-flight of the target comes first', async () => {
    const file = await profile('down', { courses: COURSES });
    const gone = await serveOnFreePort(createServer((_request, response) => response.end()));
    await gone.close();
    const run = captureIo(dir, { CI: 'true' });
    expect(await main(['run', '--target', gone.url, '--profile', file, '--out', path.join(dir, 'down')], run.io)).toBe(3);
    expect(run.stderr()).not.toContain('E_PROFILE_INVALID');
  });

  it.each(RECORDED_RELEASES)("reads CKAN %s's recorded answer for a missing resource as missing, a refusal or an outage as no verdict", async (release) => {
    const recorded = readRecording(release, 'catalogue-reference').find(
      (exchange) => exchange.status === 404 && exchange.path.includes('datastore_search') && exchange.responseBody.includes(MISSING),
    );
    if (recorded === undefined) throw new Error(`CKAN ${release}'s recordings hold no answer for the missing resource ${MISSING}`);
    const refused = { error: { __type: 'Authorization Error', message: 'Access denied' }, success: false };
    const ckan = await serveOnFreePort(
      createServer((request, response) => {
        const chunks: Buffer[] = [];
        request.on('data', (chunk: Buffer) => chunks.push(chunk));
        request.on('end', () => {
          const id = String(JSON.parse(Buffer.concat(chunks).toString('utf8')).resource_id);
          const [status, body] = id === MISSING ? [404, recorded.responseBody] : id === 'private' ? [403, JSON.stringify(refused)] : [502, '{"oops":true}'];
          response.writeHead(status, { 'content-type': 'application/json' }).end(body);
        });
      }),
    );
    try {
      const client = createHttpClient({ timeoutMs: 5000, retries: 0 });
      const missing = await findMissingResources(client, { baseUrl: ckan.url, token: undefined }, { courses: MISSING, staff: 'private', other: 'down' });
      expect(missing.map((resource) => resource.name)).toEqual(['courses']);
      await client.close();
    } finally {
      await ckan.close();
    }
  });
});
