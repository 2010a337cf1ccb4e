// Runs the examples of one Markdown file in order, in a temp folder holding copies of cases/, profiles/ and
// fixtures/ and a link to node_modules, as a user of a clone would. `npx datastore-kit ...` and `npm start [-- ...]` run the CLI in-process
// (fast, same code as bin/); `export`, `echo $?` and `cd` are handled here; anything else (curl, grep, a pipe) runs
// in bash with `datastore-kit` and `npx datastore-kit` on the PATH as a bundle of the sources (cli-bundle.ts). Port 8800 in an example
// (a command or a `doctest: file:` block) is replaced by a free port, so examples can show the documented default.
import { execFile } from 'node:child_process';
import { cp, mkdir, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { main } from '../../src/cli/main.ts';
import type { CliIo } from '../../src/cli/io.ts';
import { CLI_BIN } from '../helpers/cli-bundle.ts';
import { parseCommand } from './shell-words.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');

/** What one command printed (stdout and stderr interleaved) and how it ended. */
export interface CommandOutcome {
  output: string;
  exitCode: number;
}

interface Background {
  stop: () => void;
  done: Promise<number>;
}

export class DocSession {
  readonly dir: string;
  private readonly binDir: string;
  private readonly env: Record<string, string | undefined>;
  private lastExit = 0;
  private port = 0;
  private cwd: string;
  private readonly background: Background[] = [];
  private readonly previousCwd = process.cwd();

  private constructor(dir: string) {
    this.dir = dir;
    this.cwd = dir;
    this.binDir = path.join(dir, '.doctest-bin');
    this.env = { ...process.env, CI: '1', NO_COLOR: '1', PATH: `${this.binDir}:${process.env['PATH'] ?? ''}` };
    // why: a run inside GitHub Actions would append the examples' summaries to the job's own
    delete this.env['GITHUB_STEP_SUMMARY'];
  }

  /** A session in a fresh temp folder with copies of the catalogue, profiles and fixtures. */
  static async create(): Promise<DocSession> {
    const session = new DocSession(await mkdtemp(path.join(tmpdir(), 'dsk-doctest-')));
    for (const folder of ['cases', 'profiles', 'fixtures']) await cp(path.join(ROOT, folder), path.join(session.dir, folder), { recursive: true });
    // why: a clone has its node_modules, and with it the reference server's prepared databases (.cache)
    await symlink(path.join(ROOT, 'node_modules'), path.join(session.dir, 'node_modules'), 'dir');
    await session.writeShims();
    session.port = await freePort();
    // why: some commands resolve paths against the process (extract's --out and --job), not the CliIo's cwd;
    // the test files run in forks, one session at a time, so this is the user's `cd` into the folder
    process.chdir(session.dir);
    return session;
  }

  /** Writes `text` to `file` (relative to the session's folder), for `doctest: file:` blocks. */
  async writeFile(file: string, text: string): Promise<void> {
    const target = path.resolve(this.cwd, file);
    await mkdir(path.dirname(target), { recursive: true });
    await writeFile(target, this.withPort(text));
  }

  /** `text` with the documented port 8800 replaced by the session's free port. */
  private withPort(text: string): string {
    return text.replace(/\b(127\.0\.0\.1|localhost):8800\b/g, `$1:${this.port}`).replace(/--port 8800\b/g, `--port ${this.port}`);
  }

  /** Runs one example command; a background command returns once it printed its first line. */
  async run(text: string): Promise<CommandOutcome> {
    const command = this.withPort(text);
    const parsed = parseCommand(command, this.env);
    const [first, ...rest] = parsed.words;
    if (first === 'export' && !parsed.needsShell) return this.exportVariables(rest);
    if (first === 'echo' && rest.join(' ') === '$?') return { output: `${this.lastExit}\n`, exitCode: 0 };
    if (first === 'cd' && rest.length === 1 && !parsed.needsShell) {
      this.cwd = path.resolve(this.cwd, rest[0] ?? '.');
      process.chdir(this.cwd);
      return this.finish({ output: '', exitCode: 0 });
    }
    const argv = parsed.needsShell ? undefined : await kitArguments(parsed.words);
    if (argv === undefined) {
      if (parsed.background) throw new Error(`only datastore-kit commands may run in the background: ${text}`);
      return this.finish(await this.runInBash(command));
    }
    return this.finish(parsed.background ? await this.startInBackground(argv) : await this.runInProcess(argv));
  }

  /** Stops background commands and removes the folder. */
  async close(): Promise<void> {
    for (const job of this.background) job.stop();
    await Promise.all(this.background.map((job) => job.done));
    process.chdir(this.previousCwd);
    await rm(this.dir, { recursive: true, force: true });
  }

  private finish(outcome: CommandOutcome): CommandOutcome {
    this.lastExit = outcome.exitCode;
    return outcome;
  }

  private exportVariables(assignments: readonly string[]): CommandOutcome {
    for (const assignment of assignments) {
      const at = assignment.indexOf('=');
      if (at > 0) this.env[assignment.slice(0, at)] = assignment.slice(at + 1);
    }
    return this.finish({ output: '', exitCode: 0 });
  }

  private io(collect: (text: string) => void, onStop: (listener: () => void) => void): CliIo {
    const stream = new Writable({
      write(chunk: Buffer | string, _encoding, done) {
        collect(chunk.toString());
        done();
      },
    });
    return {
      stdout: stream,
      stderr: stream,
      env: this.env,
      cwd: this.cwd,
      onStop: (listener) => {
        onStop(listener);
        return () => undefined;
      },
    };
  }

  private async runInProcess(argv: readonly string[]): Promise<CommandOutcome> {
    let output = '';
    const exitCode = await main(
      argv,
      this.io(
        (text) => (output += text),
        () => undefined,
      ),
    );
    return { output, exitCode };
  }

  private async startInBackground(argv: readonly string[]): Promise<CommandOutcome> {
    let output = '';
    const listeners: (() => void)[] = [];
    const done = main(
      argv,
      this.io(
        (text) => (output += text),
        (listener) => listeners.push(listener),
      ),
    );
    this.background.push({
      stop: () => {
        for (const listener of listeners) listener();
      },
      done,
    });
    let ended: number | undefined;
    void done.then((code) => {
      ended = code;
    });
    const deadline = Date.now() + 180_000;
    while (!output.includes('\n') && ended === undefined) {
      if (Date.now() > deadline) throw new Error(`background command printed nothing: ${argv.join(' ')}`);
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    return { output, exitCode: ended ?? 0 };
  }

  private runInBash(command: string): Promise<CommandOutcome> {
    return new Promise((resolve) => {
      execFile('bash', ['-c', `${command} 2>&1`], { cwd: this.cwd, env: this.env, maxBuffer: 64 * 1024 * 1024 }, (error, stdout) => {
        const code = error === null ? 0 : typeof error.code === 'number' ? error.code : 1;
        resolve({ output: stdout, exitCode: code });
      });
    });
  }

  private async writeShims(): Promise<void> {
    await mkdir(this.binDir, { recursive: true });
    const kit = `#!/bin/sh\nexec "${process.execPath}" "${CLI_BIN}" "$@"\n`;
    const npx = `#!/bin/sh\nif [ "$1" = datastore-kit ]; then shift; exec "${this.binDir}/datastore-kit" "$@"; fi\necho "doctest: only npx datastore-kit is available" >&2\nexit 127\n`;
    await writeFile(path.join(this.binDir, 'datastore-kit'), kit, { mode: 0o755 });
    await writeFile(path.join(this.binDir, 'npx'), npx, { mode: 0o755 });
  }
}

/**
 * The CLI arguments of `npx datastore-kit ...` or `npm start [-- ...]` (`npm run <script> [-- ...]` for a script
 * that runs src/cli/bin.ts), else undefined. A bare `datastore-kit` is refused: it is not on the PATH in a clone.
 */
async function kitArguments(words: readonly string[]): Promise<string[] | undefined> {
  if (words[0] === 'datastore-kit') throw new Error('a bare `datastore-kit` is not on the PATH in a clone: write `npx datastore-kit`');
  if (words[0] === 'npx' && words[1] === 'datastore-kit') return words.slice(2);
  if (words[0] !== 'npm') return undefined;
  const script = words[1] === 'start' ? 'start' : words[1] === 'run' ? words[2] : undefined;
  if (script === undefined || (script === 'test' && words[1] === 'start')) return undefined;
  const rest = words.slice(words[1] === 'start' ? 2 : 3);
  const scripts = (JSON.parse(await readFile(path.join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;
  const prefix = 'tsx src/cli/bin.ts ';
  const body = scripts[script];
  if (body?.startsWith(prefix) !== true) return undefined;
  const extra = rest[0] === '--' ? rest.slice(1) : rest;
  return [...body.slice(prefix.length).split(/\s+/), ...extra];
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address !== null ? address.port : 0));
    });
  });
}
