// The report folder at the start of a run: stale temp files of a killed run go, and an earlier run's reports are
// moved aside, so a run that fails or dies never leaves an old green result where CI looks.
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { main } from '../../src/cli/main.ts';
import { createCapturedIo, findClosedPort, useScenario } from './helpers.ts';

const catalogue = {
  'cases/search.json': {
    cases: [
      {
        id: 'search/one',
        title: 'One',
        class: 'search.core',
        spec: ['api.md#4.1'],
        request: { action: 'datastore_search', params: { resource_id: 'x' } },
        expect: { status: 200 },
      },
    ],
  },
};

const scenario = useScenario(catalogue, {
  // what an earlier, green run and a run killed while writing leave behind
  prepare: async (dir) => {
    await mkdir(path.join(dir, 'reports'));
    for (const file of ['report.json', 'junit.xml', 'summary.md', '.report.json.0a1b2c3d4e5f.tmp', '.junit.xml.abcdef012345.tmp', 'notes.txt']) {
      await writeFile(path.join(dir, 'reports', file), 'old');
    }
  },
});

const listReports = async (): Promise<string[]> => (await readdir(path.join(scenario.dir, 'reports'))).sort();

describe('the report folder at the start of a run', () => {
  it('loses stale temp files and keeps earlier reports only as *.previous', async () => {
    const server = await scenario.serve((_req, res) => res.end('{"success": true, "result": {}}'));
    const { io } = createCapturedIo(scenario.dir);
    // exit 1: the bare answer breaks the seed contract; what matters here is the folder
    expect(await main(['run', '--target', server.url, '--report', 'json', '--allow-empty'], io)).toBe(1);
    expect(await listReports()).toEqual(['junit.xml.previous', 'notes.txt', 'report.json', 'report.json.previous', 'summary.md.previous']);
  });

  it('holds no earlier report after a run that could not start', async () => {
    const port = await findClosedPort();
    const { io } = createCapturedIo(scenario.dir);
    expect(await main(['run', '--target', `http://127.0.0.1:${port}`, '--allow-empty'], io)).toBe(3);
    expect(await listReports()).toEqual(['junit.xml.previous', 'notes.txt', 'report.json.previous', 'summary.md.previous']);
  });

  it('names case files from the working folder (the repository root) in JSON, JUnit and CTRF', async () => {
    const server = await scenario.serve((_req, res) => res.end('{"success": true, "result": {}}'));
    const { io } = createCapturedIo(scenario.dir);
    await main(['run', '--target', server.url, '--report', 'json,junit,ctrf', '--allow-empty'], io);
    const read = (file: string): Promise<string> => readFile(path.join(scenario.dir, 'reports', file), 'utf8');
    expect((JSON.parse(await read('report.json')) as { cases: Array<{ file: string }> }).cases.map((c) => c.file)).toEqual(['cases/search.json']);
    expect(await read('junit.xml')).toContain('file="cases/search.json"');
    expect(await read('ctrf.json')).toContain('"filePath": "cases/search.json"');
  });
});
