import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { extract, startReferenceServer, type Manifest, type ReferenceServer } from '../../src/index.ts';
import { startProxy } from './proxy.ts';

const COURSES = 'df356cc6-0e13-4ba8-bc98-c4706614881b';
const TOKEN = 'extract-test-token';

let server: ReferenceServer;
let noSqlServer: ReferenceServer;
let dir: string;

beforeAll(async () => {
  server = await startReferenceServer({ fixturesDir: 'fixtures', port: 0, config: { apiTokens: [TOKEN] } });
  noSqlServer = await startReferenceServer({ fixturesDir: 'fixtures', port: 0, config: { sqlEnabled: false, rowsMax: 50 } });
  dir = await mkdtemp(join(tmpdir(), 'dsk-extract-'));
});

afterAll(async () => {
  await server.close();
  await noSqlServer.close();
  await rm(dir, { recursive: true, force: true });
});

async function apiRecords(baseUrl: string, action: string, params: Record<string, unknown>): Promise<Record<string, unknown>[]> {
  const response = await fetch(`${baseUrl}/api/3/action/${action}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: TOKEN },
    body: JSON.stringify(params),
  });
  const body: unknown = await response.json();
  if (typeof body !== 'object' || body === null || !('result' in body)) throw new Error('no result');
  const result: unknown = body.result;
  if (typeof result !== 'object' || result === null || !('records' in result) || !Array.isArray(result.records)) throw new Error('no records');
  return result.records;
}

const sqlAll = (id: string): string => `SELECT * FROM "${id}" ORDER BY "_id"`;

function parseJsonl(text: string): unknown[] {
  return text
    .split('\n')
    .filter((line) => line !== '')
    .map((line): unknown => JSON.parse(line));
}

describe('extract', () => {
  it.each([
    ['jsonl', (text: string) => parseJsonl(text)],
    ['json', (text: string): unknown => JSON.parse(text)],
  ] as const)('writes every row of a resource as %s, equal to the API answer row for row', async (format, parse) => {
    const out = join(dir, `courses.${format}`);
    const manifest = await extract({ source: { target: server.url, token: TOKEN }, resource: 'courses', format, out, pageSize: 37 });
    const expected = (await apiRecords(server.url, 'datastore_search_sql', { sql: sqlAll(COURSES) })).map(withoutFullText);
    expect(parse(await readFile(out, 'utf8'))).toEqual(expected);
    expect(manifest.rows).toBe(260);
    expect(manifest.paging.method).toBe('sql-keyset');
    expect(manifest.paging.pages).toBe(Math.ceil(260 / 37));
    expect(manifest.totalCheck).toEqual({ serverTotal: 260, exact: true, matches: true });
    expect(manifest.source.resourceId).toBe(COURSES);
  });

  it('writes CSV with a header row, RFC 4180 quoting and values as the API renders them', async () => {
    const out = join(dir, 'courses.csv');
    await extract({
      source: { target: server.url, token: TOKEN },
      resource: COURSES,
      format: 'csv',
      dump: false,
      out,
      fields: ['_id', 'title', 'fee', 'tags', 'meta', 'online'],
    });
    const lines = (await readFile(out, 'utf8')).split('\n');
    expect(lines[0]).toBe('_id,title,fee,tags,meta,online');
    expect(lines).toHaveLength(262); // header + 260 rows + final newline
    const records = await apiRecords(server.url, 'datastore_search_sql', { sql: `SELECT "_id","title","fee"::text AS fee FROM "${COURSES}" ORDER BY "_id"` });
    // Numbers keep their exact text (numeric scale), so fee 482.00 stays "482.00".
    records.forEach((record, index) => {
      const line = lines[index + 1] ?? '';
      expect(line.startsWith(`${String(record['_id'])},`)).toBe(true);
      if (record['fee'] !== null) expect(line).toContain(String(record['fee']));
    });
    expect(lines.find((line) => line.startsWith('102,'))).toMatch(/^102,"?Über die Brücke: Deutsche Literatur"?,/);
  });

  it('writes TSV and gzip (one gzip member per page) that decompresses to the plain output', async () => {
    const plain = join(dir, 'm.tsv');
    const zipped = join(dir, 'm.tsv.gz');
    const source = { target: server.url, token: TOKEN };
    await extract({ source, resource: 'measurements', format: 'tsv', out: plain, pageSize: 50 });
    const manifest = await extract({ source, resource: 'measurements', format: 'tsv', gzip: true, out: zipped, pageSize: 50 });
    const text = await readFile(plain, 'utf8');
    expect(gunzipSync(await readFile(zipped)).toString('utf8')).toBe(text);
    expect(text.split('\n')[0]?.split('\t')).toContain('station_code');
    expect(text.trimEnd().split('\n')).toHaveLength(181);
    expect(manifest.output.sha256).toBe(
      createHash('sha256')
        .update(await readFile(zipped))
        .digest('hex'),
    );
    expect(manifest.output.bytes).toBe((await stat(zipped)).size);
  });

  it('extracts an SQL query by keyset on its _id column', async () => {
    const out = join(dir, 'sql.jsonl');
    const sql = `SELECT "_id", "title", "stage" FROM "${COURSES}" WHERE "stage" = 'Advanced'`;
    const manifest = await extract({ source: { target: server.url, token: TOKEN }, sql, format: 'jsonl', out, pageSize: 10 });
    const rows = parseJsonl(await readFile(out, 'utf8'));
    expect(rows).toHaveLength(65);
    expect(rows.every((row) => typeof row === 'object' && row !== null && 'stage' in row && row.stage === 'Advanced')).toBe(true);
    expect(manifest.paging.method).toBe('sql-keyset');
    expect(manifest.totalCheck).toBeNull();
  });

  it('falls back to offset paging with a warning, following the page size the server allows', async () => {
    const out = join(dir, 'offset.jsonl');
    const warnings: string[] = [];
    const manifest = await extract(
      { source: { target: noSqlServer.url }, resource: 'courses', format: 'jsonl', out, pageSize: 100, filters: { stage: ['Advanced', 'Foundation'] } },
      { listener: { onWarning: (message) => warnings.push(message) } },
    );
    const rows = parseJsonl(await readFile(out, 'utf8'));
    expect(rows).toHaveLength(130);
    expect(manifest.paging.method).toBe('offset');
    expect(manifest.paging.pages).toBe(3); // rows_max 50 caps each page: 50 + 50 + 30
    expect(manifest.paging).toMatchObject({ pageSize: 100, pageSizeUsed: 50 });
    expect(manifest.warnings).toContain('the server returns at most 50 rows per request: pages were lowered from 100 to 50 rows');
    expect(warnings.join('\n')).toMatch(/offset paging/);
    expect(manifest.totalCheck?.matches).toBe(true);
  });

  it('completes a correct file when every third page fails with 503 or 429', async () => {
    const proxy = await startProxy(server.url, {
      intercept: (call) => {
        if (call % 6 === 0) return { status: 503, body: '"unavailable"' };
        if (call % 3 === 0) return { status: 429, headers: { 'retry-after': '0' }, body: '"slow down"' };
        return undefined;
      },
    });
    try {
      const out = join(dir, 'flaky.jsonl');
      const reference = join(dir, 'flaky-reference.jsonl');
      await extract({ source: { target: proxy.url, token: TOKEN }, resource: 'courses', format: 'jsonl', out, pageSize: 20, http: { retries: 3 } });
      await extract({ source: { target: server.url, token: TOKEN }, resource: 'courses', format: 'jsonl', out: reference, pageSize: 20 });
      expect(await readFile(out, 'utf8')).toBe(await readFile(reference, 'utf8'));
      expect(proxy.calls()).toBeGreaterThan(20);
    } finally {
      await proxy.close();
    }
  });

  it('leaves no output file when the target fails for good, and keeps the part file for --resume', async () => {
    let broken = true;
    const proxy = await startProxy(server.url, {
      intercept: (call, body) => (broken && call > 6 && body.includes('LIMIT') ? { status: 500, body: '"boom"' } : undefined),
    });
    try {
      const out = join(dir, 'broken.jsonl');
      await expect(
        extract({ source: { target: proxy.url, token: TOKEN }, resource: 'courses', format: 'jsonl', out, pageSize: 20, http: { retries: 1 } }),
      ).rejects.toThrow(/extract to .*broken\.jsonl failed: .*500.*rerun with --resume/);
      await expect(stat(out)).rejects.toThrow();
      await expect(stat(`${out}.manifest.json`)).rejects.toThrow();
      broken = false;
      const resumed: Manifest = await extract({
        source: { target: proxy.url, token: TOKEN },
        resource: 'courses',
        format: 'jsonl',
        out,
        pageSize: 20,
        resume: true,
      });
      expect(resumed.resumed).toBe(true);
      expect(parseJsonl(await readFile(out, 'utf8'))).toHaveLength(260);
      await expect(stat(`${out}.part`)).rejects.toThrow();
      await expect(stat(`${out}.checkpoint.json`)).rejects.toThrow();
    } finally {
      await proxy.close();
    }
  });

  it('asks for the next page before the current one is written, and resumes after the written pages', async () => {
    const pageCalls: string[] = [];
    const proxy = await startProxy(server.url, {
      intercept: (_call, body) => {
        if (body.includes('LIMIT')) pageCalls.push(body);
        return undefined;
      },
    });
    try {
      const out = join(dir, 'pipelined.csv');
      const stopAfterFirstPage = {
        onPage: () => {
          throw new Error('stop after the first page');
        },
      };
      await expect(
        extract(
          { source: { target: proxy.url, token: TOKEN }, resource: 'courses', format: 'csv', dump: false, out, pageSize: 100 },
          { listener: stopAfterFirstPage },
        ),
      ).rejects.toThrow(/stop after the first page/);
      // why: the extract stopped once page 1 was on disk; page 2 had been asked for while page 1 was written
      expect(pageCalls).toHaveLength(2);
      expect(pageCalls[1]).toMatch(/_id\\?" > 100 /);
      const resumed = await extract({
        source: { target: proxy.url, token: TOKEN },
        resource: 'courses',
        format: 'csv',
        dump: false,
        out,
        pageSize: 100,
        resume: true,
      });
      const reference = join(dir, 'pipelined-reference.csv');
      await extract({ source: { target: server.url, token: TOKEN }, resource: 'courses', format: 'csv', dump: false, out: reference, pageSize: 100 });
      expect(resumed.rows).toBe(260);
      expect(await readFile(out, 'utf8')).toBe(await readFile(reference, 'utf8'));
    } finally {
      await proxy.close();
    }
  });

  it.each([['courses'], ['618532cb-ff3b-40c9-8e30-2ab721a38603']])(
    'asks for records_format=csv for a CSV output where the target has it, else objects, with the same file (%s)',
    async (resource) => {
      const bodies: string[] = [];
      const recording = await startProxy(noSqlServer.url, { intercept: (_call, body) => void bodies.push(body) });
      const refusing = await startProxy(noSqlServer.url, {
        intercept: (_call, body) =>
          body.includes('"records_format":"csv"')
            ? { status: 409, body: JSON.stringify({ success: false, error: { __type: 'Validation Error', records_format: ['Value must be one of ...'] } }) }
            : undefined,
      });
      try {
        const viaCsv = join(dir, `via-csv-${resource}.csv`);
        const viaObjects = join(dir, `via-objects-${resource}.csv`);
        await extract({ source: { target: recording.url }, resource, format: 'csv', dump: false, out: viaCsv, pageSize: 2 });
        await extract({ source: { target: refusing.url }, resource, format: 'csv', dump: false, out: viaObjects, pageSize: 2 });
        const pages = bodies.filter((body) => body.includes('"offset"'));
        expect(pages.length).toBeGreaterThan(2);
        expect(pages.every((body) => body.includes('"records_format":"csv"'))).toBe(true);
        expect(await readFile(viaCsv, 'utf8')).toBe(await readFile(viaObjects, 'utf8'));
        expect((await readFile(viaCsv, 'utf8')).split('\n').length).toBeGreaterThan(5);
      } finally {
        await recording.close();
        await refusing.close();
      }
    },
  );

  it('keeps records_format objects for JSON outputs', async () => {
    const bodies: string[] = [];
    const recording = await startProxy(noSqlServer.url, { intercept: (_call, body) => void bodies.push(body) });
    try {
      await extract({ source: { target: recording.url }, resource: 'courses', format: 'jsonl', out: join(dir, 'objects.jsonl'), pageSize: 100 });
      expect(bodies.some((body) => body.includes('records_format'))).toBe(false);
    } finally {
      await recording.close();
    }
  });

  it('names the address a redirecting target points to instead of following it with the token', async () => {
    const proxy = await startProxy(server.url, {
      intercept: () => ({
        status: 301,
        headers: { location: 'https://portal.example/api/3/action/datastore_search', 'content-type': 'text/html' },
        body: '<html>Moved</html>',
      }),
    });
    try {
      const out = join(dir, 'moved.csv');
      await expect(extract({ source: { target: proxy.url, token: TOKEN }, resource: 'courses', format: 'csv', out })).rejects.toThrow(
        /it redirects \(301\) to https:\/\/portal\.example\/api\/3\/action\/datastore_search, and the kit does not follow redirects \(they would carry the token elsewhere\): give --target https:\/\/portal\.example/,
      );
      await expect(stat(out)).rejects.toThrow();
    } finally {
      await proxy.close();
    }
  });

  it('leaves nothing behind when the source is refused before any row', async () => {
    const out = join(dir, 'missing.csv');
    await expect(extract({ source: { target: server.url }, resource: 'no-such-resource', format: 'csv', out })).rejects.toThrow(
      /404 Not found: Resource "no-such-resource" was not found/,
    );
    await expect(stat(`${out}.part`)).rejects.toThrow();
    await expect(stat(out)).rejects.toThrow();
  });

  it.each([
    ['is a folder', (d: string) => d, /--out .*: is a folder; give a file name \(E_USAGE\)|is a folder; give a file name/],
    ['lies under a file', (d: string) => join(d, 'courses.csv', 'x.csv'), /--out .*: cannot write there \(ENOTDIR: .*courses\.csv is a file, not a folder\)/],
  ])('refuses an output path that %s before sending anything', async (_name, path, message) => {
    await writeFile(join(dir, 'courses.csv'), 'placeholder');
    await expect(extract({ source: { target: 'http://127.0.0.1:1' }, resource: 'courses', format: 'csv', out: path(dir) })).rejects.toThrow(message);
  });

  it('refuses a pipe as the output instead of renaming a file over it (as root, /dev/null was replaced)', async () => {
    const fifo = join(dir, 'pipe.csv');
    execFileSync('mkfifo', [fifo]);
    await expect(extract({ source: { target: 'http://127.0.0.1:1' }, resource: 'courses', out: fifo })).rejects.toMatchObject({
      code: 'E_USAGE',
      message: `--out ${fifo}: is not a file (a device, pipe or socket); give a file name, or --out - to write to stdout`,
    });
    expect((await stat(fifo)).isFIFO()).toBe(true);
  });

  it('exits 3 for an output folder that cannot be written, as run, probe and --baseline do', async () => {
    await writeFile(join(dir, 'courses.csv'), 'placeholder');
    const out = join(dir, 'courses.csv', 'x.csv');
    await expect(extract({ source: { target: 'http://127.0.0.1:1' }, resource: 'courses', out })).rejects.toMatchObject({ code: 'E_ENV', exitCode: 3 });
  });

  it.each([
    ['gzip into a name without .gz', 'g.tsv', true, 'tsv', /g\.tsv holds gzip-compressed tsv but its name does not end in \.gz; name it .*g\.tsv\.gz/],
    ['plain text into a .gz name', 'p.csv.gz', false, 'csv', /p\.csv\.gz holds plain csv \(not gzip\) although its name ends in \.gz/],
    ['jsonl into a .csv name', 'j.csv', false, 'jsonl', /j\.csv holds jsonl, not csv as its name says/],
  ] as const)('writes %s under the name given, and says so', async (_name, file, gzip, format, message) => {
    const out = join(dir, file);
    const warnings: string[] = [];
    const manifest = await extract(
      { source: { target: server.url }, resource: 'measurements', format, gzip, out },
      { listener: { onWarning: (w) => warnings.push(w) } },
    );
    expect(manifest.output.file).toBe(basename(out));
    expect(await stat(out)).toBeTruthy();
    expect(manifest.warnings.join('\n')).toMatch(message);
    expect(warnings.join('\n')).toMatch(message);
    const plain = await extract({ source: { target: server.url }, resource: 'measurements', format: 'tsv', gzip: true, out: join(dir, 'ok.tsv.gz') });
    expect(plain.warnings).toEqual([]);
  });

  it('keeps the credentials of the target URL out of the manifest and the checkpoint', async () => {
    const out = join(dir, 'creds.csv');
    const target = server.url.replace('http://', 'http://reader:pa55word@');
    const manifest = await extract({ source: { target }, resource: 'measurements', format: 'csv', out });
    expect(manifest.source.target).toBe(server.url.replace('http://', 'http://reader:***@'));
    expect(await readFile(`${out}.manifest.json`, 'utf8')).not.toContain('pa55word');
  });

  it('reads a private resource only with the token', async () => {
    const out = join(dir, 'staff.csv');
    await expect(extract({ source: { target: server.url }, resource: 'staff', format: 'csv', out })).rejects.toThrow(/403 Access denied/);
    const manifest = await extract({ source: { target: server.url, token: TOKEN }, resource: 'staff', format: 'csv', out });
    expect(manifest.rows).toBe(12);
  });
});

function withoutFullText(record: Record<string, unknown>): Record<string, unknown> {
  const { _full_text: _ignored, ...rest } = record;
  return rest;
}
