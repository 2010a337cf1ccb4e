// The twin's guards, against the reference server behind proxies that plant what would make a wrong oracle: pages
// that overlap and a total no second path confirms stop the run (exit 3); a total the SQL path contradicts, and a
// value the two read paths give differently, are found and reported while the mirror keeps the table's rows; a
// table over the row cap is left out with its reason.
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { twinTarget } from '../../src/api/twin.ts';
import { resolveTwinOptions } from '../../src/api/twin-options.ts';
import type { ReferenceServer } from '../../src/index.ts';
import { isPlainObject } from '../../src/util/json.ts';
import { startServer, TOKEN } from '../diff/helpers.ts';
import { alterParams, alterResult, readInt, type Params } from '../mutants/alter.ts';
import { createUpstream, startMutantProxy, type MutantHandler, type MutantServer } from '../mutants/proxy.ts';
import { createWorkDir, ROOT, runTwin, writeProfile } from './helpers.ts';

const COURSES = 'df356cc6-0e13-4ba8-bc98-c4706614881b';
const profileOf = (capabilities: string) => `name: guarded\ndata: other\ncapabilities: [${capabilities}]\nresources:\n  courses: ${COURSES}\n`;

let server: ReferenceServer;
let work: Awaited<ReturnType<typeof createWorkDir>>;
const proxies: MutantServer[] = [];

beforeAll(async () => {
  server = await startServer(path.join(ROOT, 'fixtures'));
  work = await createWorkDir();
});

afterAll(async () => {
  await Promise.all(proxies.map((proxy) => proxy.close()));
  await server?.close();
  await work?.remove();
});

async function proxy(handler: MutantHandler): Promise<string> {
  const started = await startMutantProxy(handler, createUpstream(server.url).upstream);
  proxies.push(started);
  return started.url;
}

/** The twin through its API, pages of `pageSize` rows, 30 generated requests and no catalogue. */
async function twin(url: string, capabilities: string, pageSize = 10_000) {
  const profileFile = await writeProfile(work.dir, `p${proxies.length}`, profileOf(capabilities));
  const options = resolveTwinOptions({
    run: { cwd: ROOT, target: { kind: 'url', url }, profileFile, token: TOKEN, outDir: path.join(work.dir, `out${proxies.length}`) },
    catalogue: false,
    generate: 30,
    seed: 4,
    pageSize,
    reportFormats: ['json'],
  });
  return twinTarget(options);
}

/** The answer of a search for the whole table (a page of the mirror's read, or its first request), altered. */
const onTablePages = (alter: (result: Record<string, unknown>, params: Params) => Record<string, unknown>): MutantHandler =>
  alterResult('datastore_search', (result, request) => {
    const params = request.method === 'GET' ? Object.fromEntries(new URLSearchParams(request.search)) : JSON.parse(request.body);
    return isPlainObject(params) && params['filters'] === undefined && params['q'] === undefined ? alter(result, params) : result;
  });

// why: each twin run starts a reference server for its mirror (seconds each on a loaded machine)
describe('twin guards', { timeout: 300_000 }, () => {
  it('stops when its offset pages overlap: the rows read would not be the table (exit 3)', async () => {
    const url = await proxy(alterParams('datastore_search', (params) => ({ ...params, offset: Math.max(0, (readInt(params['offset']) ?? 0) - 5) })));
    await expect(twin(url, 'offset, sort, sql', 100)).rejects.toMatchObject({ exitCode: 3, message: expect.stringMatching(/came twice while paging/) });
  });

  it('stops when the total says more rows than its pages gave and no second path settles it', async () => {
    const url = await proxy(onTablePages((result) => ({ ...result, total: 300 })));
    await expect(twin(url, 'offset, sort, total')).rejects.toMatchObject({
      exitCode: 3,
      message: expect.stringMatching(/pages gave 260 rows but its total says 300, and no second path/),
    });
  });

  it('reports a total the SQL path contradicts as a fault, and mirrors the table', async () => {
    const url = await proxy(onTablePages((result) => ({ ...result, total: 300 })));
    const { report, passed } = await twin(url, 'offset, sort, total, sql');
    expect(passed).toBe(false);
    expect(report.findings).toContainEqual({
      table: 'courses',
      clause: 'ckan-datastore.md#3.10',
      message: 'total says 300 but its pages hold 260 rows, each _id once',
    });
    expect(report.mirror.tables[0]?.rows).toBe(260);
  });

  it('finds a value the two read paths give differently, and keeps the table value in the mirror', async () => {
    const mangled = alterResult('datastore_search', (result) => {
      const records = Array.isArray(result['records']) ? result['records'] : [];
      return { ...result, records: records.map((r) => (isPlainObject(r) && r['_id'] === 3 ? { ...r, title: 'Mangled' } : r)) };
    });
    const { report, passed } = await twin(await proxy(mangled), 'offset, sort, sql');
    expect(passed).toBe(false);
    expect(report.findings.map((f) => f.message)).toContainEqual(
      expect.stringMatching(/^_id 3 "title": datastore_search gives "Mangled", datastore_search_sql "Principles/),
    );
    // the mirror holds the SQL value, so the searches that show row 3 are the failures
    expect(report.failures.some((f) => f.category === 'values' && /_id=3/.test(f.reason))).toBe(true);
  });

  it('leaves out a table over --max-rows with its reason, and stops when none is left', async () => {
    const profile = await writeProfile(work.dir, 'capped', profileOf('offset, sort'));
    const { code, stderr } = await runTwin(
      server.url,
      ['--profile', profile, '--max-rows', '100', '--no-catalogue', '--generate', '5', '--seed', '1'],
      path.join(work.dir, 'capped'),
    );
    expect(code).toBe(3);
    expect(stderr).toMatch(
      /no table of the profile could be mirrored: resources.courses: 260 rows, more than --max-rows 100: not mirrored \(raise --max-rows to mirror it\)/,
    );
  });
});
