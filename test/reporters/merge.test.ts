import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { isKitError, InputError } from '../../src/errors.ts';
import { mergeShardReports, readReport, renderJson } from '../../src/reporters/index.ts';
import { buildCase, buildMixedRun, buildRun } from './build-result.ts';

function shard(index: number, count: number, ids: readonly string[], times: [string, string]) {
  return buildRun(
    ids.map((id) => buildCase({ id, caseId: id, status: id.includes('bad') ? 'fail' : 'pass', class: id.split('/')[0] ?? 'x' })),
    { shard: { index, count }, startedAt: times[0], finishedAt: times[1], hostname: `host-${index}` },
  );
}

function codeOf(fn: () => unknown): [string, string] {
  try {
    fn();
  } catch (error) {
    if (isKitError(error)) return [error.code, error.message];
    throw error;
  }
  throw new Error('did not throw');
}

describe('mergeShardReports', () => {
  const s1 = shard(1, 3, ['a/1', 'b/bad'], ['2026-01-01T10:00:01.000Z', '2026-01-01T10:00:05.000Z']);
  const s2 = shard(2, 3, ['a/2'], ['2026-01-01T10:00:00.000Z', '2026-01-01T10:00:03.000Z']);
  const s3 = shard(3, 3, ['c/1', 'a/3'], ['2026-01-01T10:00:02.000Z', '2026-01-01T10:00:09.500Z']);

  it("adds up the shards' baseline counts", () => {
    const withBaseline = (index: number, outcome: 'match' | 'differs' | 'recorded') => {
      const c = buildCase({ id: `b/${index}`, caseId: `b/${index}`, baseline: { file: `b/${index}/post-api.json`, outcome, rules: [], differences: [] } });
      return buildRun([c], {
        shard: { index, count: 3 },
        baseline: { dir: 'baselines', update: 'none', match: 0, differs: 0, missing: 0, recorded: 0, updated: 0 },
      });
    };
    const merged = mergeShardReports([withBaseline(1, 'match'), withBaseline(2, 'differs'), withBaseline(3, 'match')]);
    expect(merged.baseline).toEqual({ dir: 'baselines', update: 'none', match: 2, differs: 1, missing: 0, recorded: 0, updated: 0 });
  });

  it('merges shards in shard order, recomputing counts and the time span', () => {
    const merged = mergeShardReports([s3, s1, s2]);
    expect(merged.cases.map((c) => c.id)).toEqual(['a/1', 'b/bad', 'a/2', 'c/1', 'a/3']);
    expect(merged.summary).toEqual({ total: 5, pass: 4, fail: 1, error: 0, flaky: 0, skipped: 0, notApplicable: 0, known: 0, vacuous: 0 });
    expect(Object.keys(merged.byClass)).toEqual(['a', 'b', 'c']);
    expect(merged.byClass['a']?.total).toBe(3);
    expect(merged.startedAt).toBe('2026-01-01T10:00:00.000Z');
    expect(merged.finishedAt).toBe('2026-01-01T10:00:09.500Z');
    expect(merged.durationMs).toBe(9500);
    expect(merged.shard).toBeUndefined();
    expect(merged.hostname).toBe('host-1, host-2, host-3');
  });

  it('fails naming the missing shards', () => {
    expect(codeOf(() => mergeShardReports([s1, s3]))).toEqual(['E_SHARD_MISSING', 'cannot merge: missing shard 2 of 3']);
    expect(codeOf(() => mergeShardReports([shard(4, 5, ['x/1'], ['2026-01-01T10:00:00Z', '2026-01-01T10:00:01Z'])]))).toEqual([
      'E_SHARD_MISSING',
      'cannot merge: missing shards 1, 2, 3, 5 of 5',
    ]);
  });

  it('fails on a duplicated shard, mixed shard counts, or an unsharded report among shards', () => {
    expect(codeOf(() => mergeShardReports([s1, s2, s2, s3]))).toEqual(['E_SHARD_MISSING', 'cannot merge: duplicated shard 2 of 3']);
    expect(codeOf(() => mergeShardReports([s1, shard(2, 4, ['z/1'], ['2026-01-01T10:00:00Z', '2026-01-01T10:00:01Z'])]))[0]).toBe('E_SHARD_MISSING');
    expect(codeOf(() => mergeShardReports([s1, s2, s3, buildRun([])]))[1]).toContain('1 of 4 reports have no shard');
  });

  it('refuses reports from different targets or with repeated case ids', () => {
    const other = buildRun([buildCase({ id: 'q/1' })], { target: { url: 'http://elsewhere', reference: false } });
    expect(codeOf(() => mergeShardReports([buildRun([buildCase({ id: 'p/1' })]), other]))).toEqual([
      'E_REPORT_INVALID',
      'cannot merge reports from different targets (the bundled reference server, http://elsewhere)',
    ]);
    expect(codeOf(() => mergeShardReports([buildRun([buildCase()]), buildRun([buildCase()])]))[1]).toContain(
      'search/core/basic appears in more than one report',
    );
    expect(codeOf(() => mergeShardReports([]))[0]).toBe('E_USAGE');
  });

  it('merges shards of run --reference, each run on its own port, and still tells a reference run from a URL', () => {
    const atPort = (port: number, index: number, id: string) =>
      buildRun([buildCase({ id })], { target: { url: `http://127.0.0.1:${port}`, reference: true }, shard: { index, count: 2 } });
    const merged = mergeShardReports([atPort(40001, 1, 'p/1'), atPort(40002, 2, 'p/2')]);
    expect(merged.cases.map((c) => c.id)).toEqual(['p/1', 'p/2']);
    expect(merged.target).toEqual({ url: 'http://127.0.0.1:40001', reference: true });
    const url = buildRun([buildCase({ id: 'p/2' })], { target: { url: 'http://127.0.0.1:40002', reference: false }, shard: { index: 2, count: 2 } });
    expect(codeOf(() => mergeShardReports([atPort(40001, 1, 'p/1'), url]))[1]).toContain('different targets');
  });

  it('merges unsharded reports as they are', () => {
    const merged = mergeShardReports([buildMixedRun()]);
    expect(merged.cases).toEqual(buildMixedRun().cases);
    expect(merged.summary).toEqual(buildMixedRun().summary);
  });
});

describe('readReport', () => {
  let dir = '';
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'read-report-'));
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  async function problemsOf(content: string): Promise<string> {
    await writeFile(join(dir, 'report.json'), content);
    const error: unknown = await readReport('report.json', { cwd: dir }).catch((e: unknown) => e);
    if (!(error instanceof InputError)) throw new Error('expected an InputError');
    expect(error.code).toBe('E_REPORT_INVALID');
    return error.message;
  }

  it('reads back what renderJson wrote', async () => {
    const run = buildMixedRun({ shard: { index: 1, count: 1 } });
    await writeFile(join(dir, 'report.json'), renderJson(run));
    expect(await readReport(join(dir, 'report.json'))).toEqual(run);
  });

  it('names the file and each schema reason', async () => {
    const { hostname: _h, ...run } = buildRun([buildCase({ status: 'fail' })]);
    const broken = { ...run, extra: 1, cases: [{ ...run.cases[0], status: 'broken' }] };
    const message = await problemsOf(JSON.stringify(broken));
    expect(message).toContain("report.json must have required property 'hostname' (E_REPORT_INVALID)");
    expect(message).toContain('report.json must NOT have additional properties (extra) (E_REPORT_INVALID)');
    expect(message).toContain(
      'report.json /cases/0/status must be one of "pass", "fail", "error", "flaky", "skipped", "not-applicable", "known" (E_REPORT_INVALID)',
    );
  });

  it('rejects non-JSON, another schema version and a missing file', async () => {
    expect(await problemsOf('<html>')).toMatch(/^report\.json is not JSON: .* \(E_REPORT_INVALID\)$/);
    expect(await problemsOf(JSON.stringify({ ...buildRun([]), schemaVersion: 3 }))).toBe(
      'report.json /schemaVersion report schema version 3 is not supported (this kit reads 1 and 2) (E_REPORT_INVALID)',
    );
    await expect(readReport('missing/report.json', { cwd: dir })).rejects.toThrow('missing/report.json cannot be read: ENOENT (E_REPORT_INVALID)');
  });
});
