// The front door `run` has, for extracts: a target that is down or is not CKAN's action API is one line and exit 3
// before anything is written, with the base URL it should be; a 403 says what to do about the token.
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../src/cli/main.ts';
import { startReferenceServer, type ReferenceServer } from '../../src/index.ts';
import { captureIo } from '../helpers/captured-io.ts';
import { serveOnFreePort } from '../helpers/http-server.ts';

let server: ReferenceServer;
let dir: string;

beforeAll(async () => {
  server = await startReferenceServer({ fixturesDir: 'fixtures', port: 0 });
  dir = await mkdtemp(join(tmpdir(), 'dsk-front-door-'));
});

afterAll(async () => {
  await server.close();
  await rm(dir, { recursive: true, force: true });
});

async function extractFrom(target: string, ...flags: string[]): Promise<{ code: number; stderr: string }> {
  const run = captureIo(dir, { CI: 'true' });
  const code = await main(['extract', '--target', target, '--out', join(dir, 'out', 'x.csv'), ...flags], run.io);
  return { code, stderr: run.stderr() };
}

describe('extract pre-flight', () => {
  it('exits 3 for a target that is down, in one line, writing nothing', async () => {
    const closed = await serveOnFreePort(createServer());
    await closed.close();
    const { code, stderr } = await extractFrom(closed.url, '--resource', 'courses');
    expect(code).toBe(3);
    expect(stderr.trim().split('\n')).toHaveLength(1);
    expect(stderr).toMatch(/target http:\/\/127\.0\.0\.1:\d+ is unreachable: .*ECONNREFUSED.*\(E_UNREACHABLE\)/);
    expect(await readdir(join(dir, 'out')).catch(() => [])).toEqual([]);
  });

  it('exits 3 for a base URL that is not the action API, saying what it should be', async () => {
    const { code, stderr } = await extractFrom(`${server.url}/api/3/action`, '--resource', 'courses');
    expect(code).toBe(3);
    expect(stderr).toContain('is not a CKAN action API');
    expect(stderr).toContain(server.url);
    expect(stderr).toContain('(E_NOT_CKAN)');
  });

  it('exits 3 for a job whose every target is down', async () => {
    const closed = await serveOnFreePort(createServer());
    await closed.close();
    const file = join(dir, 'down.yaml');
    await writeFile(file, [`target: ${closed.url}`, 'extracts:', '  - { name: a, resource: courses, out: a.csv }', ''].join('\n'));
    const run = captureIo(dir, { CI: 'true' });
    expect(await main(['extract', '--job', file], run.io)).toBe(3);
    expect(run.stderr()).toContain('is unreachable');
  });

  it('hints at a token when the resource is refused (403)', async () => {
    const { code, stderr } = await extractFrom(server.url, '--resource', 'staff');
    expect(code).toBe(1);
    expect(stderr).toContain('403 Access denied');
    expect(stderr).toContain('the resource may be private: give a token that may read it with --token-env NAME or --token-file FILE');
  });
});
