// The scheduling examples of docs/extracts.md (cron, a systemd service and timer, a GitHub Actions workflow) are
// tested: their schedules agree (03:15 every day), and the datastore-kit command of each runs as shown, from the
// folder the example names, against the reference server with a job file of its own.
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { main } from '../../src/cli/main.ts';
import { startReferenceServer, type ReferenceServer } from '../../src/index.ts';
import { captureIo } from '../helpers/captured-io.ts';
import { readBlocks } from './markdown-examples.ts';
import { parseCommand } from './shell-words.ts';

const blocks = readBlocks(await readFile('docs/extracts.md', 'utf8'));
const section = (lang: string, marker: string): string[] => {
  const found = blocks.find((block) => block.lang === lang && block.body.some((line) => line.includes(marker)));
  if (found === undefined) throw new Error(`docs/extracts.md has no ${lang} block with ${marker}`);
  return [...found.body];
};
const cronLine = section('crontab', 'datastore-kit').find((line) => !line.startsWith('#') && line.trim() !== '') ?? '';
const service = section('ini', '[Service]');
const timer = section('ini', '[Timer]');
const workflow: unknown = parse(section('yaml', 'schedule:').join('\n'));

let server: ReferenceServer;
let dir: string;

beforeAll(async () => {
  server = await startReferenceServer({ fixturesDir: 'fixtures', port: 0, config: { apiTokens: ['schedule-token'] } });
  dir = await mkdtemp(join(tmpdir(), 'dsk-schedule-docs-'));
});

afterAll(async () => {
  await server.close();
  await rm(dir, { recursive: true, force: true });
});

/** Runs the words after `datastore-kit` in a fresh folder holding a job file, as the example's command would. */
async function runDocumented(command: string): Promise<{ code: number; files: string[]; stdout: string }> {
  const words = parseCommand(command, {}).words;
  const start = words.indexOf('datastore-kit');
  expect(start).toBeGreaterThan(-1);
  const folder = await mkdtemp(join(dir, 'run-'));
  await writeFile(
    join(folder, 'extracts.yaml'),
    [
      `target: ${server.url}`,
      'defaults: { tokenEnv: DATASTORE_TOKEN, incremental: true }',
      'extracts:',
      '  - { name: staff, resource: staff, out: "out/{name}-{date}.csv" }',
      '',
    ].join('\n'),
  );
  const run = captureIo(folder, { CI: 'true', DATASTORE_TOKEN: 'schedule-token' });
  const code = await main(words.slice(start + 1), run.io);
  return { code, files: await readdir(join(folder, 'out')), stdout: run.stdout() };
}

const settingOf = (lines: readonly string[], key: string): string => lines.find((line) => line.startsWith(`${key}=`))?.slice(key.length + 1) ?? '';

describe('docs/extracts.md on a schedule', () => {
  it('schedules all three at 03:15 every day', () => {
    expect(cronLine.split(/\s+/).slice(0, 5)).toEqual(['15', '3', '*', '*', '*']);
    expect(settingOf(timer, 'OnCalendar')).toBe('*-*-* 03:15:00');
    expect(workflow).toMatchObject({ on: { schedule: [{ cron: '15 3 * * *' }] } });
    expect(settingOf(service, 'Type')).toBe('oneshot');
  });

  it.each([
    ['cron', () => cronLine.split(/\s+/).slice(5).join(' ').split('&&').at(-1)?.replace(/>>.*$/, '') ?? ''],
    ['systemd', () => settingOf(service, 'ExecStart')],
    ['GitHub Actions', () => JSON.stringify(workflow).match(/"run":"([^"]*datastore-kit[^"]*)"/)?.[1] ?? ''],
  ])('runs the %s command as shown: every extract of the job, with the token from the environment', async (_name, command) => {
    const { code, files, stdout } = await runDocumented(command());
    expect(stdout).toMatch(/ok {5}staff: 12 rows/);
    expect(code).toBe(0);
    expect(files).toContain(`staff-${new Date().toISOString().slice(0, 10)}.csv`);
  });
});
