// A twin of the reference server over the bundled fixtures must agree with it on every request: the mirror holds the
// same four tables (own ids, aliases, the private one with the token, every column type of the type samples, the
// timestamps' fractions read by SQL), and CKAN's answers on the same data are the same answers.
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
});
