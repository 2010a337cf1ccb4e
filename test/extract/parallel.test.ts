// extract --parallel against the reference server over HTTP: _id ranges read concurrently give the very file a
// sequential read gives (resource and SQL extracts, dense and sparse ids; by SQL, and by CKAN 2.12's next_page
// with csv records), and a resume continues it.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { extract, startReferenceServer, type ExtractOptions, type ReferenceServer } from '../../src/index.ts';
import { startProxy } from './proxy.ts';

let server: ReferenceServer;
let proxy: Awaited<ReturnType<typeof startProxy>>;
let server212: ReferenceServer;
let proxy212: Awaited<ReturnType<typeof startProxy>>;
let dir: string;

beforeAll(async () => {
  server = await startReferenceServer({ fixturesDir: 'fixtures', port: 0 });
  server212 = await startReferenceServer({ fixturesDir: 'fixtures', port: 0, config: { ckanVersion: '2.12' } });
  // why: a server answering one request at a time would hide whether requests overlap; the proxy sees them
  proxy = await startProxy(server.url, { intercept: () => undefined });
  proxy212 = await startProxy(server212.url, { intercept: () => undefined });
  dir = await mkdtemp(join(tmpdir(), 'dsk-parallel-'));
});

afterAll(async () => {
  await proxy?.close();
  await proxy212?.close();
  await server?.close();
  await server212?.close();
  await rm(dir, { recursive: true, force: true });
});

type What = Pick<ExtractOptions, 'resource' | 'sql' | 'filters'>;

async function extractTo(
  name: string,
  what: What,
  settings: { parallel?: number; pageSize: number; target?: string },
): Promise<{ text: string; manifest: Awaited<ReturnType<typeof extract>> }> {
  const out = join(dir, name);
  const { target = proxy.url, ...rest } = settings;
  const manifest = await extract({ source: { target }, ...what, format: 'csv', dump: false, out, ...rest });
  return { text: await readFile(out, 'utf8'), manifest };
}

describe('extract --parallel', () => {
  const filtered: What = { resource: 'courses', filters: { stage: ['Advanced', 'Introductory'] } };
  const cases: [string, 'sql-keyset' | 'next-page', What][] = [
    ['a whole resource', 'sql-keyset', { resource: 'courses' }],
    ['a filtered resource', 'sql-keyset', filtered],
    ['an SQL query with sparse ids', 'sql-keyset', { sql: 'SELECT "_id", "title", "credits" FROM "courses" WHERE "_id" % 7 = 0 OR "_id" > 250' }],
    // why: CKAN 2.12 with csv records: ranges by the filter `"_id": {"gt": a, "lte": b}`
    ['a whole resource', 'next-page', { resource: 'courses' }],
    ['a filtered resource (sparse ids)', 'next-page', filtered],
  ];

  it.each(cases)('writes %s by %s exactly as a sequential read does, with requests in flight at once', async (label, method, what) => {
    const via = method === 'next-page' ? proxy212 : proxy;
    const name = `${method}-${label.replaceAll(' ', '-')}`;
    const sequential = await extractTo(`${name}-1.csv`, what, { pageSize: 6, target: via.url });
    via.takeMaxInFlight();
    const parallel = await extractTo(`${name}-4.csv`, what, { pageSize: 6, parallel: 4, target: via.url });
    expect(via.takeMaxInFlight()).toBeGreaterThanOrEqual(3);
    expect([sequential.manifest.paging.method, parallel.manifest.paging.method]).toEqual([method, method]);
    expect(parallel.manifest.rows).toBe(sequential.manifest.rows);
    expect(parallel.manifest.rows).toBeGreaterThan(12);
    expect(parallel.text).toBe(sequential.text);
    expect(parallel.manifest.output.sha256).toBe(sequential.manifest.output.sha256);
  });

  it.each([
    ['sql-keyset', () => proxy.url],
    ['next-page', () => proxy212.url],
  ] as const)('continues an interrupted parallel extract (%s) with --resume to the same file', async (method, target) => {
    const what: What = { resource: 'courses' };
    const whole = await extractTo(`${method}-whole.csv`, what, { pageSize: 10, target: target() });
    const out = join(dir, `${method}-interrupted.csv`);
    const options: ExtractOptions = { source: { target: target() }, ...what, format: 'csv', dump: false, out, pageSize: 10, parallel: 3 };
    const stop = {
      onPage: ({ rows }: { rows: number }) => {
        if (rows >= 60) throw new Error('stopped on purpose');
      },
    };
    await expect(extract(options, { listener: stop })).rejects.toThrow(/stopped on purpose.*--resume/);
    const manifest = await extract({ ...options, resume: true });
    expect(manifest.resumed).toBe(true);
    expect(manifest.paging.method).toBe(method);
    expect(await readFile(out, 'utf8')).toBe(whole.text);
  });

  it('reads one page at a time, with a warning, where paging is not by SQL keyset', async () => {
    const warnings: string[] = [];
    const out = join(dir, 'offset.csv');
    const manifest = await extract(
      { source: { target: proxy.url }, sql: 'SELECT "title" FROM "courses" ORDER BY "title"', format: 'csv', dump: false, out, pageSize: 50, parallel: 4 },
      { listener: { onWarning: (message) => warnings.push(message) } },
    );
    expect(manifest.paging.method).toBe('sql-offset');
    expect(warnings.join('\n')).toContain('--parallel 4 applies to keyset paging (sql-keyset, next-page) and dump slices only');
  });
});
