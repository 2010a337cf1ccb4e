// End to end: what the environment does to a run (closed stdout, unwritable --out, a reference server that cannot
// start) ends in a clear exit code and at most one line, never exit 70 or a stack trace.
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { spawnCli, waitFor } from '../helpers/spawn-cli.ts';
import { runCliInProcess } from '../helpers/captured-io.ts';
import { useScenario } from '../runner/helpers.ts';
import { readdir } from 'node:fs/promises';
import type { ServerResponse } from 'node:http';

const catalogue = {
  'cases/a.json': {
    cases: ['a/1', 'a/2'].map((id) => ({
      id,
      title: id,
      class: 'search.core',
      spec: ['api.md#4.1'],
      request: { action: 'datastore_search', params: { resource_id: id } },
      expect: { status: 200 },
    })),
  },
};
const envelope = '{"success": true, "result": {}}';

const scenario = useScenario(catalogue, { prefix: 'dsk-env-' });

describe('run in a hostile environment', () => {
  it('keeps running and writes every report when stdout is closed (run | head)', async () => {
    const held: ServerResponse[] = [];
    let stdoutClosed = false;
    const server = await scenario.serve((req, res) => {
      if (req.url?.includes('status_show') === true || stdoutClosed) return void res.end(envelope);
      held.push(res); // answered once the reader has gone, so the summary is written into a closed pipe
    });
    const cli = spawnCli(['run', '--target', server.url, '--concurrency', '2', '--allow-empty'], { cwd: scenario.dir });
    await waitFor(() => cli.stdout().includes('Running 2 cases') && held.length === 2, 'the first line and both requests');
    cli.child.stdout.destroy();
    stdoutClosed = true;
    for (const res of held) res.end(envelope);
    expect(await cli.exit).toBe(1); // the bare envelope breaks the seed contract: a finished run with failures
    expect(cli.stderr()).toBe('');
    expect((await readdir(path.join(scenario.dir, 'reports'))).sort()).toEqual(['ctrf.json', 'junit.xml', 'report.html', 'report.json', 'summary.md']);
  });

  it('refuses an unwritable --out with exit 3 and one line, before any request', async () => {
    let requests = 0;
    const server = await scenario.serve((_req, res) => {
      requests += 1;
      res.end(envelope);
    });
    await writeFile(path.join(scenario.dir, 'a-file'), '');
    const out = path.join(scenario.dir, 'a-file', 'reports');
    const cli = await runCliInProcess(['run', '--target', server.url, '--out', out, '--allow-empty'], { cwd: scenario.dir });
    expect(cli.code).toBe(3);
    expect(cli.stderr).toBe(`cannot write reports to ${out} (ENOTDIR); pass --out with a writable folder (E_ENV)\n`);
    expect(requests).toBe(0);
  });

  it('ends with exit 3 and one line when the reference server cannot start (PGlite cannot make its data scenario.dir)', async () => {
    await writeFile(path.join(scenario.dir, 'a-file'), '');
    const cli = await runCliInProcess(['run', '--reference', '--tag', 'smoke', '--out', path.join(scenario.dir, 'reports')], {
      env: { DATASTORE_KIT_CACHE_DIR: path.join(scenario.dir, 'a-file', 'cache') },
    });
    expect(cli.code).toBe(3);
    expect(cli.stderr).toMatch(/^the reference server cannot start: ENOTDIR: not a directory, mkdir '[^\n]*' \(E_SERVER_START\)\n$/);
  });
});
