// `run` picks the CKAN version (--ckan-version V|auto, the profile, the reference server) and the contract
// (--contract, else ckan when a version is named, else seed), says both in the report, and the ckan contract of a
// named version catches what seed lets through.
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../src/cli/main.ts';
import { startReferenceServer, type ReferenceServer, type RunResult } from '../../src/index.ts';
import { createCapturedIo, makeTempDir, readBody, removeDir, startTestServer, writeJsonFiles, type TestServer } from './helpers.ts';

const COURSES = 'df356cc6-0e13-4ba8-bc98-c4706614881b';
const scenario = {
  'cases/search.json': {
    cases: [
      {
        id: 'page',
        class: 'search.core',
        spec: ['api.md#4.1'],
        title: 'a page of courses',
        request: { action: 'datastore_search', params: { resource_id: '${resources.courses}', limit: 5 } },
        expect: { success: true, records: { atMostLimit: true } },
      },
    ],
  },
};

let reference: ReferenceServer;
let dir: string;

beforeAll(async () => {
  reference = await startReferenceServer({ fixturesDir: path.resolve('fixtures'), port: 0 });
  dir = await makeTempDir();
  await writeJsonFiles(dir, scenario);
  const profile = (name: string, extra: object): Promise<void> =>
    writeFile(path.join(dir, `${name}.yaml`), JSON.stringify({ name, data: 'other', capabilities: ['sql'], resources: { courses: COURSES }, ...extra }));
  await profile('plain', {});
  await profile('named', { ckan: '2.11' });
  await profile('auto', { ckan: 'auto' });
  await profile('legacy', { capabilities: ['sql', 'ckan-2.11'] });
});

afterAll(async () => {
  await reference?.close();
  if (dir !== undefined) await removeDir(dir);
});

/** A proxy to the reference server: `hideStatus` answers status_show with an HTML 404; `stringify` turns numbers in records into strings. */
async function startProxy(options: { hideStatus?: boolean; stringify?: boolean }): Promise<TestServer> {
  return startTestServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', reference.url);
      if (options.hideStatus === true && url.pathname.endsWith('/status_show')) {
        res.statusCode = 404;
        res.setHeader('content-type', 'text/html');
        res.end('<html>Not Found</html>');
        return;
      }
      const body = await readBody(req);
      const response = await fetch(url, {
        method: req.method ?? 'GET',
        headers: { 'content-type': 'application/json' },
        ...(req.method === 'POST' ? { body } : {}),
      });
      let text = await response.text();
      if (options.stringify === true) text = text.replace(/("(?:_id|credits|hours|year|price)":)(-?\d+(?:\.\d+)?)/g, '$1"$2"');
      res.statusCode = response.status;
      res.setHeader('content-type', 'application/json;charset=utf-8');
      res.end(text);
    })();
  });
}

async function runAgainst(target: string, args: string[]): Promise<{ code: number; report: RunResult; stdout: string }> {
  const captured = createCapturedIo(dir);
  const code = await main(['run', '--target', target, '--report', 'json,junit', ...args], captured.io);
  const report = JSON.parse(await readFile(path.join(dir, 'reports', 'report.json'), 'utf8')) as RunResult;
  return { code, report, stdout: captured.stdout() };
}

describe('run: the CKAN version and the contract', () => {
  it("uses the profile's version and so the ckan contract, and says why in the report, the console and JUnit", async () => {
    const { code, report, stdout } = await runAgainst(reference.url, ['--profile', 'named.yaml']);
    expect(code).toBe(0);
    expect(report.target.ckan).toEqual({ version: '2.11', release: '2.11.5', reason: 'the profile says ckan: "2.11"' });
    expect(report.contract).toEqual({ profile: 'ckan', reason: 'a CKAN version is named (the profile says ckan: "2.11")' });
    expect(stdout).toContain('CKAN 2.11 (the profile says ckan: "2.11"); contract ckan (a CKAN version is named');
    const junit = await readFile(path.join(dir, 'reports', 'junit.xml'), 'utf8');
    expect(junit).toContain('<property name="target.ckan.version" value="2.11"/>');
    expect(junit).toContain('<property name="contract" value="ckan"/>');
  });

  it('falls back to seed only when nothing names a version, and says so', async () => {
    const { report } = await runAgainst(reference.url, ['--profile', 'plain.yaml']);
    expect(report.contract?.profile).toBe('seed');
    expect(report.target.ckan?.version).toBeUndefined();
    expect(report.target.ckan?.reason).toBe('the profile names no CKAN release');
    expect(report.contract?.reason).toBe("the profile names no CKAN release: the API description's contract");
    expect(report.verdicts?.map((v) => `${v.title}: ${v.outcome}`)).toEqual(['API description: pass', 'CKAN compatibility: not-tested']);
  });

  it('--ckan-version wins over the profile; --contract wins over the choice', async () => {
    const { report } = await runAgainst(reference.url, ['--profile', 'named.yaml', '--ckan-version', '2.10', '--contract', 'seed']);
    expect(report.target.ckan).toEqual({ version: '2.10', reason: '--ckan-version 2.10' });
    expect(report.contract).toEqual({ profile: 'seed', reason: '--contract seed' });
  });

  it('auto reads status_show', async () => {
    const { code, report } = await runAgainst(reference.url, ['--profile', 'auto.yaml']);
    expect(code).toBe(0);
    expect(report.target.ckan).toEqual({ version: '2.11', release: '2.11.5', reason: expect.stringMatching(/^from status_show: 2\.11\.\d+$/) });
    expect(report.contract?.profile).toBe('ckan');
  });

  it('auto without status_show reads the markers of a search and an SQL numeric', async () => {
    const proxy = await startProxy({ hideStatus: true });
    try {
      const { report } = await runAgainst(proxy.url, ['--profile', 'plain.yaml', '--ckan-version', 'auto']);
      expect(report.target.ckan?.version).toBe('2.11');
      expect(report.target.ckan?.reason).toMatch(/^from markers: .*echoes total_estimation_threshold.*numeric "n" as a number/);
    } finally {
      await proxy.close();
    }
  });

  it('the legacy ckan-2.11 capability runs the ckan contract, which catches numbers sent as strings', async () => {
    const proxy = await startProxy({ stringify: true });
    try {
      const { code, report } = await runAgainst(proxy.url, ['--profile', 'legacy.yaml']);
      expect(report.contract?.profile).toBe('ckan');
      expect(code).toBe(1);
      expect(report.cases[0]?.findings.map((f) => f.rule)).toContain('contract.types');
    } finally {
      await proxy.close();
    }
  });
});
