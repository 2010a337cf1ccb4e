// Incremental extracts end to end: a first run writes every row and keeps the mark beside its output; after 50
// rows are appended to the table (the fixture grows, the server restarts on it), the next run, to another file
// of the same folder, writes exactly those 50; a run with nothing new writes none.
import { cp, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../src/cli/main.ts';
import { startReferenceServer } from '../../src/index.ts';
import { captureIo } from '../helpers/captured-io.ts';

let dir: string;
let fixtures: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'dsk-incremental-'));
  fixtures = join(dir, 'fixtures');
  await cp('fixtures', fixtures, { recursive: true });
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** Appends `count` readings to measurements.csv, recorded after every reading there. */
async function appendReadings(count: number, day: number, folder = fixtures): Promise<void> {
  const lines = Array.from({ length: count }, (_, index) => {
    const minute = String(index % 60).padStart(2, '0');
    return `NEW,Neue Station,${4_000_000_000 + day * 1000 + index},2025-04-${String(day).padStart(2, '0')}T10:${minute}:00,10:${minute}:00,12.5,50,10.5,ok`;
  });
  await writeFile(join(folder, 'measurements.csv'), `${(await readFile(join(folder, 'measurements.csv'), 'utf8')).trimEnd()}\n${lines.join('\n')}\n`);
}

/** A target as a stock CKAN 2.11: no datastore_search_sql, no next_page, so rows are read by offset. */
const STOCK_2_11 = { ckanVersion: '2.11', sqlEnabled: false } as const;

async function extractOnce(out: string, ...flags: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return extractFrom({}, fixtures, out, ...flags);
}

async function extractFrom(
  config: { ckanVersion?: '2.11'; sqlEnabled?: boolean },
  folder: string,
  out: string,
  ...flags: string[]
): Promise<{ code: number; stdout: string; stderr: string }> {
  const server = await startReferenceServer({ fixturesDir: folder, port: 0, config });
  try {
    const run = captureIo(dir, { CI: 'true' });
    const code = await main(['extract', '--target', server.url, '--resource', 'measurements', '--incremental', '--out', out, ...flags], run.io);
    return { code, stdout: run.stdout(), stderr: run.stderr() };
  } finally {
    await server.close();
  }
}

/** The lines of a file but its first `header` (a csv file's one header line by default). */
const dataLines = async (file: string, header = 1): Promise<string[]> => (await readFile(file, 'utf8')).trimEnd().split('\n').slice(header);

describe('extract --incremental', () => {
  it('writes every row first, then exactly the 50 appended, then none, by _id', async () => {
    const out = join(dir, 'by-id');
    const first = await extractOnce(join(out, 'run-1.csv'));
    expect(first.code).toBe(0);
    expect(await dataLines(join(out, 'run-1.csv'))).toHaveLength(180);
    await appendReadings(50, 1);
    const second = await extractOnce(join(out, 'run-2.csv'));
    expect(second.stderr).not.toContain('failed');
    expect(second.code).toBe(0);
    const added = await dataLines(join(out, 'run-2.csv'));
    expect(added).toHaveLength(50);
    expect(added.map((line) => line.split(',')[0])).toEqual(Array.from({ length: 50 }, (_, index) => String(181 + index)));
    const manifest: unknown = JSON.parse(await readFile(join(out, 'run-2.csv.manifest.json'), 'utf8'));
    expect(manifest).toMatchObject({ rows: 50, incremental: { column: '_id', after: '180', through: '230' }, totalCheck: { serverTotal: 50, matches: true } });
    const third = await extractOnce(join(out, 'run-3.csv'));
    expect(third.code).toBe(0);
    expect(await dataLines(join(out, 'run-3.csv'))).toEqual([]);
    expect((await readdir(out)).filter((name) => name.startsWith('.datastore-kit-mark-measurements-'))).toHaveLength(1);
  });

  it('on a target without SQL or next_page, starts offset paging at the first row after the mark (found by bisection)', async () => {
    const out = join(dir, 'by-offset');
    // why: a fixtures copy of its own, so the rows appended here do not reach the other tests
    const own = join(dir, 'fixtures-offset');
    await cp('fixtures', own, { recursive: true });
    const first = await extractFrom(STOCK_2_11, own, join(out, 'run-1.jsonl'));
    expect(first.code).toBe(0);
    expect(await dataLines(join(out, 'run-1.jsonl'), 0)).toHaveLength(180);
    await appendReadings(50, 3, own);
    const second = await extractFrom(STOCK_2_11, own, join(out, 'run-2.jsonl'));
    expect(second.stderr).toContain('offset paging');
    expect(second.code).toBe(0);
    const added = (await dataLines(join(out, 'run-2.jsonl'), 0)).map((line) => (JSON.parse(line) as { _id: number })._id);
    expect(added).toEqual(Array.from({ length: 50 }, (_, index) => 181 + index));
    const manifest: unknown = JSON.parse(await readFile(join(out, 'run-2.jsonl.manifest.json'), 'utf8'));
    expect(manifest).toMatchObject({
      rows: 50,
      paging: { method: 'offset' },
      incremental: { after: '180', through: '230' },
      totalCheck: { serverTotal: 50, matches: true },
    });
    const third = await extractFrom(STOCK_2_11, own, join(out, 'run-3.jsonl'));
    expect(third.code).toBe(0);
    expect(await readFile(join(out, 'run-3.jsonl'), 'utf8')).toBe('');
  });

  it('keeps a mark on another increasing column (--watermark), read by SQL', async () => {
    const out = join(dir, 'by-time');
    const first = await extractOnce(join(out, 'a.csv'), '--watermark', 'recorded_at');
    expect(first.code).toBe(0);
    const all = await dataLines(join(out, 'a.csv'));
    await appendReadings(50, 2);
    const second = await extractOnce(join(out, 'b.csv'), '--watermark', 'recorded_at');
    expect(second.code).toBe(0);
    const added = await dataLines(join(out, 'b.csv'));
    expect(added).toHaveLength(50);
    expect(added.every((line) => line.includes('2025-04-02T10:'))).toBe(true);
    expect(all.length).toBeGreaterThan(180);
  });
});
