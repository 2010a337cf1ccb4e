import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { main } from '../../src/cli/main.ts';
import { renderJson, renderMarkdown } from '../../src/reporters/index.ts';
import type { RunResult } from '../../src/model/index.ts';
import { buildCase, buildMixedRun, buildRun } from './build-result.ts';
import { captureIo } from '../helpers/captured-io.ts';

describe('datastore-kit report', () => {
  let dir = '';
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'report-cli-'));
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  async function saveShard(name: string, result: RunResult): Promise<void> {
    await mkdir(join(dir, name), { recursive: true });
    await writeFile(join(dir, name, 'report.json'), renderJson(result));
  }

  const shard = (index: number, status: 'pass' | 'fail'): RunResult =>
    buildRun([buildCase({ id: `case/${index}`, caseId: `case/${index}`, status })], { shard: { index, count: 3 } });

  it('merges shard folders into every report format and prints the summary', async () => {
    await saveShard('s1', shard(1, 'pass'));
    await saveShard('s2', shard(2, 'pass'));
    await saveShard('s3', shard(3, 'pass'));
    const captured = captureIo(dir, { GITHUB_STEP_SUMMARY: join(dir, 'gh-summary.md') });
    const code = await main(['report', 'merge', 's1', 's2', 's3/report.json', '--out', 'merged'], captured.io);
    expect(captured.stderr()).toBe('');
    expect(code).toBe(0);
    expect((await readdir(join(dir, 'merged'))).sort()).toEqual(['ctrf.json', 'junit.xml', 'report.html', 'report.json', 'summary.md']);
    const merged: unknown = JSON.parse(await readFile(join(dir, 'merged', 'report.json'), 'utf8'));
    expect(merged).toMatchObject({ summary: { total: 3, pass: 3 }, cases: [{ id: 'case/1' }, { id: 'case/2' }, { id: 'case/3' }] });
    expect(captured.stdout()).toContain('3 passed, 0 failed, 0 errored, 0 skipped, 0 not applicable of 3');
    expect(captured.stdout()).toContain('Reports: merged/report.json, merged/junit.xml, merged/report.html, merged/ctrf.json, merged/summary.md');
    expect(await readFile(join(dir, 'gh-summary.md'), 'utf8')).toContain('## datastore-kit conformance: ✅ passed');
  });

  it('exits 1 when a merged case failed', async () => {
    await saveShard('s1', shard(1, 'fail'));
    await saveShard('s2', shard(2, 'pass'));
    await saveShard('s3', shard(3, 'pass'));
    const captured = captureIo(dir);
    expect(await main(['report', 'merge', 's1', 's2', 's3', '--report', 'json'], captured.io)).toBe(1);
    expect(await readdir(join(dir, 'reports'))).toEqual(['report.json']);
  });

  it('exits 2 naming the missing shard, and writes nothing', async () => {
    await saveShard('s1', shard(1, 'pass'));
    await saveShard('s3', shard(3, 'pass'));
    const captured = captureIo(dir);
    const code = await main(['report', 'merge', 's1', 's3', '--out', 'merged'], captured.io);
    expect(code).toBe(2);
    expect(captured.stderr()).toBe('cannot merge: missing shard 2 of 3 (E_SHARD_MISSING)\n');
    await expect(readdir(join(dir, 'merged'))).rejects.toMatchObject({ code: 'ENOENT' });
  });

  it('exits 2 naming the file when a report is invalid or absent', async () => {
    await mkdir(join(dir, 'bad'));
    await writeFile(join(dir, 'bad', 'report.json'), '{"schemaVersion": 1}');
    const captured = captureIo(dir);
    expect(await main(['report', 'merge', 'bad', 'nowhere'], captured.io)).toBe(2);
    expect(captured.stderr()).toContain("bad/report.json must have required property 'kit' (E_REPORT_INVALID)");
    const missing = captureIo(dir);
    expect(await main(['report', 'render', 'nowhere'], missing.io)).toBe(2);
    expect(missing.stderr()).toBe('nowhere/report.json cannot be read: ENOENT (E_REPORT_INVALID)\n');
  });

  it('re-renders chosen formats from a saved report', async () => {
    const run = buildMixedRun();
    await saveShard('saved', run);
    const captured = captureIo(dir);
    const code = await main(['report', 'render', 'saved/report.json', '--report', 'md,html', '--out', 'again'], captured.io);
    expect(code).toBe(0);
    expect((await readdir(join(dir, 'again'))).sort()).toEqual(['report.html', 'summary.md']);
    expect(await readFile(join(dir, 'again', 'summary.md'), 'utf8')).toBe(renderMarkdown(run));
  });

  it('rejects an unknown format as a usage error', async () => {
    await saveShard('saved', buildMixedRun());
    const captured = captureIo(dir);
    expect(await main(['report', 'render', 'saved', '--report', 'pdf'], captured.io)).toBe(2);
    expect(captured.stderr()).toContain('unknown report format "pdf"');
  });
});
