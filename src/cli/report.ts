// `datastore-kit report merge|render|matrix`: merge shard reports, re-render reports from a saved JSON report, or set
// many runs' reports side by side as a compatibility matrix.
import path from 'node:path';
import type { Argv } from 'yargs';
import type { RunResult } from '../model/index.ts';
import {
  buildMatrix,
  describeMatrix,
  createConsoleListener,
  MATRIX_REPORT_FORMATS,
  parseFormatList,
  parseReportFormats,
  readReport,
  REPORT_FORMATS,
  writeMatrixReports,
  writeReports,
  type MatrixRun,
  type ReportFormat,
} from '../reporters/index.ts';
import { mergeReports } from '../api/merge-reports.ts';
import { isFailedRun } from '../schema/index.ts';
import { RUN_DEFAULTS } from '../util/run-defaults.ts';
import { useColour, type CliIo } from './io.ts';
import type { CliCommand } from './command.ts';
import { addFlags, type FlagTable } from './flags.ts';
import { formatDocsLink } from './docs-link.ts';

/** Arguments of `report merge` / `report render`, as parsed. */
export interface ReportArgs {
  inputs: readonly string[];
  out: string;
  report: string | undefined;
}

/** `DIR` -> `DIR/report.json`; a path ending in `.json` is taken as the report file itself. */
export function toReportFile(input: string): string {
  return input.toLowerCase().endsWith('.json') ? input : path.join(input, 'report.json');
}

/** The formats to write: `--report` when given, else every format. */
export function resolveFormats(report: string | undefined): ReportFormat[] {
  return report === undefined ? [...REPORT_FORMATS] : parseReportFormats(report);
}

export const reportCommand: CliCommand = {
  register(cli: Argv, io: CliIo, setExit: (code: number) => void, describe: string): Argv {
    return cli.command('report', describe, (y) =>
      y
        .command(
          'merge <dirs..>',
          'Merge the report.json of each shard folder into one set of reports, judged as one run (exit 1 if a merged case failed or the run is inconclusive, 2 if a shard is missing)',
          (c) =>
            addOutputOptions(c.positional('dirs', { type: 'string', array: true, demandOption: true, describe: 'Shard report folders (or report.json files)' }))
              .example('$0 report merge shard-1 shard-2 shard-3 --out reports', 'Merge three shards into reports/')
              .epilog(formatDocsLink('reports.md')),
          async (argv) => {
            setExit(await mergeHandler({ inputs: (argv.dirs ?? []).map(String), out: argv.out, report: argv.report }, io));
          },
        )
        .command(
          'render <file>',
          'Write report formats again from a saved report.json (exit 0)',
          (c) =>
            addOutputOptions(c.positional('file', { type: 'string', demandOption: true, describe: 'A saved report.json (or its folder)' }))
              .example('$0 report render reports/report.json --report html,md --out public', 'HTML and Markdown from a saved run')
              .epilog(formatDocsLink('reports.md')),
          async (argv) => {
            setExit(await renderHandler({ inputs: [String(argv.file)], out: argv.out, report: argv.report }, io));
          },
        )
        .command(
          'matrix <dirs..>',
          'One table of many runs (targets or CKAN releases x case variants), the rows that differ first, with every known deviation of CKAN (exit 0)',
          (c) =>
            addFlags(
              c.positional('dirs', { type: 'string', array: true, demandOption: true, describe: 'Report folders (or report.json files), one per run' }),
              MATRIX_FLAGS,
            )
              .example('$0 report matrix runs/2.10.7 runs/2.11.5 runs/2.12 --out matrix', 'The catalogue on three releases, side by side')
              .epilog(formatDocsLink('reports.md')),
          async (argv) => {
            setExit(await matrixHandler({ inputs: (argv.dirs ?? []).map(String), out: argv.out, report: argv.report }, io));
          },
        )
        .demandCommand(1, 'Name a report command: merge, render or matrix.')
        .example('$0 report merge shard-1 shard-2 --out reports', 'Shards of one run, judged as one')
        .example('$0 report render reports/report.json --report html', 'The HTML report again from a saved run')
        .epilog(formatDocsLink('reports.md')),
    );
  },
};

/** Where re-rendered or merged reports go, and in which formats. */
const REPORT_OUTPUT_FLAGS = {
  out: { type: 'string', default: RUN_DEFAULTS.outDir, describe: 'Report folder' },
  report: { type: 'string', fallback: REPORT_FORMATS.join(','), describe: 'Report formats, comma-separated' },
} as const satisfies FlagTable;

function addOutputOptions<T>(y: Argv<T>) {
  return addFlags(y, REPORT_OUTPUT_FLAGS);
}

/** The flags of `report matrix`: where its files go, and which. */
const MATRIX_FLAGS = {
  out: { type: 'string', default: RUN_DEFAULTS.outDir, describe: 'Report folder: matrix.html, matrix.md, matrix.json' },
  report: { type: 'string', fallback: MATRIX_REPORT_FORMATS.join(','), describe: 'Matrix formats, comma-separated' },
} as const satisfies FlagTable;

async function matrixHandler(args: ReportArgs, io: CliIo): Promise<number> {
  const formats = parseFormatList(args.report, MATRIX_REPORT_FORMATS, 'report matrix');
  const runs: MatrixRun[] = [];
  for (const input of args.inputs) runs.push({ source: input, result: await readReport(toReportFile(input), { cwd: io.cwd }) });
  const view = buildMatrix(runs);
  const paths = await writeMatrixReports(view, { formats, outDir: path.resolve(io.cwd, args.out) });
  io.stdout.write(`Matrix of ${view.columns.map((c) => c.label).join(', ')}: ${describeMatrix(view)}\n`);
  io.stdout.write(`Reports: ${paths.map((p) => path.relative(io.cwd, p) || p).join(', ')}\n`);
  return 0;
}

async function mergeHandler(args: ReportArgs, io: CliIo): Promise<number> {
  const formats = resolveFormats(args.report);
  const results: RunResult[] = [];
  for (const input of args.inputs) results.push(await readReport(toReportFile(input), { cwd: io.cwd }));
  const merged = mergeReports(results);
  await writeAndPrint(merged, formats, args.out, io);
  return isFailedRun(merged) ? 1 : 0;
}

async function renderHandler(args: ReportArgs, io: CliIo): Promise<number> {
  const formats = resolveFormats(args.report);
  const input = args.inputs[0] ?? '';
  const result = await readReport(toReportFile(input), { cwd: io.cwd });
  await writeAndPrint(result, formats, args.out, io);
  return 0;
}

async function writeAndPrint(result: RunResult, formats: readonly ReportFormat[], out: string, io: CliIo): Promise<void> {
  const paths = await writeReports(result, {
    formats,
    outDir: path.resolve(io.cwd, out),
    stepSummaryPath: io.env['GITHUB_STEP_SUMMARY'],
  });
  // The same end-of-run summary as `run` prints, so a merged result reads like one run.
  createConsoleListener({ stream: io.stdout, isTTY: false, colour: useColour(io, io.stdout), ci: true }).onRunEnd?.(result);
  io.stdout.write(`Reports: ${paths.map((p) => path.relative(io.cwd, p) || p).join(', ')}\n`);
}
