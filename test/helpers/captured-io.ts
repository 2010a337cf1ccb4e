// A CliIo with captured, non-TTY streams and only the given environment, for running `main(argv, io)` in tests.
import { Writable } from 'node:stream';
import type { CliIo } from '../../src/cli/io.ts';
import { main } from '../../src/cli/main.ts';

export interface CapturedIo {
  io: CliIo;
  stdout(): string;
  stderr(): string;
}

function collector(): { stream: Writable; text: () => string } {
  const chunks: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer | string, _encoding, done) {
      chunks.push(chunk.toString());
      done();
    },
  });
  return { stream, text: () => chunks.join('') };
}

export function captureIo(cwd: string, env: Record<string, string> = {}): CapturedIo {
  const out = collector();
  const err = collector();
  return {
    io: { stdout: out.stream, stderr: err.stream, env, cwd, onStop: () => () => undefined },
    stdout: out.text,
    stderr: err.text,
  };
}

/** How an in-process CLI call ended. */
export interface CliOutcome {
  code: number;
  stdout: string;
  stderr: string;
}

/**
 * Runs `datastore-kit <args>` in this process: `main()` with captured streams, what bin.ts does in a child, minus
 * the start-up (tests of the process boundary itself spawn it: test/helpers/spawn-cli.ts). The CLI sees CI and
 * NO_COLOR plus `env`; `env` is also set on process.env for the call, as library code that reads the process
 * environment (the PGlite cache folder) would see it in a child.
 */
export async function runCliInProcess(args: readonly string[], options: { cwd?: string; env?: Record<string, string> } = {}): Promise<CliOutcome> {
  const env = { CI: '1', NO_COLOR: '1', ...options.env };
  const captured = captureIo(options.cwd ?? process.cwd(), env);
  const saved = Object.keys(options.env ?? {}).map((name) => [name, process.env[name]] as const);
  Object.assign(process.env, options.env);
  try {
    const code = await main(args, captured.io);
    return { code, stdout: captured.stdout(), stderr: captured.stderr() };
  } finally {
    for (const [name, value] of saved) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  }
}
