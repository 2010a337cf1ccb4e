// Every command once through a real process (`node --import tsx src/cli/bin.ts`, as bin/ runs dist/): its exit code,
// its output and the files it writes, as a user sees them. Everything else about the commands runs in-process
// (main() with captured streams); `run` and `serve` have spawned tests of their own (run.test.ts, serve.test.ts,
// run-interrupt.test.ts, run-environment.test.ts), which cover what only a process shows (signals, closed stdout).
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderJson } from '../../src/reporters/index.ts';
import { startReferenceServer, type ReferenceServer } from '../../src/index.ts';
import { buildCase, buildRun } from '../reporters/build-result.ts';
import { spawnCli } from '../helpers/spawn-cli.ts';

const TOKEN = 'commands-e2e-token-0123';
let dir: string;
let server: ReferenceServer;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'dsk-commands-'));
  server = await startReferenceServer({ fixturesDir: 'fixtures', port: 0, config: { apiTokens: [TOKEN] } });
});
afterAll(async () => {
  await server?.close();
  if (dir !== undefined) await rm(dir, { recursive: true, force: true });
});

async function cli(args: readonly string[]): Promise<{ code: number | string | null; stdout: string; stderr: string }> {
  const spawned = spawnCli(args, { env: { COMMANDS_TOKEN: TOKEN } });
  const code = await spawned.exit;
  return { code, stdout: spawned.stdout(), stderr: spawned.stderr() };
}

describe.concurrent('each command through a real process', () => {
  it('list prints the selection and its count', async () => {
    const { code, stdout, stderr } = await cli(['list', '--tag', 'smoke']);
    expect({ code, stderr }).toEqual({ code: 0, stderr: '' });
    expect(stdout).toMatch(/^\d+ cases, \d+ variants$/m);
  });

  it('check validates the catalogue and the profile against the target', async () => {
    const { code, stdout, stderr } = await cli([
      'check',
      '--tag',
      'smoke',
      '--target',
      server.url,
      '--profile',
      'profiles/reference.yaml',
      '--token-env',
      'COMMANDS_TOKEN',
    ]);
    expect({ code, stderr }).toEqual({ code: 0, stderr: '' });
    expect(stdout).not.toBe('');
  });

  it('probe writes a profile of the target', async () => {
    const out = path.join(dir, 'probed.yaml');
    const { code, stderr } = await cli(['probe', '--target', server.url, '--token-env', 'COMMANDS_TOKEN', '--out', out]);
    expect(code).toBe(0);
    expect(stderr).toMatch(/^probe: wrote /);
    expect(await readFile(out, 'utf8')).toMatch(/^ckan: "?2\.11"?(\s|$)/m);
  });

  it('extract writes a resource to a CSV file', async () => {
    const out = path.join(dir, 'courses.csv');
    const { code } = await cli(['extract', '--target', server.url, '--resource', 'courses', '--out', out]);
    expect(code).toBe(0);
    const lines = (await readFile(out, 'utf8')).trimEnd().split('\n');
    expect(lines[0]).toMatch(/^_id,/);
    expect(lines.length).toBeGreaterThan(100);
  });

  it('diff finds two targets serving the same data in agreement', async () => {
    const side = ['--target', server.url, '--profile', 'profiles/reference.yaml', '--token-env', 'COMMANDS_TOKEN'];
    const { code, stderr } = await cli(['diff', ...side, ...side, '--tag', 'smoke', '--out', path.join(dir, 'diff')]);
    expect({ code, stderr }).toEqual({ code: 0, stderr: '' });
    expect(JSON.parse(await readFile(path.join(dir, 'diff', 'diff.json'), 'utf8'))).toMatchObject({ summary: { differ: 0 } });
  });

  it('contract checks a response body read from a file', async () => {
    const body = await (await fetch(`${server.url}/api/3/action/datastore_search?resource_id=courses&limit=2`)).text();
    const file = path.join(dir, 'search.json');
    await writeFile(file, body);
    const { code, stderr } = await cli(['contract', file]);
    expect({ code, stderr }).toEqual({ code: 0, stderr: '' });
  });

  it('report merge joins shard reports', async () => {
    for (const index of [1, 2]) {
      await mkdir(path.join(dir, `shard-${index}`), { recursive: true });
      const result = buildRun([buildCase({ id: `case/${index}`, caseId: `case/${index}`, status: 'pass' })], { shard: { index, count: 2 } });
      await writeFile(path.join(dir, `shard-${index}`, 'report.json'), renderJson(result));
    }
    const merged = path.join(dir, 'merged');
    const { code, stdout } = await cli(['report', 'merge', path.join(dir, 'shard-1'), path.join(dir, 'shard-2'), '--out', merged]);
    expect(code).toBe(0);
    expect(stdout).toContain('2 passed, 0 failed');
    expect(JSON.parse(await readFile(path.join(merged, 'report.json'), 'utf8'))).toMatchObject({ summary: { total: 2, pass: 2 } });
  });
});
