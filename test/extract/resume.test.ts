import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { extract, startReferenceServer, type ReferenceServer } from '../../src/index.ts';
import { checkpointPath } from '../../src/extract/index.ts';
import { CLI_BIN } from '../helpers/cli-bundle.ts';

let server: ReferenceServer;
let dir: string;

beforeAll(async () => {
  server = await startReferenceServer({ fixturesDir: 'fixtures', port: 0 });
  dir = await mkdtemp(join(tmpdir(), 'dsk-resume-'));
});

afterAll(async () => {
  await server.close();
  await rm(dir, { recursive: true, force: true });
});

function runCli(args: readonly string[]): { exited: Promise<{ code: number | null; signal: string | null; stderr: string }>; kill(): void } {
  const child = spawn(process.execPath, [CLI_BIN, ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, CI: 'true' },
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  const exited = new Promise<{ code: number | null; signal: string | null; stderr: string }>((resolve) => {
    child.on('exit', (code, signal) => resolve({ code, signal, stderr }));
  });
  return { exited, kill: () => child.kill('SIGKILL') };
}

async function checkpointRows(out: string): Promise<number> {
  try {
    const value: unknown = JSON.parse(await readFile(checkpointPath(out), 'utf8'));
    return typeof value === 'object' && value !== null && 'rows' in value && typeof value.rows === 'number' ? value.rows : 0;
  } catch {
    return 0;
  }
}

async function waitFor(condition: () => Promise<boolean>, deadlineMs: number): Promise<void> {
  const end = Date.now() + deadlineMs;
  while (!(await condition())) {
    if (Date.now() > end) throw new Error('condition not met before the deadline');
    await new Promise((resolve) => setImmediate(resolve));
  }
}

describe('extract --resume', () => {
  it.each(['csv', 'jsonl.gz'])('continues a SIGKILLed %s extract to a file identical to an uninterrupted run', async (ext) => {
    const out = join(dir, `killed.${ext}`);
    const reference = join(dir, `whole.${ext}`);
    const common = ['--target', server.url, '--resource', 'courses', '--page-size', '5'];
    const first = runCli(['extract', ...common, '--out', out, '--rate', '25']);
    await waitFor(async () => (await checkpointRows(out)) >= 40, 60_000);
    first.kill();
    const killed = await first.exited;
    expect(killed.signal).toBe('SIGKILL');
    expect(await checkpointRows(out)).toBeLessThan(260);
    await expect(stat(out)).rejects.toThrow();

    const second = runCli(['extract', ...common, '--out', out, '--resume']);
    const resumed = await second.exited;
    expect(resumed.stderr).toMatch(/resuming after \d+ rows/);
    expect(resumed.code).toBe(0);

    await extract({
      source: { target: server.url },
      resource: 'courses',
      format: ext === 'csv' ? 'csv' : 'jsonl',
      gzip: ext.endsWith('.gz'),
      out: reference,
      pageSize: 5,
    });
    expect((await readFile(out)).equals(await readFile(reference))).toBe(true);
    const manifest: unknown = JSON.parse(await readFile(`${out}.manifest.json`, 'utf8'));
    expect(manifest).toMatchObject({ rows: 260, resumed: true });
  });
});
