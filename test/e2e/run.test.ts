// End to end: spawn the CLI once with --reference over a small scenario catalogue; check exit code and reports.
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawnCli } from '../helpers/spawn-cli.ts';

const scenario = {
  cases: [
    {
      id: 'e2e/limit',
      title: 'limit caps the records',
      class: 'search.core',
      spec: ['api.md#4.1'],
      request: { action: 'datastore_search', params: { resource_id: '${resources.courses}', limit: 2 } },
      variants: { method: ['POST', 'GET'] },
      expect: { status: 200, success: true, records: { count: 2, atMostLimit: true } },
    },
    {
      id: 'e2e/private',
      title: 'the run token reads the private resource',
      class: 'auth',
      spec: ['api.md#5'],
      needs: ['private', 'token'],
      request: { action: 'datastore_search', params: { resource_id: '${resources.staff}', limit: 1 } },
      expect: { success: true, records: { count: 1 } },
    },
  ],
};

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'dsk-e2e-run-'));
  await writeFile(path.join(dir, 'cases.json'), JSON.stringify(scenario));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function runCli(args: string[], env: Record<string, string> = {}): Promise<{ code: number | string | null; stdout: string; stderr: string }> {
  const cli = spawnCli(args, { env });
  const code = await cli.exit;
  return { code, stdout: cli.stdout(), stderr: cli.stderr() };
}

describe('datastore-kit run --reference (spawned)', () => {
  it('runs the scenario against the bundled server, exits 0 and writes every report', async () => {
    const out = path.join(dir, 'reports');
    const stepSummary = path.join(dir, 'step-summary.md');
    await writeFile(stepSummary, '# earlier step\n');
    const { code, stdout, stderr } = await runCli(['run', '--reference', '--cases', dir, '--out', out], { GITHUB_STEP_SUMMARY: stepSummary });
    expect({ code, stderr }).toEqual({ code: 0, stderr: '' });
    expect(stdout).toMatch(/Running 3 cases against http:\/\/127\.0\.0\.1:\d+/);
    const files = await readdir(out);
    expect(files).toContain('report.json');
    expect(files).toContain('junit.xml');
    const report: unknown = JSON.parse(await readFile(path.join(out, 'report.json'), 'utf8'));
    expect(report).toMatchObject({ target: { reference: true, profile: 'reference' }, summary: { total: 3, pass: 3 } });
    const summary = await readFile(stepSummary, 'utf8');
    expect(summary.startsWith('# earlier step\n')).toBe(true);
    expect(summary).toContain(await readFile(path.join(out, 'summary.md'), 'utf8'));
  });
});
