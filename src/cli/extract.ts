// `datastore-kit extract`: one extract from flags, or every extract of a job file.
import path from 'node:path';
import type { Argv } from 'yargs';
import { isKitError, KitError, KitErrorCode } from '../errors.ts';
import { extract, extractToStream, type ExtractOptions, type ExtractSource } from '../api/extract.ts';
import type { JobOutcome } from '../api/extract-job.ts';
import { EXTRACT_DEFAULTS } from '../extract/index.ts';
import { RUN_DEFAULTS } from '../util/run-defaults.ts';
import type { CliIo } from './io.ts';
import { addFlags, type FlagTable } from './flags.ts';
import { isPlainObject } from '../util/json.ts';
import { EXTRACT_FORMATS } from '../schema/extract-constants.ts';
import { formatOfName, refuseOutputShape, streamsFormat } from '../extract/index.ts';
import type { CliCommand } from './command.ts';
import { createExtractProgress } from './extract-progress.ts';
import { readTokenFile } from './token-file.ts';
import { formatDocsLink } from './docs-link.ts';

/** The parsed flags of `extract`, as yargs gives them. */
export interface ExtractArgs {
  target?: string | undefined;
  reference?: boolean | undefined;
  fixtures: string;
  job?: string | undefined;
  resource?: string | undefined;
  sql?: string | undefined;
  filters?: string | undefined;
  q?: string | undefined;
  fields?: string | undefined;
  format?: string | undefined;
  gzip?: boolean | undefined;
  out?: string | undefined;
  pageSize?: number | undefined;
  parallel?: number | undefined;
  tokenEnv?: string | undefined;
  tokenFile?: string | undefined;
  rate?: number | undefined;
  retries?: number | undefined;
  timeoutMs?: number | undefined;
  resume?: boolean | undefined;
  restart?: boolean | undefined;
  keep?: number | undefined;
  force?: boolean | undefined;
  incremental?: boolean | undefined;
  watermark?: string | undefined;
  dump?: boolean | undefined;
  failOnDrift?: boolean | undefined;
  maxShrink?: number | undefined;
}

const formats = EXTRACT_FORMATS;

/** The flags of `extract`; numbers have no yargs default, so a job file's values are not overridden. */
const EXTRACT_FLAGS = {
  target: { type: 'string', describe: 'Base URL of the API (e.g. https://portal.example)' },
  reference: { type: 'boolean', describe: 'Extract from the bundled reference server, started in-process' },
  fixtures: { type: 'string', default: RUN_DEFAULTS.fixturesDir, describe: 'Fixtures folder for --reference' },
  job: { type: 'string', describe: 'Job file (YAML) listing many extracts' },
  resource: { type: 'string', describe: 'Resource id (or alias) to extract' },
  sql: { type: 'string', describe: 'Extract the rows of this SELECT instead (needs datastore_search_sql)' },
  filters: { type: 'string', describe: 'datastore_search filters as JSON, e.g. \'{"stage":"advanced"}\'' },
  q: { type: 'string', describe: 'Free-text query' },
  fields: { type: 'string', describe: 'Columns to keep, comma-separated, in order' },
  format: { type: 'string', choices: formats, fallback: "from --out's extension, else csv", describe: 'Output format' },
  gzip: { type: 'boolean', describe: 'Gzip the output' },
  out: { type: 'string', nargs: 1, describe: 'Output file; - for stdout (csv, tsv, jsonl)' },
  'page-size': { type: 'number', fallback: EXTRACT_DEFAULTS.pageSize, describe: 'Rows per request (the server may allow fewer)' },
  parallel: {
    type: 'number',
    fallback: EXTRACT_DEFAULTS.parallel,
    describe: `Requests in flight at once (at most ${EXTRACT_DEFAULTS.maxParallel}): keyset extracts read _id ranges concurrently, dump slices 2 at once unless given; written in order`,
  },
  'token-env': { type: 'string', describe: 'Environment variable holding the API token' },
  'token-file': { type: 'string', describe: 'File holding the API token' },
  rate: { type: 'number', fallback: 'unlimited', describe: 'At most this many requests per second' },
  retries: { type: 'number', fallback: EXTRACT_DEFAULTS.retries, describe: 'Retries per page on network errors, 5xx and 429' },
  'timeout-ms': { type: 'number', fallback: EXTRACT_DEFAULTS.timeoutMs, describe: 'Per-request timeout in ms' },
  resume: { type: 'boolean', describe: 'Continue an interrupted extract from its checkpoint (or finish one that was complete)' },
  restart: { type: 'boolean', describe: 'Discard an interrupted extract (part file and checkpoint) and start over' },
  dump: {
    type: 'boolean',
    describe:
      "CSV/TSV: read through the target's /datastore/dump/<id> in _id-sorted slices where it serves it (the default, the fastest way; checked by _id order and total); --no-dump pages by the API",
  },
  'fail-on-drift': { type: 'boolean', describe: "Exit 1 when the columns differ from the previous run's (added, removed, retyped)" },
  'max-shrink': { type: 'number', describe: 'Exit 1 when the rows fell by more than this percentage since the previous run' },
  incremental: { type: 'boolean', describe: "Write only the rows after the previous run's high-water mark (kept beside the output)" },
  watermark: { type: 'string', fallback: '_id', describe: 'With --incremental: the increasing column the mark is kept on (other than _id: needs SQL)' },
  keep: { type: 'number', describe: 'With a dated --out ({date}, {datetime}): keep the newest N files of the extract, remove older ones' },
  force: { type: 'boolean', describe: 'With --job: run extracts again whose output and manifest are already complete' },
} as const satisfies FlagTable;

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
      async (args) => {
        setExit(await runExtractCommand(args, io));
      },
    );
  },
};

async function runExtractCommand(args: ExtractArgs, io: CliIo): Promise<number> {
  const progress = createExtractProgress({ io, live: io.stderr.isTTY === true && io.env['CI'] === undefined });
  // why: Ctrl-C and SIGTERM stop the extract between two of its steps, so it says what it kept and leaves no lock
  const controller = new AbortController();
  const stopListening = io.onStop(() => controller.abort());
  try {
    const code = await runExtracts(args, io, { listener: progress, signal: controller.signal });
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
  args: ExtractArgs,
  io: CliIo,
  context: { listener: ReturnType<typeof createExtractProgress>; signal: AbortSignal },
): Promise<number> {
  const progress = context.listener;
  if (args.job !== undefined) {
    // why: a job file's loader (YAML with line:col, its schema) is loaded for a job only
    const { extractJob } = await import('../api/extract-job.ts');
    const outcomes = await extractJob(
      {
        // why: paths are the user's, relative to the folder the CLI runs in (io.cwd), also when called in-process
        file: path.resolve(io.cwd, args.job),
        env: io.env,
        ...(args.reference === true ? { reference: { fixturesDir: args.fixtures, cwd: io.cwd } } : {}),
        ...(args.restart === true ? { restart: true } : {}),
        ...(args.force === true ? { force: true } : {}),
      },
      context,
    );
    return printJobOutcomes(outcomes, io);
  }
  const fileToken = args.tokenFile === undefined ? undefined : await readTokenFile(args.tokenFile, io.cwd);
  const options = toExtractOptions(args, io.env, fileToken);
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

/** Maps flags to ExtractOptions; throws KitError E_USAGE with the flag at fault. Pure. */
export function toExtractOptions(args: ExtractArgs, env: Readonly<Record<string, string | undefined>>, fileToken?: string): ExtractOptions {
  const usage = (message: string): KitError => new KitError(KitErrorCode.usage, message);
  if ((args.target === undefined) === (args.reference !== true)) throw usage('give exactly one of --target URL or --reference');
  if ((args.resource === undefined) === (args.sql === undefined)) throw usage('give exactly one of --resource ID or --sql "SELECT ..."');
  if (args.out === undefined) throw usage('--out FILE is required');
  if (args.sql !== undefined && (args.filters !== undefined || args.q !== undefined || args.fields !== undefined)) {
    throw usage('--filters, --q and --fields go with --resource, not with --sql (write them into the SQL)');
  }
  const format = args.format === undefined ? formatFromName(args.out) : parseFormat(args.format);
  if (args.out === '-' && (!streamsFormat(format) || args.gzip === true || args.resume === true || args.keep !== undefined || args.incremental === true)) {
    throw usage('--out - streams csv, tsv or jsonl, plain, without --resume, --keep or --incremental (pipe it to gzip for gzip)');
  }
  if (args.watermark !== undefined && args.incremental !== true) throw usage('--watermark goes with --incremental');
  const refused = refuseOutputShape({ format, gzip: args.gzip === true });
  if (refused !== undefined) throw usage(refused);
  const token = fileToken ?? readToken(args.tokenEnv, env);
  const source: ExtractSource =
    args.target === undefined ? { reference: { fixturesDir: args.fixtures } } : { target: args.target, ...(token === undefined ? {} : { token }) };
  return {
    source,
    ...(args.resource === undefined ? {} : { resource: args.resource }),
    ...(args.sql === undefined ? {} : { sql: args.sql }),
    ...(args.filters === undefined ? {} : { filters: parseFilters(args.filters) }),
    ...(args.q === undefined ? {} : { q: args.q }),
    ...(args.fields === undefined
      ? {}
      : {
          fields: args.fields
            .split(',')
            .map((f) => f.trim())
            .filter((f) => f !== ''),
        }),
    format,
    gzip: args.gzip ?? args.out.endsWith('.gz'),
    out: args.out,
    ...(args.pageSize === undefined ? {} : { pageSize: wholeNumber(args.pageSize, '--page-size', 1) }),
    ...(args.parallel === undefined ? {} : { parallel: parallelCount(args.parallel) }),
    resume: args.resume ?? false,
    ...(args.restart === true ? { restart: true } : {}),
    ...(args.keep === undefined ? {} : { keep: wholeNumber(args.keep, '--keep', 1) }),
    ...(args.incremental === true ? { incremental: true } : {}),
    ...(args.dump === undefined ? {} : { dump: args.dump }),
    ...(args.failOnDrift === true ? { failOnDrift: true } : {}),
    ...(args.maxShrink === undefined ? {} : { maxShrinkPct: percentage(args.maxShrink) }),
    ...(args.watermark === undefined ? {} : { watermark: args.watermark }),
    http: {
      ...(args.retries === undefined ? {} : { retries: wholeNumber(args.retries, '--retries', 0) }),
      ...(args.rate === undefined ? {} : { rateRps: positiveNumber(args.rate, '--rate') }),
      ...(args.timeoutMs === undefined ? {} : { timeoutMs: wholeNumber(args.timeoutMs, '--timeout-ms', 1) }),
    },
  };
}

function readToken(name: string | undefined, env: Readonly<Record<string, string | undefined>>): string | undefined {
  if (name === undefined) return undefined;
  const value = env[name];
  if (value === undefined || value === '') throw new KitError(KitErrorCode.usage, `--token-env ${name}: the environment variable is not set`);
  return value;
}

function parseFilters(text: string): Record<string, unknown> {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new KitError(KitErrorCode.usage, `--filters is not JSON: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
  }
  if (!isPlainObject(value)) {
    throw new KitError(KitErrorCode.usage, '--filters must be a JSON object, e.g. {"stage": ["advanced", "beginner"]}');
  }
  return Object.fromEntries(Object.entries(value));
}

function formatFromName(out: string): ExtractOptions['format'] {
  const named = formatOfName(out);
  if (!named.ok) throw new KitError(KitErrorCode.usage, `--out ${named.message} with --format`);
  return named.format;
}

function parseFormat(value: string): ExtractOptions['format'] {
  const format = formats.find((f) => f === value);
  if (format === undefined) throw new KitError(KitErrorCode.usage, `--format must be one of ${formats.join(', ')}`);
  return format;
}

function wholeNumber(value: number, flag: string, min: number): number {
  if (!Number.isInteger(value) || value < min) throw new KitError(KitErrorCode.usage, `${flag} must be a whole number >= ${min}`);
  return value;
}

function parallelCount(value: number): number {
  const count = wholeNumber(value, '--parallel', 1);
  if (count > EXTRACT_DEFAULTS.maxParallel) throw new KitError(KitErrorCode.usage, `--parallel must be at most ${EXTRACT_DEFAULTS.maxParallel}`);
  return count;
}

function percentage(value: number): number {
  if (!Number.isFinite(value) || value < 0 || value > 100) throw new KitError(KitErrorCode.usage, '--max-shrink must be a percentage from 0 to 100');
  return value;
}

function positiveNumber(value: number, flag: string): number {
  if (!Number.isFinite(value) || value <= 0) throw new KitError(KitErrorCode.usage, `${flag} must be a positive number`);
  return value;
}
