// A CliIo with captured, non-TTY streams and only the given environment, for running `main(argv, io)` in tests.
import { Writable } from 'node:stream';
import type { CliIo } from '../../src/cli/io.ts';

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
