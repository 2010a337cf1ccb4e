// diff against real reference servers over HTTP: one altered fixture row is found exactly, identical targets agree.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { diffTargets, resolveDiffOptions } from '../../src/index.ts';
import type { DiffSettings } from '../../src/api/index.ts';
import { compileSchema } from '../../src/schema/ajv.ts';
import { DiffReportSchema } from '../../src/schema/diff-report.ts';
import { ROOT, startDiffServers, TOKEN, type DiffServers } from './helpers.ts';

let servers: DiffServers;

beforeAll(async () => {
  servers = await startDiffServers();
});

afterAll(async () => {
  await servers?.close();
});

function settings(urlB: string, ids: string[]): DiffSettings {
  const side = (url: string) => ({ target: { kind: 'url' as const, url }, profileFile: 'profiles/reference.yaml', token: TOKEN });
  return { shared: { cwd: ROOT, ids, outDir: servers.out }, sides: [side(servers.original.url), side(urlB)] };
}

describe('diffTargets', () => {
  it('finds exactly the altered row: record-changed with its _id and field, on every answer that holds it', async () => {
    const { report, reportPaths } = await diffTargets(resolveDiffOptions(settings(servers.altered.url, ['search/limit', 'sql/select'])));
    expect(report.summary.differ).toBeGreaterThan(0);
    expect(report.summary.error).toBe(0);
    const differences = report.pairs.flatMap((pair) => pair.differences);
    expect(differences.length).toBe(report.summary.differ);
    for (const difference of differences) {
      expect(difference).toMatchObject({ kind: 'record-changed', key: '_id=3' });
      // the SQL answers also hold the row's full-text vector, which follows its title
      expect(difference.changes?.map((c) => c.field).filter((f) => f !== '_full_text')).toEqual(['title']);
      expect(difference.changes?.find((c) => c.field === 'title')).toEqual({
        field: 'title',
        expected: servers.originalTitle,
        actual: 'Principles of Optics (revised)',
      });
    }
    expect(reportPaths.map((p) => path.basename(p))).toEqual(['diff.json', 'diff.md', 'diff.html']);
    const saved: unknown = JSON.parse(await readFile(path.join(servers.out, 'diff.json'), 'utf8'));
    expect(compileSchema(DiffReportSchema)(saved)).toBe(true);
    const texts = await Promise.all(reportPaths.map((p) => readFile(p, 'utf8')));
    for (const text of texts) {
      expect(text).toContain('_id=3');
      expect(text).not.toContain(TOKEN);
    }
    expect(texts[0]).toContain('$TOKEN');
  });

  it('reports two targets serving the same data as agreeing, catalogue cases and generated requests alike', async () => {
    const options = resolveDiffOptions({ ...settings(servers.original.url, ['search/filters', 'search/q']), generate: 30, seed: 11 });
    const { report } = await diffTargets(options);
    expect(report.summary.total).toBeGreaterThan(30);
    expect(report.pairs).toEqual([]);
    expect(report.summary).toMatchObject({ differ: 0, error: 0 });
    expect(report.generated).toMatchObject({ seed: 11, count: 30, disagreements: [] });
  });
});
