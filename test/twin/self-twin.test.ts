// A twin of the reference server over the bundled fixtures must agree with it on every request: the mirror holds the
// same four tables (own ids, aliases, the private one with the token, every column type of the type samples, the
// timestamps' fractions read by SQL), and CKAN's answers on the same data are the same answers.
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReferenceServer } from '../../src/index.ts';
import { startServer, TOKEN } from '../diff/helpers.ts';
import { createWorkDir, ROOT, runTwin } from './helpers.ts';

let server: ReferenceServer;
let work: Awaited<ReturnType<typeof createWorkDir>>;

beforeAll(async () => {
  server = await startServer(path.join(ROOT, 'fixtures'));
  work = await createWorkDir();
});

afterAll(async () => {
  await server?.close();
  await work?.remove();
});

describe('twin of the reference server', { timeout: 600_000 }, () => {
  it('agrees on every catalogue case and generated request (exit 0), both classes passing', async () => {
    const args = [
      '--profile',
      'profiles/reference.yaml',
      '--token-env',
      'TOK',
      '--id',
      'search',
      '--id',
      'sql',
      '--generate',
      '150',
      '--seed',
      '9',
      '--timeout-ms',
      '120000',
    ];
    const { code, stdout, report } = await runTwin(server.url, args, path.join(work.dir, 'self'), { TOK: TOKEN });
    expect(stdout).toMatch(/✓ API description: conforms \(\d+ requests, 0 differences\)/);
    expect(code).toBe(0);
    expect(report?.summary).toMatchObject({ differ: 0, error: 0 });
    expect(report?.summary.total).toBeGreaterThan(150);
    expect(report?.verdicts.map((v) => [v.class, v.outcome, v.claimed])).toEqual([
      ['api', 'pass', true],
      ['ckan:2.11', 'pass', true],
    ]);
    expect(report?.target).toMatchObject({ claimsCkan: true, ckanRelease: '2.11.5' });
    const tables = report?.mirror.tables ?? [];
    expect(tables.map((t) => [t.name, t.rows, t.private, t.aliases])).toEqual([
      ['courses', 260, false, ['courses']],
      ['measurements', 180, false, ['measurements']],
      ['staff', 12, true, ['staff']],
      ['typeSamples', 5, false, []],
    ]);
    // every column mirrored as its own type, every row read by both paths
    for (const table of tables) {
      expect([table.asText, table.notCompared]).toEqual([[], []]);
      expect(table.paths).toContain('every row read again by datastore_search_sql, by _id range');
    }
    expect(report?.findings).toEqual([]);
  });

  it("sends the clients' own requests of an access log too: each distinct one once, an unknown resource counted and not sent", async () => {
    const courses = 'df356cc6-0e13-4ba8-bc98-c4706614881b';
    const unknown = '00000000-0000-4000-8000-0000000000aa';
    const line = (request: string): string => `203.0.113.9 - - [01/Dec/2026:10:00:00 +0000] "GET ${request} HTTP/1.1" 200 512 "-" "client/1.0"`;
    const requests = [
      `/api/3/action/datastore_search?resource_id=${courses}&q=physics&limit=5`,
      `/api/3/action/datastore_search?resource_id=${courses}&q=physics&limit=5`,
      `/fr/api/3/action/datastore_search?resource_id=${courses}&filters=${encodeURIComponent('{"stage":"Advanced"}')}&sort=title`,
      `/api/action/datastore_search?resource_id=${courses}&offset=250&limit=20&token=abc123secret`,
      `/api/3/action/datastore_search?resource_id=${unknown}&limit=1`,
      '/dataset/some-page',
    ];
    const log = path.join(work.dir, 'access.log');
    await writeFile(log, `${requests.map(line).join('\n')}\n`);
    const args = [
      '--profile',
      'profiles/reference.yaml',
      '--token-env',
      'TOK',
      '--no-catalogue',
      '--generate',
      '0',
      '--requests',
      log,
      '--timeout-ms',
      '120000',
    ];
    const { code, stdout, report } = await runTwin(server.url, args, path.join(work.dir, 'traffic'), { TOK: TOKEN });
    expect(code, stdout).toBe(0);
    expect(report?.summary).toMatchObject({ total: 3, differ: 0, error: 0 });
    expect(report?.requests).toMatchObject({ format: 'access-log', entries: 6, requests: 5, unique: 4, sent: 3, secretsDropped: 1 });
    expect(report?.requests?.missingResources).toEqual([{ id: unknown, requests: 1, missingOn: expect.arrayContaining(['B']) }]);
    expect(stdout).toContain(`Requests from ${log} (access-log): 6 entries, 5 read action calls, 4 distinct; 3 sent to both targets`);
    expect(stdout).not.toContain('abc123secret');
  });
});
