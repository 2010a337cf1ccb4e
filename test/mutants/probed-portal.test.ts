// Issue 29's "done when" for probe on other data: a generated deployment of 21 tables of mixed shapes (a large
// two-column log, lookups, numeric-only and text-only tables, one rich table, a private one), probed with the
// token; the run with that profile applies at least 80% of the variants, and the mutant suite, run with the probed
// profile against proxies in front of that deployment, is caught at least 95% of the time.
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../src/cli/main.ts';
import { startReferenceServer, type ReferenceServer, type RunResult } from '../../src/index.ts';
import { createHttpClient, type HttpClient } from '../../src/http/index.ts';
import { prepareCatalogue } from '../../src/runner/index.ts';
import { captureIo } from '../helpers/captured-io.ts';
import { countOtherVersionCases, isCkanVersionReason } from '../helpers/ckan-version.ts';
import { createPortal, PORTAL_TOKEN, PRIVATE_ID, RICH_ID } from '../probe/portal-data.ts';
import { writeScenarioFixtures } from '../search/scenario-fixtures.ts';
import type { Mutant } from './mutant.ts';
import { DATA_MUTANTS } from './mutants-data.ts';
import { ORDER_MUTANTS } from './mutants-order.ts';
import { SEARCH_MUTANTS } from './mutants-search.ts';
import { createSqlAuthMutants } from './mutants-sql-auth.ts';
import { VARIANT_MUTANTS } from './mutants-variants.ts';
import { createUpstream } from './proxy.ts';
import { killers, runMutants } from './score.ts';

const ROOT = path.resolve('.');
const MUTANTS: readonly Mutant[] = [...SEARCH_MUTANTS, ...ORDER_MUTANTS, ...VARIANT_MUTANTS, ...DATA_MUTANTS, ...createSqlAuthMutants({ token: PORTAL_TOKEN })];
let dir: string;
let portal: ReferenceServer;
let client: HttpClient;
let profile: string;
let profileText: string;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'dsk-portal-'));
  await writeScenarioFixtures(path.join(dir, 'fixtures'), createPortal());
  portal = await startReferenceServer({ fixturesDir: path.join(dir, 'fixtures'), port: 0, config: { apiTokens: [PORTAL_TOKEN] } });
  client = createHttpClient({ timeoutMs: 60_000, retries: 0, concurrency: 32 });
  const tokenFile = path.join(dir, 'token');
  await writeFile(tokenFile, PORTAL_TOKEN);
  profile = path.join(dir, 'portal.yaml');
  const code = await main(['probe', '--target', portal.url, '--token-file', tokenFile, '--out', profile], captureIo(ROOT).io);
  expect(code).toBe(0);
  profileText = await readFile(profile, 'utf8');
}, 180_000);

afterAll(async () => {
  await client?.close();
  await portal?.close();
  if (dir !== undefined) await rm(dir, { recursive: true, force: true });
});

describe('probe on a deployment of 21 tables of mixed shapes', () => {
  it('examines every table and takes the rich one for courses (not the largest) and the private one for staff', () => {
    expect(profileText).toMatch(/^# Resources from: _table_metadata \(21 tables\), 21 examined$/m);
    expect(profileText).toContain(`  courses: ${RICH_ID} #`);
    expect(profileText).toContain(`  staff: ${PRIVATE_ID} # private`);
  });

  it('writes a profile with which the run passes and applies at least 80% of the variants', async () => {
    const out = path.join(dir, 'run');
    const captured = captureIo(ROOT, { PORTAL_TOKEN });
    const code = await main(
      ['run', '--target', portal.url, '--profile', profile, '--token-env', 'PORTAL_TOKEN', '--report', 'json', '--out', out],
      captured.io,
    );
    const report: { cases: { id: string; status: string; reason?: string }[] } = JSON.parse(await readFile(path.join(out, 'report.json'), 'utf8'));
    expect(report.cases.filter((c) => c.status === 'fail' || c.status === 'error').map((c) => c.id)).toEqual([]);
    expect(code).toBe(0);
    const counted = report.cases.length - countOtherVersionCases(report.cases);
    const applied = report.cases.filter((c) => c.status !== 'not-applicable' && !isCkanVersionReason(c.reason)).length;
    process.stdout.write(`probed portal: ${applied} of ${counted} variants applied (other CKAN versions' cases left out)\n`);
    expect(applied / counted).toBeGreaterThanOrEqual(0.8);
  }, 180_000);

  it('catches at least 95% of the mutant suite with the probed profile', async () => {
    const prepared = await prepareCatalogue({ cwd: ROOT, casesDir: 'cases', profileFile: profile }, {});
    const outcomes: Map<string, RunResult> = await runMutants(MUTANTS, prepared.variants, {
      upstream: createUpstream(portal.url).upstream,
      client,
      token: PORTAL_TOKEN,
      concurrency: 4,
    });
    const escaping = MUTANTS.filter((m) => killers(m, outcomes.get(m.name), true).length === 0).map((m) => m.name);
    const killed = MUTANTS.length - escaping.length;
    process.stdout.write(`probed portal mutation score: ${killed}/${MUTANTS.length}${escaping.length > 0 ? ` (escaping: ${escaping.join(', ')})` : ''}\n`);
    expect(killed / MUTANTS.length).toBeGreaterThanOrEqual(0.95);
  }, 300_000);
});
