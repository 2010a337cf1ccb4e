// No vacuous passes, and order as part of the contract, against small node:http targets: a variant whose checks
// held over no record is "not applicable: checked nothing on this data"; records out of the implied order fail.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { main } from '../../src/cli/main.ts';
import type { RunResult } from '../../src/index.ts';
import { createCapturedIo, writeJsonFiles, PREFLIGHT_BODY, PREFLIGHT_PATH, useScenario } from './helpers.ts';

const envelope = (records: unknown[]): string => JSON.stringify({ help: 'h', success: true, result: { records } });

function searchCase(
  id: string,
  params: Record<string, unknown>,
  expect: Record<string, unknown>,
  extra: Record<string, unknown> = {},
): Record<string, unknown> {
  return {
    id,
    title: `Case ${id}`,
    class: 'search.core',
    spec: ['api.md#4.1'],
    request: { action: 'datastore_search', params: { resource_id: 'r', ...params } },
    expect,
    ...extra,
  };
}

const scenario = useScenario({});

/** Serves `answer(method, url)` for every action call, and the pre-flight. */
async function serve(answer: (method: string, url: string) => unknown[]): Promise<string> {
  const server = await scenario.serve((req, res) => {
    if (req.url === PREFLIGHT_PATH) return res.end(PREFLIGHT_BODY);
    res.setHeader('content-type', 'application/json');
    res.end(envelope(answer(req.method ?? '', req.url ?? '')));
  });
  return server.url;
}

async function runCases(target: string, cases: unknown[], extraArgs: string[] = []): Promise<{ code: number; report: RunResult; out: string }> {
  await writeJsonFiles(scenario.dir, { 'cases/a.json': { cases } });
  const { io, stdout } = createCapturedIo(scenario.dir);
  const code = await main(['run', '--target', target, '--report', 'json,md', ...extraArgs], io);
  const report = JSON.parse(await readFile(path.join(scenario.dir, 'reports', 'report.json'), 'utf8')) as RunResult;
  return { code, report, out: stdout() };
}

describe('a variant that checked nothing on this data', () => {
  it('is not applicable with the reason, counted apart, and the run still exits 0', async () => {
    const target = await serve(() => []);
    const { code, report, out } = await runCases(target, [
      searchCase('every-word', { q: 'word' }, { status: 200, success: true, records: { every: [{ contains: 'word' }] } }),
      searchCase('absent', { q: 'zzz' }, { status: 200, records: { count: 0 } }),
    ]);
    expect(code).toBe(0);
    expect(report.cases.map((c) => [c.id, c.status, c.reason])).toEqual([
      ['every-word', 'not-applicable', 'checked nothing on this data'],
      ['absent', 'pass', undefined],
    ]);
    expect(report.summary).toMatchObject({ pass: 1, notApplicable: 1, vacuous: 1 });
    expect(out).toContain('1 not applicable (1 checked nothing on this data)');
    expect(await readFile(path.join(scenario.dir, 'reports', 'summary.md'), 'utf8')).toContain(
      '**1 variant checked nothing on this data: its checks held only because the answer had no record to check',
    );
  });

  it('fails when another variant of the case has records (an empty answer is a disagreement)', async () => {
    const target = await serve((method) => (method === 'GET' ? [] : [{ _id: 1, t: 'a word' }]));
    const { code, report } = await runCases(target, [
      searchCase('either', { q: 'word' }, { status: 200, records: { every: [{ contains: 'word' }] } }, { variants: { method: ['POST', 'GET'] } }),
    ]);
    expect(code).toBe(1);
    expect(report.cases.map((c) => [c.variant.method, c.status, c.reason, c.findings.map((f) => f.rule)])).toEqual([
      ['POST', 'pass', undefined, []],
      ['GET', 'fail', undefined, ['variants.agree']],
    ]);
  });
});

describe('the order a request implies', () => {
  const unsorted = [
    { _id: 2, n: 5 },
    { _id: 1, n: 9 },
    { _id: 3, n: 7 },
  ];

  it('fails records that do not follow the request sort, naming the keys', async () => {
    const target = await serve(() => unsorted);
    const { code, report } = await runCases(target, [searchCase('sorted', { sort: 'n desc' }, { status: 200, records: { min: 1 } })]);
    expect(code).toBe(1);
    expect(report.cases[0]?.findings).toEqual([
      expect.objectContaining({
        rule: 'order.sort',
        path: '/result/records/1',
        message: 'records are out of order: the request sorts by n desc, and record 1 comes after record 0',
      }),
    ]);
  });

  it("fails records out of CKAN's default _id order, and passes them in order", async () => {
    const target = await serve((_m, url) => (url.includes('limit=3') ? unsorted : [...unsorted].sort((a, b) => a._id - b._id)));
    const { report } = await runCases(target, [
      searchCase(
        'shuffled',
        { limit: 3 },
        { status: 200, records: { min: 1 } },
        { request: { action: 'datastore_search', method: 'GET', params: { resource_id: 'r', limit: 3 } } },
      ),
      searchCase(
        'in-order',
        { limit: 4 },
        { status: 200, records: { min: 1 } },
        { request: { action: 'datastore_search', method: 'GET', params: { resource_id: 'r', limit: 4 } } },
      ),
    ]);
    expect(report.cases.map((c) => [c.id, c.status, c.findings.map((f) => f.rule)])).toEqual([
      ['shuffled', 'fail', ['order.default']],
      ['in-order', 'pass', []],
    ]);
  });
});
