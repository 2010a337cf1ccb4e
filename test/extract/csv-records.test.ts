// CSV extracts from a CKAN 2.12 target (the reference server as 2.12, over HTTP): next_page keyset paging with
// records_format=csv is chosen over SQL pages, writes the very file JSON pages give, and a resumed extract keeps
// the paging method of its checkpoint.
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { extract, startReferenceServer, type ReferenceServer } from '../../src/index.ts';
import { startProxy } from './proxy.ts';

let server: ReferenceServer;
let noSqlServer: ReferenceServer;
let dir: string;

beforeAll(async () => {
  server = await startReferenceServer({ fixturesDir: 'fixtures', port: 0, config: { ckanVersion: '2.12' } });
  noSqlServer = await startReferenceServer({ fixturesDir: 'fixtures', port: 0, config: { ckanVersion: '2.12', sqlEnabled: false } });
  dir = await mkdtemp(join(tmpdir(), 'dsk-csv-records-'));
});

afterAll(async () => {
  await server?.close();
  await noSqlServer?.close();
  await rm(dir, { recursive: true, force: true });
});

/** Answers 409 to any request for csv records, as a target without them would. */
const refuseCsv = (_call: number, body: string) =>
  body.includes('"records_format":"csv"')
    ? { status: 409, body: JSON.stringify({ success: false, error: { __type: 'Validation Error', records_format: ['Value must be one of ...'] } }) }
    : undefined;

describe('csv extract from a CKAN 2.12 target', () => {
  it('pages by next_page with csv records, though the target has SQL', async () => {
    const bodies: string[] = [];
    const recording = await startProxy(server.url, { intercept: (_call, body) => void bodies.push(body) });
    try {
      const manifest = await extract({
        source: { target: recording.url },
        resource: 'courses',
        format: 'csv',
        dump: false,
        out: join(dir, 'courses.csv'),
        pageSize: 50,
      });
      expect(manifest.paging.method).toBe('next-page');
      expect(manifest.rows).toBe(260);
      const pages = bodies.filter((body) => body.includes('"limit":50'));
      expect(pages).toHaveLength(Math.ceil(261 / 50));
      expect(pages.every((body) => body.includes('"records_format":"csv"'))).toBe(true);
      // why: SQL is there (probed), yet no page was asked for by SQL
      expect(bodies.filter((body) => body.includes('"sql"'))).toEqual(['{"sql":"SELECT 1 AS \\"probe\\""}']);
    } finally {
      await recording.close();
    }
  });

  it.each([['csv'], ['tsv']] as const)('writes the %s file JSON pages give, byte for byte', async (format) => {
    const refusing = await startProxy(noSqlServer.url, { intercept: refuseCsv });
    try {
      const viaCsv = join(dir, `via-csv.${format}`);
      const viaObjects = join(dir, `via-objects.${format}`);
      const fields = ['_id', 'title', 'fee', 'tags', 'meta', 'online', 'updated'];
      const csvManifest = await extract({ source: { target: noSqlServer.url }, resource: 'courses', format, out: viaCsv, pageSize: 40, fields, dump: false });
      const objectsManifest = await extract({
        source: { target: refusing.url },
        resource: 'courses',
        format,
        out: viaObjects,
        pageSize: 40,
        fields,
        dump: false,
      });
      expect([csvManifest.paging.method, objectsManifest.paging.method]).toEqual(['next-page', 'next-page']);
      const text = await readFile(viaCsv, 'utf8');
      expect(text).toBe(await readFile(viaObjects, 'utf8'));
      expect(text.split('\n')).toHaveLength(262);
      // why: 2.12's datastore_search gives milliseconds (`.000`, `.250`); the file has them in datastore_search_sql's form
      expect(text).toMatch(/T02:50:50\.250000(\t|,|\n)/);
      expect(text).not.toMatch(/\.000(\t|,|\n)/);
    } finally {
      await refusing.close();
    }
  });

  it('reads by SQL pages, as before, from a target whose csv records fail (a 500)', async () => {
    const failing = await startProxy(server.url, {
      intercept: (_call, body) => (body.includes('"records_format":"csv"') ? { status: 500, body: 'Internal Server Error' } : undefined),
    });
    try {
      const manifest = await extract({
        source: { target: failing.url },
        resource: 'courses',
        format: 'csv',
        dump: false,
        out: join(dir, 'failing.csv'),
        pageSize: 100,
        http: { retries: 0 },
      });
      expect(manifest.paging.method).toBe('sql-keyset');
      expect(manifest.rows).toBe(260);
    } finally {
      await failing.close();
    }
  });

  it('keeps a filter on _id itself across pages, sequential and --parallel', async () => {
    const ids = [3, 4, 9, 10, 11, 40, 41, 42, 77, 120, 121, 122, 200, 201, 259, 260];
    const read = async (name: string, parallel: number) => {
      const out = join(dir, name);
      const manifest = await extract({
        source: { target: server.url },
        resource: 'courses',
        format: 'csv',
        dump: false,
        out,
        pageSize: 5,
        parallel,
        fields: ['_id'],
        filters: { _id: ids },
      });
      expect(manifest.paging.method).toBe('next-page');
      return (await readFile(out, 'utf8')).trim().split('\n').slice(1).map(Number);
    };
    expect(await read('by-id-1.csv', 1)).toEqual(ids);
    expect(await read('by-id-3.csv', 3)).toEqual(ids);
  });

  it('resumes an extract begun by SQL pages by SQL pages, to the file a whole SQL read gives', async () => {
    const refusing = await startProxy(server.url, { intercept: refuseCsv });
    try {
      const whole = join(dir, 'whole-sql.csv');
      expect(
        (await extract({ source: { target: refusing.url }, resource: 'courses', format: 'csv', dump: false, out: whole, pageSize: 30 })).paging.method,
      ).toBe('sql-keyset');
      const out = join(dir, 'resumed.csv');
      const stop = {
        onPage: ({ rows }: { rows: number }) => {
          if (rows >= 90) throw new Error('stopped on purpose');
        },
      };
      const options = { resource: 'courses', format: 'csv' as const, dump: false, out, pageSize: 30 };
      await expect(extract({ source: { target: refusing.url }, ...options }, { listener: stop })).rejects.toThrow(/stopped on purpose/);
      const resumed = await extract({ source: { target: server.url }, ...options, resume: true });
      expect(resumed.paging.method).toBe('sql-keyset');
      expect(resumed.resumed).toBe(true);
      expect(await readFile(out, 'utf8')).toBe(await readFile(whole, 'utf8'));
    } finally {
      await refusing.close();
    }
  });
});

describe('extract --dump', () => {
  it('reads a csv extract through the dump by default, and pages by the API where the target serves no dump or --no-dump says so', async () => {
    const noDump = await startProxy(noSqlServer.url, { intercept: () => undefined, route: (url) => (url.startsWith('/datastore/dump/') ? null : url) });
    try {
      const files = { byDefault: join(dir, 'default.csv'), without: join(dir, 'no-dump-route.csv'), refused: join(dir, 'no-dump-flag.csv') };
      const byDefault = await extract({ source: { target: noSqlServer.url }, resource: 'courses', format: 'csv', out: files.byDefault });
      const without = await extract({ source: { target: noDump.url }, resource: 'courses', format: 'csv', out: files.without });
      const refused = await extract({ source: { target: noSqlServer.url }, resource: 'courses', format: 'csv', out: files.refused, dump: false });
      expect([byDefault.paging.method, without.paging.method, refused.paging.method]).toEqual(['dump', 'next-page', 'next-page']);
      expect(byDefault.rows).toBe(260);
      expect(await readFile(files.without, 'utf8')).toBe(await readFile(files.byDefault, 'utf8'));
      expect(await readFile(files.refused, 'utf8')).toBe(await readFile(files.byDefault, 'utf8'));
      // why: jsonl has no dump (CSV only), nor has an incremental extract (it needs _id ranges)
      const jsonl = await extract({ source: { target: noSqlServer.url }, resource: 'courses', format: 'jsonl', out: join(dir, 'default.jsonl') });
      const incremental = await extract({
        source: { target: noSqlServer.url },
        resource: 'courses',
        format: 'csv',
        out: join(dir, 'inc.csv'),
        incremental: true,
      });
      expect([jsonl.paging.method, incremental.paging.method]).toEqual(['next-page', 'next-page']);
    } finally {
      await noDump.close();
    }
  });

  it.each([
    ['limit', "gave 260 rows for limit=100; this target's dump cannot be sliced: rerun with --no-dump"],
    ['offset', "or the target's dump ignores offset (rerun with --no-dump)"],
  ])('fails with one line naming --no-dump, writing nothing, against a dump that ignores %s', async (ignored, message) => {
    const careless = await startProxy(noSqlServer.url, {
      intercept: () => undefined,
      route: (url) => {
        if (!url.startsWith('/datastore/dump/')) return url;
        const parsed = new URL(url, 'http://x');
        // why: the plan's one-row check keeps its limit, so the dump is offered; the slices lose theirs
        if (parsed.searchParams.get('limit') !== '1') parsed.searchParams.delete(ignored);
        return `${parsed.pathname}${parsed.search}`;
      },
    });
    const out = join(dir, `careless-${ignored}.csv`);
    try {
      await expect(extract({ source: { target: careless.url }, resource: 'courses', format: 'csv', out, pageSize: 100, http: { retries: 0 } })).rejects.toThrow(
        message,
      );
      await expect(readFile(out)).rejects.toThrow(/ENOENT/);
    } finally {
      await careless.close();
    }
  });

  it.each([['csv'], ['tsv']] as const)('writes the %s file other pages give, byte for byte, from /datastore/dump slices', async (format) => {
    const viaDump = join(dir, `via-dump.${format}`);
    const viaPages = join(dir, `via-pages.${format}`);
    const fields = ['_id', 'title', 'fee', 'tags', 'meta', 'online', 'updated'];
    const dumped = await extract({ source: { target: noSqlServer.url }, resource: 'courses', format, out: viaDump, fields, dump: true });
    const paged = await extract({ source: { target: noSqlServer.url }, resource: 'courses', format, out: viaPages, pageSize: 40, fields, dump: false });
    expect([dumped.paging.method, paged.paging.method]).toEqual(['dump', 'next-page']);
    expect(dumped.totalCheck).toEqual({ serverTotal: 260, exact: true, matches: true });
    expect(await readFile(viaDump, 'utf8')).toBe(await readFile(viaPages, 'utf8'));
  });

  it('pages by the API, with a warning, where the dump gives more rows than the one asked for', async () => {
    const unsliced = await startProxy(noSqlServer.url, {
      intercept: () => undefined,
      route: (url) => {
        if (!url.startsWith('/datastore/dump/')) return url;
        const parsed = new URL(url, 'http://x');
        parsed.searchParams.delete('limit');
        return `${parsed.pathname}${parsed.search}`;
      },
    });
    try {
      const manifest = await extract({ source: { target: unsliced.url }, resource: 'courses', format: 'csv', out: join(dir, 'unsliced.csv') });
      expect([manifest.paging.method, manifest.rows]).toEqual(['next-page', 260]);
      expect(manifest.warnings.join('\n')).toContain('the dump gave more than the one row asked for, so it cannot be read in slices; paging by the API');
      await extract({ source: { target: noSqlServer.url }, resource: 'courses', format: 'csv', out: join(dir, 'unsliced-pages.csv'), dump: false });
      expect(await readFile(join(dir, 'unsliced.csv'), 'utf8')).toBe(await readFile(join(dir, 'unsliced-pages.csv'), 'utf8'));
    } finally {
      await unsliced.close();
    }
  });

  it('reads several slices at once and hands them on in order: the same file, each slice checked to follow the one before', async () => {
    const whole = join(dir, 'dump-whole.csv');
    const sliced = join(dir, 'dump-sliced.csv');
    const asked: string[] = [];
    const counting = await startProxy(noSqlServer.url, {
      intercept: () => undefined,
      observe: (url) => {
        if (url.includes('/datastore/dump/')) asked.push(new URL(url, 'http://x').searchParams.get('offset') ?? '');
      },
    });
    try {
      await extract({ source: { target: noSqlServer.url }, resource: 'courses', format: 'csv', out: whole, dump: true });
      const manifest = await extract({
        source: { target: counting.url },
        resource: 'courses',
        format: 'csv',
        out: sliced,
        dump: true,
        pageSize: 40,
        parallel: 3,
      });
      expect(manifest.paging.method).toBe('dump');
      expect(manifest.rows).toBe(260);
      expect(await readFile(sliced, 'utf8')).toBe(await readFile(whole, 'utf8'));
      // 7 slices of 40 hold the 260 rows (the plan's one-row check asks no offset); slices asked ahead of the short last one come on top
      expect(new Set(asked.filter((offset) => offset !== '' && Number(offset) <= 240))).toEqual(new Set(['0', '40', '80', '120', '160', '200', '240']));
      expect(asked.filter((offset) => Number(offset) > 240).length).toBeLessThanOrEqual(2);
    } finally {
      await counting.close();
    }
  });
});

const WIDE_ID = '0d0d0d0d-2222-4333-8444-555566667777';

describe('dump slices of wide rows', () => {
  it('cuts a table of 100 kB rows into slices of at most 16 MiB, to the file paging by the API gives', async () => {
    const fixtures = join(dir, 'wide-fixtures');
    const rows = 200;
    await mkdir(fixtures, { recursive: true });
    // why: one repeated letter a cell, so the server's full-text index of 20 MB stays one word a row
    const cell = (n: number) => String.fromCharCode(97 + (n % 26)).repeat(100_000);
    await writeFile(join(fixtures, 'wide.csv'), `label,body\n${Array.from({ length: rows }, (_, n) => `row ${n},${cell(n)}`).join('\n')}\n`);
    const schema = {
      fields: [
        { name: 'label', type: 'string' },
        { name: 'body', type: 'string' },
      ],
    };
    await writeFile(
      join(fixtures, 'datapackage.json'),
      JSON.stringify({ name: 'wide', resources: [{ name: WIDE_ID, path: 'wide.csv', aliases: ['wide'], schema }] }),
    );
    const wide = await startReferenceServer({ fixturesDir: fixtures, port: 0 });
    const limits: number[] = [];
    const counting = await startProxy(wide.url, {
      intercept: () => undefined,
      observe: (url) => {
        if (url.includes('/datastore/dump/')) limits.push(Number(new URL(url, 'http://x').searchParams.get('limit')));
      },
    });
    try {
      const sliced = await extract({ source: { target: counting.url }, resource: 'wide', format: 'csv', out: join(dir, 'wide-dump.csv') });
      const paged = await extract({ source: { target: wide.url }, resource: 'wide', format: 'csv', out: join(dir, 'wide-pages.csv'), dump: false });
      expect([sliced.paging.method, sliced.rows]).toEqual(['dump', rows]);
      // the one-row sample, then slices of 16 MiB / 100,007 bytes a row = 167 rows (two at once, one asked beyond the end)
      expect(limits[0]).toBe(1);
      expect(new Set(limits.slice(1))).toEqual(new Set([167]));
      expect(await readFile(join(dir, 'wide-dump.csv'), 'utf8')).toBe(await readFile(join(dir, 'wide-pages.csv'), 'utf8'));
      expect(paged.rows).toBe(rows);
    } finally {
      await counting.close();
      await wide.close();
    }
  });
});
