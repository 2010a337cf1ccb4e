// Runner behaviour against small node:http targets: flaky retries, --bail, token redaction, exit codes.
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { main } from '../../src/cli/main.ts';
import type { RunResult } from '../../src/index.ts';
import { createCapturedIo, readBody, writeJsonFiles, PREFLIGHT_BODY, PREFLIGHT_PATH, useScenario } from './helpers.ts';

const TOKEN = 'tok-7f3a9c1e5b-secret';

function searchCase(id: string, expect: Record<string, unknown>, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    id,
    title: `Case ${id}`,
    class: 'search.core',
    spec: ['api.md#4.1'],
    request: { action: 'datastore_search', params: { resource_id: id } },
    expect,
    ...extra,
  };
}

const ok = (records: unknown[]): string => JSON.stringify({ help: 'h', success: true, result: { records } });

const scenario = useScenario({});

async function readReport(): Promise<RunResult> {
  return JSON.parse(await readFile(path.join(scenario.dir, 'reports', 'report.json'), 'utf8')) as RunResult;
}

describe('run', () => {
  it('reports a case that passed only on retry as flaky and exits 0', async () => {
    let calls = 0;
    const server = await scenario.serve((req, res) => {
      if (req.url === PREFLIGHT_PATH) return res.end(PREFLIGHT_BODY);
      calls++;
      if (calls === 1) {
        res.statusCode = 503;
        return res.end('busy');
      }
      res.end(ok([{ a: 1 }]));
    });
    await writeJsonFiles(scenario.dir, { 'cases/a.json': { cases: [searchCase('flaky', { status: 200, records: { count: 1 } })] } });
    const { io } = createCapturedIo(scenario.dir);
    const code = await main(['run', '--target', server.url, '--retries', '2', '--report', 'json'], io);
    expect(code).toBe(0);
    const report = await readReport();
    expect(report.cases[0]).toMatchObject({ status: 'flaky', exchange: { attempts: 2 } });
    expect(report.summary.flaky).toBe(1);
  });

  it('starts no new case after the first failure with --bail', async () => {
    const server = await scenario.serve((req, res) => res.end(req.url === PREFLIGHT_PATH ? PREFLIGHT_BODY : ok([])));
    const cases = ['c1', 'c2', 'c3'].map((id) => searchCase(id, { records: { count: id === 'c1' ? 1 : 0 } }));
    await writeJsonFiles(scenario.dir, { 'cases/a.json': { cases } });
    const { io } = createCapturedIo(scenario.dir);
    const code = await main(['run', '--target', server.url, '--bail', '--concurrency', '1', '--report', 'json'], io);
    expect(code).toBe(1);
    const report = await readReport();
    expect(report.cases.map((c) => [c.id, c.status])).toEqual([
      ['c1', 'fail'],
      ['c2', 'skipped'],
      ['c3', 'skipped'],
    ]);
    expect(report.cases[1]?.reason).toMatch(/--bail/);
  });

  it('never writes the token: not in reports, console, curl, or an echoed body', async () => {
    const seen: string[] = [];
    const server = await scenario.serve((req, res) => {
      void readBody(req).then(() => {
        seen.push(req.headers.authorization ?? '');
        if (req.url === PREFLIGHT_PATH) return res.end(PREFLIGHT_BODY);
        // a target that echoes the token back, in the body and in a header
        res.setHeader('x-echo', String(req.headers.authorization));
        res.end(JSON.stringify({ success: false, error: { message: `bad token ${String(req.headers.authorization)}` } }));
      });
    });
    await writeJsonFiles(scenario.dir, { 'cases/a.json': { cases: [searchCase('leak', { success: true })] } });
    const { io, stdout, stderr } = createCapturedIo(scenario.dir, { MY_TOKEN: TOKEN });
    const code = await main(['run', '--target', server.url, '--token-env', 'MY_TOKEN', '--out', 'out'], io);
    expect(code).toBe(1);
    expect(seen).toContain(TOKEN);
    const files = await readdir(path.join(scenario.dir, 'out'));
    expect(files.length).toBeGreaterThanOrEqual(2);
    for (const file of files) expect(await readFile(path.join(scenario.dir, 'out', file), 'utf8')).not.toContain(TOKEN);
    expect(stdout() + stderr()).not.toContain(TOKEN);
    const report = JSON.parse(await readFile(path.join(scenario.dir, 'out', 'report.json'), 'utf8')) as RunResult;
    expect(report.cases[0]?.exchange?.request.headers['authorization']).toBe('***');
    expect(report.cases[0]?.exchange?.curl).toContain('authorization: ***');
    expect(report.cases[0]?.exchange?.response?.body).toContain('bad token ***');
  });

  it('exits 2 when the selection is empty, and 0 with --allow-empty', async () => {
    const server = await scenario.serve((_req, res) => res.end(PREFLIGHT_BODY));
    await writeJsonFiles(scenario.dir, { 'cases/a.json': { cases: [searchCase('only', {}, { tags: ['x'] })] } });
    const first = createCapturedIo(scenario.dir);
    expect(await main(['run', '--target', server.url, '--grep', 'nope'], first.io)).toBe(2);
    expect(first.stderr()).toMatch(/no case matches the selection .*E_CATALOGUE_EMPTY/);
    const second = createCapturedIo(scenario.dir);
    expect(await main(['run', '--target', server.url, '--tag', 'nope', '--allow-empty', '--report', 'json'], second.io)).toBe(0);
  });

  it('exits 2 on a malformed case file before sending anything', async () => {
    let requests = 0;
    const server = await scenario.serve((_req, res) => {
      requests++;
      res.end('{}');
    });
    await writeJsonFiles(scenario.dir, {
      'cases/a.json': {
        cases: [{ id: 'bad', title: 'x', class: 'search.core', spec: ['s'], request: { action: 'datastore_search', method: 'PUT' }, expect: {} }],
      },
    });
    const { io, stderr } = createCapturedIo(scenario.dir);
    expect(await main(['run', '--target', server.url], io)).toBe(2);
    expect(stderr()).toMatch(/a\.json:\d+:\d+ \[bad\] \/request\/method .*E_CASE_INVALID/);
    expect(requests).toBe(0);
  });

  it('exits 2 for conflicting flags', async () => {
    const { io, stderr } = createCapturedIo(scenario.dir);
    expect(await main(['run', '--target', 'http://x', '--reference'], io)).toBe(2);
    expect(stderr()).toMatch(/mutually exclusive|cannot be used together/);
  });
});
