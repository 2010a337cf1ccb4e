// `datastore-kit diff` through main(): exit codes, the printed seed and replay commands, reports, usage errors.
import { readdir } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../src/cli/main.ts';
import { captureIo } from '../helpers/captured-io.ts';
import { ROOT, startDiffServers, TOKEN, type DiffServers } from './helpers.ts';

let servers: DiffServers;

beforeAll(async () => {
  servers = await startDiffServers();
});

afterAll(async () => {
  await servers?.close();
});

async function diff(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const captured = captureIo(ROOT, { DIFF_TOKEN: TOKEN });
  const code = await main(['diff', '--profile', 'profiles/reference.yaml', '--token-env', 'DIFF_TOKEN', '--out', servers.out, ...args], captured.io);
  return { code, stdout: captured.stdout(), stderr: captured.stderr() };
}

describe('datastore-kit diff', () => {
  it('exits 0 when two targets agree, and writes diff.json, diff.md and diff.html', async () => {
    const { code, stdout } = await diff('--target', servers.original.url, '--target', servers.original.url, '--id', 'search/limit');
    expect(stdout).toMatch(/The targets agree: \d+ request pairs: \d+ agree, 0 differ, 0 errors/);
    expect(code).toBe(0);
    expect((await readdir(servers.out)).filter((name) => name.startsWith('diff.')).sort()).toEqual(['diff.html', 'diff.json', 'diff.md']);
  });

  it('exits 1 on a disagreement and prints the shrunk request, its seed and a curl command per target', async () => {
    const { code, stdout } = await diff(
      '--target',
      servers.original.url,
      '--target',
      servers.altered.url,
      '--no-catalogue',
      '--generate',
      '100',
      '--seed',
      '7',
    );
    expect(code).toBe(1);
    expect(stdout).toContain('Generated: 100 requests with --seed 7');
    expect(stdout).toMatch(/#1 shrunk in \d+ step\(s\) to: GET datastore_search \{"resource_id":"\$\{resources\.courses\}"\}/);
    expect(stdout).toContain(`replay on A: curl --compressed '${servers.original.url}/api/3/action/datastore_search?resource_id=`);
    expect(stdout).toContain(`replay on B: curl --compressed '${servers.altered.url}/api/3/action/datastore_search?resource_id=`);
    expect(stdout).toContain('"authorization: $TOKEN"');
    expect(stdout).toContain(`--token-env DIFF_TOKEN --no-catalogue --generate 100 --seed 7`);
    expect(stdout).toContain('record _id=3 changed: "title" "Principles of Optics" -> "Principles of Optics (revised)"');
    expect(stdout).not.toContain(TOKEN);
  });

  it.each([
    [['--target', 'http://127.0.0.1:9'], /diff needs two targets: --target A --target B, or --target A --reference \(got 1\)/],
    [['--target', 'http://127.0.0.1:9', '--target', 'http://127.0.0.1:9', '--seed', '3'], /--seed needs --generate N/],
    [['--target', 'http://127.0.0.1:9', '--target', 'http://127.0.0.1:9', '--report', 'junit'], /--report for diff takes json, md, html/],
  ])('exits 2 with one line for bad flags %j', async (args, message) => {
    const { code, stderr } = await diff(...args);
    expect(code).toBe(2);
    expect(stderr).toMatch(message);
    expect(stderr.trim().split('\n')).toHaveLength(1);
  });

  it('exits 2 when no selected case runs on both targets, instead of agreeing on nothing', async () => {
    const captured = captureIo(ROOT, {});
    const code = await main(
      ['diff', '--target', servers.original.url, '--target', servers.original.url, '--id', 'search/limit', '--out', servers.out],
      captured.io,
    );
    expect(captured.stderr()).toMatch(/^none of the \d+ selected case variants runs on both targets .*\(E_CATALOGUE_EMPTY\)\n$/);
    expect(code).toBe(2);
  });

  it('exits 2 and points to --profile when --generate has no resource to sample (no profile)', async () => {
    const captured = captureIo(ROOT, {});
    const args = ['diff', '--target', servers.original.url, '--target', servers.original.url, '--no-catalogue', '--generate', '5', '--out', servers.out];
    const code = await main(args, captured.io);
    expect(captured.stderr()).toMatch(/^cannot generate requests: the two profiles name no resource in common .*--profile.*\(E_USAGE\)\n$/);
    expect(code).toBe(2);
  });

  it('exits 3 with one line when a target is down (pre-flight)', async () => {
    const { code, stderr, stdout } = await diff('--target', servers.original.url, '--target', 'http://127.0.0.1:9', '--id', 'search/limit');
    expect(code).toBe(3);
    expect(stderr).toMatch(/^target http:\/\/127\.0\.0\.1:9 is unreachable: .*\(E_UNREACHABLE\)\n$/);
    expect(stdout).toBe('');
  });
});
