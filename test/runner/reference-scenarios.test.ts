// Small scenario catalogues against the real reference server over HTTP: results, findings, statuses, exit codes.
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../src/cli/main.ts';
import { startReferenceServer, type ReferenceServer, type RunResult } from '../../src/index.ts';
import { createCapturedIo, makeTempDir, removeDir, writeJsonFiles } from './helpers.ts';

const TOKEN = 'ref-token-2b7d41c9';
const PROFILE = path.resolve('profiles/reference.yaml');

const base = { class: 'search.core', spec: ['api.md#4.1'] };
const scenario = {
  'cases/search.json': {
    cases: [
      {
        ...base,
        id: 'search/limit',
        title: 'limit caps the records',
        request: { action: 'datastore_search', params: { resource_id: '${resources.courses}', limit: 5 } },
        expect: { status: 200, success: true, records: { count: 5, atMostLimit: true, every: [{ field: 'title', notNull: true }] } },
        expectOnFixtures: { total: 260 },
      },
      {
        ...base,
        id: 'search/limit-wrong',
        title: 'a wrong expectation fails',
        request: { action: 'datastore_search', params: { resource_id: '${resources.courses}', limit: 5 } },
        expect: { records: { count: 6 } },
      },
      {
        ...base,
        id: 'search/filters',
        class: 'filters',
        title: 'filters keep matching records',
        request: { action: 'datastore_search', params: { resource_id: '${resources.courses}', filters: { stage: '${values.categoryValue}' } } },
        expect: { success: true, records: { min: 1, every: [{ field: '${values.categoryField}', equals: '${values.categoryValue}' }] } },
      },
      {
        ...base,
        id: 'search/variants',
        title: 'methods and paths agree',
        request: { action: 'datastore_search', params: { resource_id: '${resources.courses}', limit: 3, sort: '_id' } },
        variants: { method: ['POST', 'GET'], apiPath: ['/api/action', '/api/3/action'] },
        expect: { success: true, records: { count: 3 } },
      },
      {
        ...base,
        id: 'search/private',
        class: 'auth',
        title: 'the token reads a private resource',
        needs: ['private', 'token'],
        request: { action: 'datastore_search', params: { resource_id: '${resources.staff}', limit: 1 } },
        expect: { success: true, records: { count: 1 } },
      },
      {
        ...base,
        id: 'search/needs-more',
        title: 'needs a capability the target lacks',
        needs: ['ckan-2.12'],
        request: { action: 'datastore_search', params: { resource_id: '${resources.courses}' } },
        expect: { success: true },
      },
      {
        ...base,
        id: 'search/skipped',
        title: 'skipped on purpose',
        skip: 'waiting for a fix',
        request: { action: 'datastore_search', params: { resource_id: '${resources.courses}' } },
        expect: { success: true },
      },
    ],
  },
};

let server: ReferenceServer;
let dir: string;

beforeAll(async () => {
  server = await startReferenceServer({ fixturesDir: path.resolve('fixtures'), port: 0, config: { apiTokens: [TOKEN] } });
  dir = await makeTempDir();
  await writeJsonFiles(dir, scenario);
});

afterAll(async () => {
  await server?.close();
  if (dir !== undefined) await removeDir(dir);
});

async function runScenario(args: string[]): Promise<{ code: number; report: RunResult; out: string }> {
  const { io, stdout, stderr } = createCapturedIo(dir, { DATASTORE_KIT_TOKEN: TOKEN });
  const code = await main(['run', '--target', server.url, '--profile', PROFILE, '--contract', 'ckan', '--report', 'json', ...args], io);
  const report = JSON.parse(await readFile(path.join(dir, 'reports', 'report.json'), 'utf8')) as RunResult;
  return { code, report, out: stdout() + stderr() };
}

describe('a scenario catalogue against the reference server', () => {
  it('gives each case variant its status, and exit 1 for the wrong expectation', async () => {
    const { code, report, out } = await runScenario([]);
    const statuses = Object.fromEntries(report.cases.map((c) => [c.id, c.status]));
    expect(statuses).toEqual({
      'search/limit': 'pass',
      'search/limit-wrong': 'fail',
      'search/filters': 'pass',
      'search/variants [POST - /api/action]': 'pass',
      'search/variants [POST - /api/3/action]': 'pass',
      'search/variants [GET - /api/action]': 'pass',
      'search/variants [GET - /api/3/action]': 'pass',
      'search/private': 'pass',
      'search/needs-more': 'not-applicable',
      'search/skipped': 'skipped',
    });
    expect(code).toBe(1);
    const wrong = report.cases.find((c) => c.id === 'search/limit-wrong');
    expect(wrong?.findings).toEqual([{ rule: 'records.count', path: '/result/records', message: 'expected 6 records, got 5', expected: 6, actual: 5 }]);
    expect(report.cases.find((c) => c.id === 'search/needs-more')?.reason).toMatch(/ckan-2\.12/);
    expect(report.cases.find((c) => c.id === 'search/skipped')?.reason).toBe('waiting for a fix');
    expect(report.byClass['auth']).toMatchObject({ total: 1, pass: 1 });
    expect(out).toContain('search/limit-wrong');
    expect(out).not.toContain(TOKEN);
  });

  it('exits 0 when every selected case passes', async () => {
    const { code, report } = await runScenario(['--id', 'search/limit', '--id', 'search/variants']);
    expect(code).toBe(0);
    expect(report.summary).toMatchObject({ total: 5, pass: 5 });
  });

  it('records the exchange of each variant with a redacted curl', async () => {
    const { report } = await runScenario(['--id', 'search/variants']);
    const get = report.cases.find((c) => c.id === 'search/variants [GET - /api/3/action]');
    expect(get?.exchange?.request.url).toBe(`${server.url}/api/3/action/datastore_search?resource_id=df356cc6-0e13-4ba8-bc98-c4706614881b&limit=3&sort=_id`);
    expect(get?.exchange?.response?.status).toBe(200);
    expect(get?.exchange?.curl).toContain('authorization: ***');
  });
});

describe('what applies to the target', () => {
  it('exits 2 with a hint when no case applies (no profile names the resources)', async () => {
    const { io, stdout, stderr } = createCapturedIo(dir, {});
    const code = await main(['run', '--target', server.url, '--report', 'json'], io);
    expect(code).toBe(2);
    expect(stderr()).toMatch(
      /none of the 10 selected case variants applies to this target \(e\.g\. profile "default" has no \$\{resources\.courses\}\); pass --profile FILE/,
    );
    expect(stdout()).not.toMatch(/passed/);
  });

  it('reports cases that need a token as not applicable, saying how to give one, when none was given', async () => {
    const { io } = createCapturedIo(dir, {});
    const code = await main(['run', '--target', server.url, '--profile', PROFILE, '--report', 'json', '--id', 'search/private', '--id', 'search/limit'], io);
    const report = JSON.parse(await readFile(path.join(dir, 'reports', 'report.json'), 'utf8')) as RunResult;
    expect(code).toBe(0);
    const privateCase = report.cases.find((c) => c.id === 'search/private');
    expect(privateCase?.status).toBe('not-applicable');
    expect(privateCase?.reason).toMatch(/needs an API token and none was given \(--token-env NAME, --token-file FILE, DATASTORE_KIT_TOKEN/);
  });

  it('runs the invariants but not the fixture-exact checks against other data, and says so', async () => {
    const other = path.join(dir, 'other.yaml');
    const profile = (await readFile(PROFILE, 'utf8')).replace(/^name: .*$/m, 'name: other').replace(/^data: fixtures$/m, 'data: other');
    await writeFile(other, profile);
    await writeJsonFiles(dir, {
      'cases/fixture-only.json': {
        cases: [
          {
            ...base,
            id: 'fixtures/only',
            title: 'checks only fixture data',
            request: { action: 'datastore_search', params: { resource_id: '${resources.courses}' } },
            expect: { status: 200 },
            expectOnFixtures: { total: 260 },
          },
        ],
      },
    });
    const { io } = createCapturedIo(dir, { DATASTORE_KIT_TOKEN: TOKEN });
    const code = await main(['run', '--target', server.url, '--profile', other, '--report', 'json', '--id', 'search/limit', '--id', 'fixtures/only'], io);
    const report = JSON.parse(await readFile(path.join(dir, 'reports', 'report.json'), 'utf8')) as RunResult;
    expect(code).toBe(0);
    const limit = report.cases.find((c) => c.id === 'search/limit');
    expect(limit).toMatchObject({
      status: 'pass',
      reason: expect.stringMatching(/^fixture-exact checks not applicable: profile "other" does not serve the bundled fixtures/),
    });
    expect(report.cases.find((c) => c.id === 'fixtures/only')).toMatchObject({ status: 'not-applicable' });
  });
});
