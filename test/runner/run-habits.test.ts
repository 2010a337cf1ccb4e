// `run --verbose` shows each request and response with the token masked; `run --last-failed` runs again only the
// variants that failed or errored in the report folder's report.json. Over the real reference server on port 0,
// through main() in-process, asserting what the user sees.
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../src/cli/main.ts';
import { startReferenceServer, type ReferenceServer, type RunResult } from '../../src/index.ts';
import { createCapturedIo, makeTempDir, removeDir, writeJsonFiles } from './helpers.ts';

const COURSES = 'df356cc6-0e13-4ba8-bc98-c4706614881b';
const TOKEN = 'habits-secret-token-6f1c';

/** A case of two variants (GET and POST) whose limit is `limit`, expecting at most `expected` records. */
function limitCase(id: string, limit: number, expected: number): object {
  return {
    id,
    class: 'search.core',
    spec: ['api.md#4.1'],
    title: `a page of ${limit}`,
    variants: { method: ['GET', 'POST'] },
    request: { action: 'datastore_search', params: { resource_id: '${resources.courses}', limit } },
    expect: { success: true, records: { max: expected } },
  };
}

let reference: ReferenceServer;
let dir: string;

beforeAll(async () => {
  reference = await startReferenceServer({ fixturesDir: path.resolve('fixtures'), port: 0, config: { apiTokens: [TOKEN] } });
  dir = await makeTempDir();
  await writeFile(path.join(dir, 'p.yaml'), JSON.stringify({ name: 'p', data: 'other', capabilities: [], resources: { courses: COURSES } }));
});

afterAll(async () => {
  await reference?.close();
  if (dir !== undefined) await removeDir(dir);
});

async function run(args: readonly string[], cwd = dir): Promise<{ code: number; stdout: string; stderr: string }> {
  const captured = createCapturedIo(cwd, { CI: '1', NO_COLOR: '1', HABITS_TOKEN: TOKEN });
  const code = await main(['run', '--target', reference.url, '--profile', 'p.yaml', '--token-env', 'HABITS_TOKEN', ...args], captured.io);
  return { code, stdout: captured.stdout(), stderr: captured.stderr() };
}

async function reportIds(out: string): Promise<string[]> {
  const report = JSON.parse(await readFile(path.join(dir, out, 'report.json'), 'utf8')) as RunResult;
  return report.cases.map((c) => `${c.id} ${c.status}`).sort();
}

describe('run --verbose', () => {
  it('prints each request and its answer with the token masked, and the token nowhere', async () => {
    await writeJsonFiles(dir, { 'cases/a.json': { cases: [limitCase('page/three', 3, 3)] } });
    const { code, stdout } = await run(['--verbose', '--report', 'json', '--out', 'verbose']);
    expect(code).toBe(0);
    const url = `${reference.url}/api/action/datastore_search`;
    expect(stdout).toContain(`> GET ${url}?resource_id=${COURSES}&limit=3\n> authorization: ***\n< 200 (`);
    expect(stdout).toContain(`> POST ${url}\n`);
    expect(stdout).toContain(`> authorization: ***\n> {"resource_id":"${COURSES}","limit":3}\n< 200 (`);
    expect(stdout).toMatch(/^< \{"help": ".*"success": true/m);
    expect(stdout.match(/^── page\/three \[(GET|POST) - \/api\/action\] \(pass\)$/gm)).toHaveLength(2);
    expect(stdout).not.toContain(TOKEN);
  });

  it('prints no exchange without --verbose', async () => {
    const { code, stdout } = await run(['--report', 'json', '--out', 'quiet']);
    expect(code).toBe(0);
    expect(stdout).not.toContain('> GET');
  });
});

describe('run --last-failed', () => {
  it('refuses, in one line and with exit 2, a report folder that holds no report.json', async () => {
    const { code, stdout, stderr } = await run(['--last-failed', '--out', 'never-written']);
    expect({ code, stdout, stderr }).toEqual({
      code: 2,
      stdout: '',
      stderr: '--last-failed: no never-written/report.json from an earlier run (run without --last-failed first, or name its --out) (E_USAGE)\n',
    });
  });

  it('runs only the variants that failed, until they pass, then says there is nothing to run', async () => {
    const cases = (expectedOfSecond: number): object => ({ cases: [limitCase('page/three', 3, 3), limitCase('page/five', 5, expectedOfSecond)] });
    await writeJsonFiles(dir, { 'cases/a.json': cases(4) });
    const first = await run(['--report', 'json', '--out', 'last']);
    expect(first.code).toBe(1);
    const failed = (await reportIds('last')).filter((line) => line.endsWith(' fail'));
    expect(failed).toHaveLength(2);
    expect(failed.every((line) => line.startsWith('page/five ['))).toBe(true);

    const again = await run(['--last-failed', '--report', 'json', '--out', 'last']);
    expect(again.code).toBe(1);
    expect(again.stdout).toContain('Running 2 cases against');
    expect(await reportIds('last')).toEqual(failed);

    await writeJsonFiles(dir, { 'cases/a.json': cases(5) });
    const fixed = await run(['--last-failed', '--report', 'json', '--out', 'last']);
    expect(fixed.code).toBe(0);
    expect(await reportIds('last')).toEqual(failed.map((line) => line.replace(/ fail$/, ' pass')));

    const nothing = await run(['--last-failed', '--report', 'json', '--out', 'last']);
    expect(nothing).toEqual({ code: 0, stdout: '--last-failed: no case variant failed or errored in last/report.json; nothing to run\n', stderr: '' });
  });

  it('refuses a report.json that is not a report, naming it', async () => {
    await writeJsonFiles(dir, { 'broken/report.json': { not: 'a report' } });
    const { code, stderr } = await run(['--last-failed', '--out', 'broken']);
    expect(code).toBe(2);
    expect(stderr).toMatch(/^broken\/report\.json.*E_REPORT_INVALID/);
  });
});
