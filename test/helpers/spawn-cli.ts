// Spawns the CLI as a user would (node directly, so signals reach it unrelayed) and collects its output. It runs
// a bundle of the current sources (cli-bundle.ts), never a possibly stale dist/ (test/package/pack.test.ts covers the
// built bin); `waitFor` polls the output with a deadline instead of sleeping.
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import path from 'node:path';
import { CLI_BIN } from './cli-bundle.ts';

const root = path.resolve(import.meta.dirname, '../..');

export interface SpawnedCli {
  child: ChildProcessWithoutNullStreams;
  stdout: () => string;
  stderr: () => string;
  /** The exit code, or the signal name when a signal ended the process. */
  exit: Promise<number | string | null>;
}

/** Starts `datastore-kit <args>` in `cwd` (default the repository) with CI and NO_COLOR set unless overridden. */
export function spawnCli(args: readonly string[], options: { cwd?: string; env?: Record<string, string> } = {}): SpawnedCli {
  const child = spawn(process.execPath, [CLI_BIN, ...args], {
    cwd: options.cwd ?? root,
    env: { ...process.env, CI: '1', NO_COLOR: '1', ...options.env },
  });
  let out = '';
  let err = '';
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
  const exit = new Promise<number | string | null>((resolve) => child.once('close', (code, signal) => resolve(code ?? signal)));
  return { child, stdout: () => out, stderr: () => err, exit };
}

/** Resolves once `check()` is true; rejects after `timeoutMs` with `what` in the message. */
export async function waitFor(check: () => boolean, what: string, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
