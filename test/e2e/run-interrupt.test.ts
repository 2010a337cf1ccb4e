// End to end: a run stopped by SIGINT or SIGTERM exits 130 and every report says it was interrupted.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { spawnCli, waitFor } from '../helpers/spawn-cli.ts';
import { useScenario } from '../runner/helpers.ts';

const ids = ['a/1', 'a/2', 'a/3', 'a/4', 'a/5'];
const catalogue = {
  'cases/a.json': {
    cases: ids.map((id) => ({
      id,
      title: id,
      class: 'search.core',
      spec: ['api.md#4.1'],
      request: { action: 'datastore_search', params: { resource_id: id } },
      expect: { status: 200 },
    })),
  },
};

const scenario = useScenario(catalogue, { prefix: 'dsk-interrupt-' });

describe.each(['SIGINT', 'SIGTERM'] as const)('a run stopped by %s', (signal) => {
  it('exits 130 and no report reads as a pass', async () => {
    let actions = 0;
    // the first case is answered, the second hangs, so the signal lands mid-run
    const server = await scenario.serve((req, res) => {
      // the pre-flight's status_show gets CKAN's envelope; only the cases' requests are counted
      if (req.url?.includes('status_show') === true) return void res.end('{"success": true, "result": {}}');
      actions += 1;
      if (actions === 1) res.end('{"success": true, "result": {}}');
    });
    const cli = spawnCli(['run', '--target', server.url, '--concurrency', '1', '--timeout-ms', '60000', '--allow-empty'], { cwd: scenario.dir });
    await waitFor(() => actions >= 2, 'the second request');
    cli.child.kill(signal);
    expect(await cli.exit).toBe(130);
    const read = (file: string): Promise<string> => readFile(path.join(scenario.dir, 'reports', file), 'utf8');
    const report = JSON.parse(await read('report.json')) as {
      interrupted?: unknown;
      summary: { skipped: number };
      cases: { status: string; error?: { code: string; message: string } }[];
    };
    expect(report.interrupted).toEqual({ ran: 2, notRun: 3 });
    // the request in flight is stopped with the run, not left to run into its timeout (a minute here)
    const errors = report.cases.filter((c) => c.status === 'error').map((c) => c.error);
    expect(errors).toEqual([{ code: 'E_INTERRUPTED', message: expect.stringContaining('interrupted before an answer came') }]);
    expect(report.summary.skipped).toBe(3);
    const line = 'interrupted: 2 of 5 case variants ran, 3 not run';
    expect(await read('summary.md')).toContain('conformance: ❌ failed');
    expect(await read('summary.md')).toContain(line);
    expect(await read('report.html')).toContain(`<p class="verdict bad">${line}`);
    expect(await read('junit.xml')).toMatch(/<testsuites [^>]*errors="2"/);
    expect(await read('ctrf.json')).toContain(line);
    expect(cli.stdout()).toContain(line);
    expect(cli.stderr()).toBe('');
  });
});
