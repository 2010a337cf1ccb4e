// The CLI's window on the process: streams, environment and working directory, injectable for tests.
export interface CliIo {
  stdout: NodeJS.WritableStream & { isTTY?: boolean };
  stderr: NodeJS.WritableStream & { isTTY?: boolean };
  env: Readonly<Record<string, string | undefined>>;
  cwd: string;
  /** Resolves when the user asks the process to stop (SIGINT/SIGTERM); used by long-running commands. */
  onStop(listener: () => void): () => void;
  /** Reads all of standard input (for a `-` file argument); absent when there is none to read. */
  readStdin?: () => Promise<string>;
}

export function defaultIo(): CliIo {
  return {
    stdout: ignoreWriteErrors(process.stdout),
    stderr: ignoreWriteErrors(process.stderr),
    env: process.env,
    cwd: process.cwd(),
    readStdin: async () => {
      const chunks: Buffer[] = [];
      for await (const chunk of process.stdin) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk)));
      return Buffer.concat(chunks).toString('utf8');
    },
    onStop(listener) {
      process.once('SIGINT', listener);
      process.once('SIGTERM', listener);
      return () => {
        process.off('SIGINT', listener);
        process.off('SIGTERM', listener);
      };
    },
  };
}

/**
 * A closed stdout or stderr (`run | head`: EPIPE) stops the printing, not the command: without a listener the
 * stream's 'error' event would end the process with a stack trace before the reports are written. Later writes
 * to the closed stream are dropped quietly.
 */
function ignoreWriteErrors<T extends NodeJS.WriteStream>(stream: T): T {
  stream.on('error', () => undefined);
  return stream;
}

/** Whether colours may be used on a stream: a TTY, no NO_COLOR, not CI. */
export function useColour(io: CliIo, stream: CliIo['stdout']): boolean {
  return stream.isTTY === true && io.env['NO_COLOR'] === undefined && io.env['CI'] === undefined;
}
