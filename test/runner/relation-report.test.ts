// A relation that fails shows its related requests as a user can send them again: each as curl with its status,
// on the console, in JUnit and the JSON report, against a target whose either-or filter keeps its first value.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../src/cli/main.ts';
import { startReferenceServer, type ReferenceServer, type RunResult } from '../../src/index.ts';
import { alterParams, readFilters } from '../mutants/alter.ts';
import { createUpstream, startMutantProxy, type MutantServer } from '../mutants/proxy.ts';
import { createCapturedIo, makeTempDir, removeDir } from './helpers.ts';

const ROOT = path.resolve('.');
let reference: ReferenceServer;
let proxy: MutantServer;
let dir: string;

beforeAll(async () => {
  reference = await startReferenceServer({ fixturesDir: path.resolve('fixtures'), port: 0 });
  // an either-or filter that keeps only its first value: the union of the single values has more records
  const firstOnly = alterParams('datastore_search', (params) => {
    const filters = readFilters(params);
    if (filters === undefined) return params;
    const kept = Object.fromEntries(Object.entries(filters).map(([field, value]) => [field, Array.isArray(value) ? value[0] : value]));
    return { ...params, filters: kept };
  });
  proxy = await startMutantProxy(firstOnly, createUpstream(reference.url).upstream);
  dir = await makeTempDir('dsk-relation-report-');
});

afterAll(async () => {
  await proxy?.close();
  await reference?.close();
  if (dir !== undefined) await removeDir(dir);
});

describe('a failed relation in the reports', () => {
  it('lists each related request as curl with its status', async () => {
    const captured = createCapturedIo(ROOT);
    const out = path.join(dir, 'reports');
    const args = ['run', '--target', proxy.url, '--profile', 'profiles/reference.yaml', '--id', 'relations/filters/either-or-union', '--report', 'json,junit'];
    const code = await main([...args, '--out', out], captured.io);
    expect(code).toBe(1);
    const report = JSON.parse(await readFile(path.join(out, 'report.json'), 'utf8')) as RunResult;
    const failed = report.cases.find((c) => c.status === 'fail');
    expect(failed?.findings[0]?.rule).toBe('relation.union');
    expect(failed?.related?.map((r) => r.status)).toEqual([200, 200]);
    for (const related of failed?.related ?? []) {
      expect(related.curl).toMatch(/^curl .*datastore_search/);
      expect(related.curl).toContain(proxy.url);
    }
    expect(captured.stdout()).toMatch(/\n {6}related request 1: curl .*datastore_search.* -> HTTP 200\n {6}related request 2: curl .* -> HTTP 200\n/);
    expect(await readFile(path.join(out, 'junit.xml'), 'utf8')).toMatch(/related request 2: curl .* -&gt; HTTP 200/);
    expect(report.verdicts?.[0]).toMatchObject({ class: 'api', outcome: 'fail' });
  }, 120_000);
});
