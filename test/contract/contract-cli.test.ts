// `datastore-kit contract FILE...` in process (main + captured streams): per-file findings with pointers, the
// version named or inferred, exit codes 0/1/2, stdin; and auto naming the version of the reference server's answers.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../src/cli/main.ts';
import { createHttpClient, type HttpClient } from '../../src/http/index.ts';
import { startReferenceServer, type ReferenceServer } from '../../src/server/index.ts';
import { captureIo } from '../helpers/captured-io.ts';
import { genuineSearch, genuineSql, TRAFFIC } from './genuine.ts';

let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'dk-contract-'));
  const write = (name: string, body: unknown): Promise<void> => writeFile(path.join(dir, name), typeof body === 'string' ? body : JSON.stringify(body));
  await write('search-28.json', genuineSearch('2.8', { params: { resource_id: TRAFFIC } }));
  await write('search-211.json', genuineSearch('2.11', { params: { resource_id: TRAFFIC, limit: 2 } }));
  await write('sql-210.json', genuineSql('2.10'));
  await write('broken.json', { ...genuineSearch('2.11', { params: { resource_id: TRAFFIC, limit: 2 } }), success: 'yes' });
  await write('not-json.json', '<html>Not Found</html>');
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function contract(args: string[], stdin?: string): Promise<{ code: number; stdout: string; stderr: string }> {
  const captured = captureIo(dir);
  const io = stdin === undefined ? captured.io : { ...captured.io, readStdin: () => Promise.resolve(stdin) };
  const code = await main(['contract', ...args], io);
  return { code, stdout: captured.stdout(), stderr: captured.stderr() };
}

describe('datastore-kit contract', () => {
  it("exits 0 when every body keeps the named version's contract", async () => {
    expect(await contract(['search-211.json', '--ckan-version', '2.11'])).toEqual({
      code: 0,
      stdout: 'CKAN 2.11 (--ckan-version 2.11)\nsearch-211.json (datastore_search, 200): keeps the contract\n',
      stderr: '',
    });
  });

  it('exits 1 and prints each finding with its JSON pointer, per file', async () => {
    const { code, stdout } = await contract(['search-28.json', 'broken.json', '--ckan-version', '2.11']);
    expect(code).toBe(1);
    expect(stdout).toContain('search-28.json (datastore_search, 200): 1 finding\n  /result: must have required property');
    expect(stdout).toContain('broken.json (datastore_search, 200): 1 finding\n  /success: must be true [contract.ckan]\n');
  });

  it('with auto, names the version the bodies show and why', async () => {
    const { code, stdout } = await contract(['search-28.json', '--ckan-version', 'auto']);
    expect(code).toBe(0);
    expect(stdout.split('\n')[0]).toBe(
      'CKAN 2.8 (from markers: datastore_search has _links (≤2.11); datastore_search has _links but no total_estimation_threshold (2.8); datastore_search does not echo limit (2.8))',
    );
  });

  it('with auto, says what it cannot tell and checks against every version still possible', async () => {
    const { code, stdout } = await contract(['sql-210.json', '--ckan-version', 'auto']);
    expect(code).toBe(0);
    expect(stdout.split('\n')[0]).toBe(
      'CKAN version unknown: the responses fit ≤2.10: datastore_search_sql renders numeric "avg" as a string (≤2.10); checked against 2.8, 2.9, 2.10 (a body passes when it keeps one of them)',
    );
  });

  it('reads - from stdin', async () => {
    const body = JSON.stringify(genuineSql('2.11'));
    expect(await contract(['-', '--action', 'datastore_search_sql'], body)).toMatchObject({
      code: 0,
      stdout: expect.stringContaining('stdin (datastore_search_sql, 200): keeps the contract'),
    });
  });

  it('exits 2 with one line per unreadable file, and still checks the others', async () => {
    const { code, stdout, stderr } = await contract(['missing.json', 'not-json.json', 'search-211.json']);
    expect(code).toBe(2);
    expect(stderr.trim().split('\n')).toEqual([
      'datastore-kit: missing.json: no such file',
      expect.stringMatching(/^datastore-kit: not-json\.json: not JSON: /),
    ]);
    expect(stdout).toContain('search-211.json (datastore_search, 200): keeps the contract');
  });

  it('exits 2 for a body that names no action when --action is not given', async () => {
    const { code, stderr } = await contract(['-'], '{"result": {}}');
    expect(code).toBe(2);
    expect(stderr).toBe('datastore-kit: -: names no action (no help_show?name=... in "help"); pass --action\n');
  });
});

describe("contract --ckan-version auto on the reference server's answers", () => {
  const books = '0b6d1a52-3f1e-4c4a-9d7e-2f5c8a1e6b01';
  let client: HttpClient;

  beforeAll(() => {
    client = createHttpClient({ timeoutMs: 60_000 });
  });

  afterAll(async () => {
    await client?.close();
  });

  /** Records three answers of the server run as `version` (no status_show) and asks `contract --ckan-version auto`. */
  async function inferFromServer(version: '2.9' | '2.10' | '2.11' | '2.12'): Promise<{ code: number; first: string }> {
    const server: ReferenceServer = await startReferenceServer({ fixturesDir: path.join(import.meta.dirname, 'fixtures'), config: { ckanVersion: version } });
    try {
      const get = async (action: string, query: string): Promise<string> =>
        (await client.send({ method: 'GET', url: `${server.url}/api/3/action/${action}?${query}` })).body;
      const files: Record<string, string> = {
        [`search-${version}.json`]: await get('datastore_search', `resource_id=${books}&limit=2`),
        [`sql-${version}.json`]: await get('datastore_search_sql', `sql=${encodeURIComponent(`SELECT avg("the year")::numeric AS mean FROM "${books}"`)}`),
        [`sql-403-${version}.json`]: await get('datastore_search_sql', `sql=${encodeURIComponent('SELECT * FROM pg_roles')}`),
      };
      for (const [name, body] of Object.entries(files)) await writeFile(path.join(dir, name), body);
      const { code, stdout } = await contract([...Object.keys(files), '--ckan-version', 'auto']);
      return { code, first: stdout.split('\n')[0] ?? '' };
    } finally {
      await server.close();
    }
  }

  it.each(['2.9', '2.10', '2.11', '2.12'] as const)('names %s from a search, an SQL numeric and an SQL 403, and they keep its contract', async (version) => {
    const { code, first } = await inferFromServer(version);
    expect(first).toMatch(new RegExp(`^CKAN ${version.replace('.', '\\.')} \\(from markers: `));
    expect(code).toBe(0);
  });
});
