// Self-conformance on a real PostgreSQL server: the real catalogue (cases/) against the reference server running
// on the postgres engine passes every case, as it does on PGlite (test/e2e/catalogue.test.ts).
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveRunOptions, runCatalogue, startReferenceServer, type ReferenceServer, type RunResult } from '../../src/index.ts';
import { connectAdmin, dropOwnedDatabase } from '../../src/server/engines/postgres-load.ts';
import { makeTempDir, removeDir } from '../runner/helpers.ts';
import { describePostgresAvailability, sharedPostgres } from '../helpers/postgres.ts';
import { isCkanVersionReason } from '../helpers/ckan-version.ts';

const postgres = sharedPostgres();
// why: registered first at file level, so the cluster stops even when the suite's own cleanup fails
afterAll(() => postgres.stop());

describe.skipIf(!postgres.available)(`the catalogue against the reference server on ${describePostgresAvailability()}`, () => {
  const databaseName = postgres.uniqueDatabase();
  const token = 'catalogue-on-postgres';
  let server: ReferenceServer;
  let outDir: string;
  let result: RunResult;

  beforeAll(async () => {
    server = await startReferenceServer({ fixturesDir: 'fixtures', databaseUrl: await postgres.url(), databaseName, config: { apiTokens: [token] } });
    outDir = await makeTempDir('dsk-pg-self-');
    const options = resolveRunOptions({
      cwd: path.resolve('.'),
      target: { kind: 'url', url: server.url },
      profileFile: 'profiles/reference.yaml',
      contract: 'ckan',
      token,
      reportFormats: 'json',
      outDir,
    });
    ({ result } = await runCatalogue(options, { hostname: 'test' }));
  }, 180_000);

  afterAll(async () => {
    try {
      await server?.close();
    } finally {
      if (outDir !== undefined) await removeDir(outDir);
      const admin = await connectAdmin(await postgres.url(), 'test server');
      await dropOwnedDatabase(admin, databaseName).finally(() => admin.end());
    }
  });

  // why: cases the profile skips (known reference-server gaps) are skipped on every engine alike
  it('passes every case variant it runs: no fail, no error', () => {
    const failed = result.cases
      .filter((c) => c.status !== 'pass' && c.status !== 'skipped' && !(c.status === 'not-applicable' && isCkanVersionReason(c.reason)))
      .map((c) => `${c.id}: ${c.status} ${c.findings.map((f) => `${f.rule} ${f.message}`).join('; ')}${c.reason ?? ''}${c.error?.message ?? ''}`);
    expect(failed).toEqual([]);
    expect(result.summary.pass).toBeGreaterThanOrEqual(100);
  });
});
