// `datastore-kit extract`: one extract from flags, or every extract of a job file.
import path from 'node:path';
import type { Argv } from 'yargs';
import { isKitError } from '../errors.ts';
import { extract, extractToStream } from '../api/extract.ts';
import type { JobOutcome } from '../api/extract-job.ts';
import type { CliIo } from './io.ts';
import { addFlags } from './flags.ts';
import type { CliCommand } from './command.ts';
import { EXTRACT_FLAGS, readDoorFlags, toExtractOptions, toJobFlags } from './extract-args.ts';
import { createExtractProgress } from './extract-progress.ts';
import { readTokenFile } from './token-file.ts';
import { formatDocsLink } from './docs-link.ts';

export const extractCommand: CliCommand = {
  register(cli: Argv, io: CliIo, setExit: (code: number) => void, describe: string): Argv {
    return cli.command(
      'extract',
      describe,
      (y) =>
        addFlags(y, EXTRACT_FLAGS)
          .conflicts('token-env', 'token-file')
          .conflicts('resume', 'restart')
          .example('$0 extract --reference --resource courses --out out/courses.csv', 'Extract a bundled resource to CSV')
          .example('$0 extract --target https://portal.example --resource <id> --format jsonl --gzip --out x.jsonl.gz --resume', '')
          .example('$0 extract --job extracts.yaml', 'Run every extract of a job file')
          .epilog(formatDocsLink('extracts.md')),
      async (argv) => {
        setExit(await runExtractCommand(argv, io));
      },
    );
  },
};

async function runExtractCommand(parsed: Readonly<Record<string, unknown>>, io: CliIo): Promise<number> {
  const progress = createExtractProgress({ io, live: io.stderr.isTTY === true && io.env['CI'] === undefined });
  // why: Ctrl-C and SIGTERM stop the extract between two of its steps, so it says what it kept and leaves no lock
  const controller = new AbortController();
  const stopListening = io.onStop(() => controller.abort());
  try {
    const code = await runExtracts(parsed, io, { listener: progress, signal: controller.signal });
    return controller.signal.aborted ? INTERRUPTED_EXIT : code;
  } catch (error) {
    if (!controller.signal.aborted || !isKitError(error)) throw error;
    progress.done();
    io.stderr.write(`${error.message}\n`);
    return INTERRUPTED_EXIT;
  } finally {
    stopListening();
    progress.done();
  }
}

/** The shell's code for a command stopped by SIGINT (128 + 2), also for SIGTERM: the extract stopped as asked. */
const INTERRUPTED_EXIT = 130;

async function runExtracts(
  parsed: Readonly<Record<string, unknown>>,
  io: CliIo,
  context: { listener: ReturnType<typeof createExtractProgress>; signal: AbortSignal },
): Promise<number> {
  const progress = context.listener;
  const args = readDoorFlags(parsed);
  if (args.job !== undefined) {
    // why: a job file's loader (YAML with line:col, its schema) is loaded for a job only
    const { extractJob } = await import('../api/extract-job.ts');
    const outcomes = await extractJob(
      {
        // why: paths are the user's, relative to the folder the CLI runs in (io.cwd), also when called in-process
        file: path.resolve(io.cwd, args.job),
        env: io.env,
        ...(args.reference === true ? { reference: { fixturesDir: args.fixtures, cwd: io.cwd } } : {}),
        ...(toJobFlags(parsed).restart ? { restart: true } : {}),
        ...(args.force === true ? { force: true } : {}),
      },
      context,
    );
    return printJobOutcomes(outcomes, io);
  }
  const fileToken = args.tokenFile === undefined ? undefined : await readTokenFile(args.tokenFile, io.cwd);
  const options = toExtractOptions(parsed, io.env, fileToken);
  const source = 'reference' in options.source ? { reference: { ...options.source.reference, cwd: io.cwd } } : options.source;
  if (options.out === '-') {
    const streamed = await extractToStream({ ...options, source }, io.stdout, context);
    progress.done();
    io.stderr.write(
      streamed.readerClosed === true
        ? `stopped early: the reader closed stdout (${streamed.method})\n`
        : `wrote ${streamed.rows} rows to stdout (${streamed.method})\n`,
    );
    return 0;
  }
  const out = path.resolve(io.cwd, options.out);
  const manifest = await extract({ ...options, source, out }, context);
  progress.done();
  // why: the manifest names the file relative to itself, and it sits beside the file
  const written = path.join(path.dirname(out), manifest.output.file);
  io.stdout.write(
    `wrote ${manifest.rows} rows to ${displayPath(written, io.cwd)} (${manifest.output.bytes} bytes, sha256 ${manifest.output.sha256.slice(0, 12)}…, ${manifest.paging.method})\n`,
  );
  return 0;
}

/** A path as the user gave it: relative to the CLI's folder when it lies below it. */
function displayPath(file: string, cwd: string): string {
  const relative = path.relative(cwd, file);
  return relative.startsWith('..') || path.isAbsolute(relative) ? file : relative;
}

function printJobOutcomes(outcomes: readonly JobOutcome[], io: CliIo): number {
  for (const outcome of outcomes) {
    if (outcome.ok && outcome.skipped)
      io.stdout.write(`skip   ${outcome.name}: ${outcome.out} is complete (${outcome.manifest.rows} rows, sha256 matches its manifest; --force reruns it)\n`);
    else if (outcome.ok) io.stdout.write(`ok     ${outcome.name}: ${outcome.manifest.rows} rows -> ${outcome.out}\n`);
    else io.stdout.write(`FAILED ${outcome.name}: ${outcome.error}\n`);
  }
  const failed = outcomes.filter((o) => !o.ok).length;
  io.stdout.write(`${outcomes.length - failed} of ${outcomes.length} extracts succeeded\n`);
  return failed === 0 ? 0 : 1;
}
