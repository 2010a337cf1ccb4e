// `datastore-kit run`: runs the catalogue against a target (or the bundled reference server) and writes reports.
import path from 'node:path';
import type { Argv } from 'yargs';
import { readCkanVersion, resolveRunOptions } from '../api/run-options.ts';
import { RUN_OPTIONS, SELECTION_OPTIONS } from '../schema/run-options.ts';
import { readLastFailed } from './last-failed.ts';
import { formatDocsLink } from './docs-link.ts';
import { runCatalogue } from '../api/run-catalogue.ts';
import type { ContainerRunOutcome } from '../api/container-target.ts';
import type { RunListener } from '../model/index.ts';
import { failedRunChecks, isFailedRun } from '../schema/index.ts';
import { createConsoleListener } from '../reporters/index.ts';
import { prepareCatalogue } from '../runner/index.ts';
import { useColour, type CliIo } from './io.ts';
import { readTokenFile } from './token-file.ts';
import { addContainerOptions, mapContainerArgs, runInContainer } from './run-container.ts';
import { formatCaseList } from './list.ts';
import type { CliCommand } from './command.ts';
import { addSelectionOptions } from './options-yargs.ts';
import { isCiEnvironment, mapRunArgs, mapRunEnv, runFlagLabel } from './options.ts';
import { addFlags } from './flags.ts';
import { RUN_FLAGS } from './run-flags.ts';

/** The closing line: where the reports are (the console listener has printed the summary). */
export function formatReportPaths(reportPaths: readonly string[], cwd: string): string {
  if (reportPaths.length === 0) return '';
  const shown = reportPaths.map((p) => {
    const relative = path.relative(cwd, p);
    return relative === '' || relative.startsWith('..') || path.isAbsolute(relative) ? p : relative;
  });
  return `Reports: ${shown.join(', ')}\n`;
}

/** Builds the run's console listener from the CLI's io (tests may pass another). */
export type ListenerFactory = (io: CliIo, verbose: boolean) => RunListener | undefined;

export function createRunCommand(createListener: ListenerFactory): CliCommand {
  return {
    register(cli: Argv, io: CliIo, setExit: (code: number) => void, describe: string): Argv {
      return cli.command(
        'run',
        describe,
        (y) =>
          addFlags(addContainerOptions(addSelectionOptions(y)), RUN_FLAGS)
            .conflicts('target', 'reference')
            .conflicts('token-env', 'token-file')
            .example('$0 run --reference', 'Run cases/ against the bundled server (profiles/reference.yaml)')
            .example('$0 run --target https://ckan.example.org --profile profiles/mine.yaml --token-env CKAN_TOKEN', 'Run against your CKAN')
            .example('$0 run --reference --tag smoke --report junit --out build/reports', 'Only smoke cases, JUnit only')
            .example('$0 run --reference --ckan-version 2.12', 'The catalogue against the bundled server answering as CKAN 2.12')
            .example('$0 run --target http://localhost:5000 --shard 1/4 --report json', 'One shard of four; merge later with report merge')
            .example('$0 run --target https://ckan.example.org --profile profiles/mine.yaml --baseline baselines', 'Compare with the answers recorded before')
            .example('$0 run --image ghcr.io/acme/api:1.4 --profile profiles/ci.yaml', 'Start the image, run against it, stop it')
            .example('$0 run --reference --last-failed --verbose', 'Again only what failed last time, each request and response shown')
            .epilog(
              'Exit codes: 0 every case passed (flaky, skipped and not-applicable are fine), 1 a case failed or errored, ' +
                'or the run is inconclusive (a core clause of the API description decided nothing) or below --min-applicable ' +
                '(with --baseline: also when an answer differs from its baseline, or has none and --update-baseline is none), ' +
                '2 bad catalogue, profile or flags (or no case selected without --allow-empty), ' +
                '3 the target is unreachable or not a CKAN action API (pre-flight), the reference server cannot start, ' +
                'or no container engine for --image/--compose.',
            )
            .epilog(formatDocsLink('running.md')),
        async (argv) => {
          const listOnly = argv['list'] === true;
          const container = listOnly ? undefined : mapContainerArgs(argv, io.env);
          if (container === undefined) {
            setExit((await runHandler(argv, listOnly, io, createListener)).exitCode);
            return;
          }
          setExit(await runInContainer(container, io, (url) => runHandler({ ...argv, target: url }, false, io, createListener)));
        },
      );
    },
  };
}

async function runHandler(
  parsed: Readonly<Record<string, unknown>>,
  listOnly: boolean,
  io: CliIo,
  createListener: ListenerFactory,
): Promise<ContainerRunOutcome> {
  const tokenFile = parsed['token-file'];
  const fileToken = typeof tokenFile === 'string' ? await readTokenFile(tokenFile, io.cwd) : undefined;
  const flags = mapRunArgs(parsed, io.env, io.cwd, fileToken);
  if (parsed['last-failed'] === true) {
    const last = await readLastFailed(flags.outDir ?? mapRunEnv(io.env).outDir ?? RUN_OPTIONS.outDir.default, io.cwd);
    if (last.ids.length === 0) {
      io.stdout.write(`--last-failed: no case variant failed or errored in ${last.file}; nothing to run\n`);
      return { exitCode: 0, outDir: '' };
    }
    flags.variantIds = last.ids;
  }
  if (listOnly) {
    const ckan = flags.ckanVersion === undefined ? undefined : readCkanVersion(flags.ckanVersion);
    const ckanVersion = ckan === undefined || ckan.version === 'auto' ? undefined : ckan.version;
    const prepared = await prepareCatalogue({ ...flags, casesDir: flags.casesDir ?? SELECTION_OPTIONS.casesDir.default, cwd: io.cwd, ckanVersion }, io.env);
    io.stdout.write(formatCaseList(prepared));
    return { exitCode: 0, outDir: '' };
  }
  const options = resolveRunOptions(flags, mapRunEnv(io.env), runFlagLabel);
  const listener = createListener(io, parsed['verbose'] === true);
  const controller = new AbortController();
  const stopListening = io.onStop(() => controller.abort());
  try {
    // why: the CLI needs the counts only; the cases go to the reports as they finish
    const context = { env: io.env, signal: controller.signal, keepCases: false, ci: isCiEnvironment(io.env), ...(listener === undefined ? {} : { listener }) };
    const { result, reportPaths } = await runCatalogue(options, context);
    const unchecked = result.baseline?.unchecked ?? 0;
    if (unchecked > 0)
      io.stdout.write(
        `Baseline files not checked by this run: ${unchecked} (${(result.baseline?.uncheckedFiles ?? []).join(', ')}${unchecked > 20 ? ', …' : ''})\n`,
      );
    io.stdout.write(formatReportPaths(reportPaths, io.cwd));
    // why: 130 is the shell's code for a run stopped by SIGINT; the reports still hold what ran
    if (controller.signal.aborted) return { exitCode: 130, outDir: options.outDir };
    for (const check of failedRunChecks(result)) io.stderr.write(`run: ${check.message}\n`);
    return { exitCode: isFailedRun(result) ? 1 : 0, outDir: options.outDir };
  } finally {
    stopListening();
  }
}

/** The console listener on stdout: a live line on a TTY, plain lines on CI, colours unless NO_COLOR/CI. */
export function createStdoutListener(io: CliIo, verbose: boolean): RunListener {
  return createConsoleListener({
    verbose,
    stream: io.stdout,
    isTTY: io.stdout.isTTY === true,
    colour: useColour(io, io.stdout),
    ci: io.env['CI'] !== undefined,
  });
}

export const runCommand: CliCommand = createRunCommand(createStdoutListener);
