// The report stream writes the same files as rendering the whole result at once, holds the JSON report's cases
// on disk meanwhile, and leaves nothing behind when aborted.
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openReportStream, REPORT_FORMATS, reporters, writeReports } from '../../src/reporters/index.ts';
import { buildCase, buildMixedRun, buildRun } from './build-result.ts';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'dsk-stream-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function readAll(folder: string): Promise<Record<string, string>> {
  const names = (await readdir(folder)).sort();
  return Object.fromEntries(await Promise.all(names.map(async (name) => [name, await readFile(path.join(folder, name), 'utf8')] as const)));
}

// a passing case with a large exchange: only the JSON report shows it
const bigPass = buildCase({
  id: 'search/big',
  caseId: 'search/big',
  exchange: {
    request: { method: 'GET', url: 'http://127.0.0.1:8800/api/3/action/datastore_search', headers: {} },
    response: { status: 200, headers: {}, body: `{"records": "${'x'.repeat(50_000)}"}`, bodyTruncated: false, durationMs: 3 },
    attempts: 1,
    curl: 'curl http://127.0.0.1:8800/api/3/action/datastore_search',
  },
});

describe('openReportStream', () => {
  it.each([
    ['a mixed run', buildMixedRun({ interrupted: { ran: 4, notRun: 1 } })],
    ['a run with a large passing exchange', buildRun([bigPass, buildCase({ id: 'b', caseId: 'b' })])],
    ['a run with no case', buildRun([])],
  ])('writes every format exactly as writeReports does for %s', async (_name, run) => {
    const whole = path.join(dir, 'whole');
    const streamed = path.join(dir, 'streamed');
    await writeReports(run, { formats: REPORT_FORMATS, outDir: whole, stepSummaryPath: path.join(dir, 'whole-summary.md') });
    const stream = await openReportStream({ formats: REPORT_FORMATS, outDir: streamed, stepSummaryPath: path.join(dir, 'streamed-summary.md') });
    for (const one of run.cases) stream.add(one);
    const paths = await stream.close({ ...run, cases: [] });
    expect(paths.map((p) => path.basename(p))).toEqual(REPORT_FORMATS.map((format) => reporters[format].fileName));
    expect(await readAll(streamed)).toEqual(await readAll(whole));
    expect(await readFile(path.join(dir, 'streamed-summary.md'), 'utf8')).toBe(await readFile(path.join(dir, 'whole-summary.md'), 'utf8'));
  });

  it('keeps the JSON report cases in a temp file until the end, and leaves nothing when aborted', async () => {
    const stream = await openReportStream({ formats: ['json', 'junit'], outDir: dir });
    for (let i = 0; i < 3; i += 1) stream.add(bigPass);
    const during = await readdir(dir);
    expect(during).toHaveLength(1);
    expect(during[0]).toMatch(/^\.report\.json\.cases\.[0-9a-f]{12}\.tmp$/);
    await stream.abort();
    expect(await readdir(dir)).toEqual([]);
  });
});
