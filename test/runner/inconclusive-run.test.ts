// A run that decided nothing on a core clause of the API description is not green: the verdict says inconclusive,
// naming the clauses and the profile values to set, and the run exits 1; a shard leaves that to report merge.
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../src/cli/main.ts';
import type { RunResult } from '../../src/index.ts';
import { createCapturedIo, makeTempDir, removeDir } from './helpers.ts';

const ROOT = path.resolve('.');
const COURSES = 'df356cc6-0e13-4ba8-bc98-c4706614881b';
let dir: string;

beforeAll(async () => {
  dir = await makeTempDir('dsk-inconclusive-');
  const profile = (name: string, values: Record<string, string>): Promise<void> =>
    writeFile(
      path.join(dir, `${name}.yaml`),
      JSON.stringify({ name, data: 'other', ckan: '2.11', capabilities: ['ckan'], resources: { courses: COURSES }, values }),
    );
  // values that match no record: every relation of the filters compares empty answers
  await profile('nomatch', { categoryField: 'stage', categoryValue: 'Nowhere', otherCategoryValue: 'Nothing', secondField: 'subject', secondValue: 'None' });
  await profile('novalues', {});
});

afterAll(async () => {
  if (dir !== undefined) await removeDir(dir);
});

async function runCli(args: readonly string[], out: string): Promise<{ code: number; stdout: string; stderr: string; report: RunResult }> {
  const captured = createCapturedIo(ROOT);
  const code = await main(['run', '--reference', ...args, '--report', 'json', '--out', path.join(dir, out)], captured.io);
  const report = JSON.parse(await readFile(path.join(dir, out, 'report.json'), 'utf8')) as RunResult;
  return { code, stdout: captured.stdout(), stderr: captured.stderr(), report };
}

describe('run: a core clause that decided nothing', () => {
  it('is inconclusive when its relations compared only empty answers: exit 1, the clauses and the values to set', async () => {
    const { code, stdout, stderr, report } = await runCli(
      ['--profile', path.join(dir, 'nomatch.yaml'), '--id', 'relations/filters', '--id', 'search/limit'],
      'nomatch',
    );
    expect(report.summary.fail + report.summary.error).toBe(0);
    expect(report.summary.vacuous).toBeGreaterThan(0);
    const message =
      'no check of filters single, filters either-or, filters AND decided anything on this data; set values.categoryField, values.categoryValue, values.otherCategoryValue, values.secondField, values.secondValue in the profile to values that match some records, fewer than a page (probe pins one: --value categoryField=...)';
    expect(report.verdicts?.[0]).toMatchObject({ class: 'api', outcome: 'inconclusive', reason: message });
    expect(report.checks).toContainEqual(
      expect.objectContaining({ check: 'inconclusive', outcome: 'fail', clauses: ['filters single', 'filters either-or', 'filters AND'] }),
    );
    expect(stdout).toContain(`\nAPI description: inconclusive (${message})\n`);
    expect(stderr).toBe(`run: ${message}\n`);
    expect(code).toBe(1);
  }, 120_000);

  it('names the values a profile lacks, for the cases not applicable for want of them', async () => {
    const { code, report } = await runCli(['--profile', path.join(dir, 'novalues.yaml'), '--id', 'search/filters', '--id', 'search/limit'], 'novalues');
    const single = report.cases.find((c) => c.id.startsWith('search/filters/single'));
    expect(single).toMatchObject({ status: 'not-applicable', pin: ['values.categoryField', 'values.categoryValue'] });
    // the _id either-or case needs no profile value, and decides that clause; the q one with filters lacks its word
    expect(report.checks?.find((c) => c.check === 'inconclusive')?.clauses).toEqual(['filters single', 'filters AND', 'q']);
    expect(code).toBe(1);
  }, 120_000);

  it('passes when the profile values decide the clauses (exit 0)', async () => {
    const { code, report, stdout } = await runCli(['--id', 'relations/filters', '--id', 'search/limit'], 'reference');
    expect(report.verdicts?.map((v) => `${v.title}: ${v.outcome}`)).toEqual(['API description: pass', 'CKAN 2.11 compatibility: pass']);
    expect(report.checks).toEqual([expect.objectContaining({ check: 'inconclusive', outcome: 'pass' })]);
    expect(stdout).toMatch(/\nAPI description: conforms \(\d+ passed, 0 failed\)\nCKAN 2\.11 compatibility: compatible \(\d+ passed, 0 differences\)\n/);
    expect(code).toBe(0);
  }, 120_000);

  it('is left by each shard to report merge, which judges the whole run', async () => {
    const args = ['--profile', path.join(dir, 'novalues.yaml'), '--id', 'search/filters', '--id', 'search/limit', '--allow-empty'];
    const shards = [await runCli([...args, '--shard', '1/2'], 'shard-1'), await runCli([...args, '--shard', '2/2'], 'shard-2')];
    for (const shard of shards) {
      expect(shard.report.checks?.some((c) => c.check === 'inconclusive')).toBe(false);
      expect(shard.code).toBe(0);
    }
    const captured = createCapturedIo(ROOT);
    const merged = path.join(dir, 'merged');
    const code = await main(['report', 'merge', path.join(dir, 'shard-1'), path.join(dir, 'shard-2'), '--report', 'json', '--out', merged], captured.io);
    const report = JSON.parse(await readFile(path.join(merged, 'report.json'), 'utf8')) as RunResult;
    expect(report.verdicts?.[0]?.outcome).toBe('inconclusive');
    expect(report.checks?.find((c) => c.check === 'inconclusive')?.outcome).toBe('fail');
    expect(code).toBe(1);
  }, 240_000);
});
