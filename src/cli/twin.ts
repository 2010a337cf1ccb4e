// `datastore-kit twin`: mirrors the target's own tables into the reference server, sends the catalogue's cases and
// generated requests to both, prints the verdict per conformance class and each failure, and writes the reports.
import { randomInt } from 'node:crypto';
import { twinTarget } from '../api/twin.ts';
import { resolveTwinOptions } from '../api/twin-options.ts';
import { formatTwinSummary } from '../reporters/index.ts';
import type { CliCommand } from './command.ts';
import { addFlags } from './flags.ts';
import type { CliIo } from './io.ts';
import { checkOptionValues } from '../schema/option-check.ts';
import { SELECTION_OPTIONS } from '../schema/run-options.ts';
import { readFlagValues } from './option-flags.ts';
import { runFlagLabel } from './options.ts';
import { addSelectionOptions } from './options-yargs.ts';
import { runWithPairProgress } from './pair-progress.ts';
import { formatReportPaths } from './run.ts';
import { readTokenFile } from './token-file.ts';
import { mapTwinArgs, TWIN_FLAGS, twinReplayCommand, type TwinArgs } from './twin-options.ts';
import { formatDocsLink } from './docs-link.ts';

async function twinHandler(args: TwinArgs, io: CliIo): Promise<number> {
  // why: a run without --seed still prints its seed, so any failure it finds can be replayed
  const seed = args.generate === 0 ? args.seed : (args.seed ?? randomInt(0, 2 ** 31 - 1));
  const fileToken = args.tokenFile === undefined ? undefined : await readTokenFile(args.tokenFile, io.cwd);
  const replay = seed === undefined ? undefined : twinReplayCommand(args, seed);
  const options = resolveTwinOptions(
    mapTwinArgs({ ...args, seed }, io.env, io.cwd, { ...(fileToken === undefined ? {} : { fileToken }), ...(replay === undefined ? {} : { replay }) }),
  );
  const onProgress = (line: string): void => void io.stdout.write(`${line}\n`);
  const { value, aborted } = await runWithPairProgress(io, 'differ', (hooks) => twinTarget(options, { env: io.env, ...hooks, onProgress }));
  io.stdout.write(formatTwinSummary(value.report));
  io.stdout.write(formatReportPaths(value.reportPaths, io.cwd));
  if (aborted) return 130;
  return value.passed ? 0 : 1;
}

export const twinCommand: CliCommand = {
  register(cli, io, setExit, describe) {
    return cli.command(
      'twin',
      describe,
      (y) =>
        addFlags(addSelectionOptions(y), TWIN_FLAGS)
          .conflicts('token-env', 'token-file')
          .example('$0 twin --target http://localhost:5000 --profile profiles/mine.yaml', 'Mirror your service, then check it against its twin')
          .example(
            '$0 twin --target https://data.example.org --profile profiles/site.yaml --token-env CKAN_TOKEN --generate 1000 --seed 7',
            'Private tables too, 1,000 generated requests',
          )
          .example(
            '$0 twin --target http://localhost:5000 --profile profiles/mine.yaml --requests access.log --sample 500',
            "500 of your clients' own requests too",
          )
          .epilog(
            "The target's tables (its profile's resources) are read page by page through its own API, each row read again by " +
              'SQL where it has it, loaded into the reference server and read back; then the same requests go to both. ' +
              'Exit codes: 0 every class the target claims holds (the API description; CKAN compatibility when it claims CKAN), ' +
              '1 it does not (or nothing it covers was compared), 2 bad flags or profile, 3 the target is unreachable, a table ' +
              'cannot be mirrored faithfully (the mirror would be a wrong oracle), the reference server cannot start, or the ' +
              'report folder cannot be written.',
          )
          .epilog(formatDocsLink('twin.md')),
      async (argv) => {
        const args: TwinArgs = {
          ...checkOptionValues(SELECTION_OPTIONS, readFlagValues(SELECTION_OPTIONS, argv), runFlagLabel),
          parsed: argv,
          target: argv.target,
          tokenEnv: argv['token-env'],
          tokenFile: argv['token-file'],
          generate: argv.generate,
          seed: argv.seed,
          maxRows: argv['max-rows'],
          catalogue: argv.catalogue,
          ckanVersion: argv['ckan-version'],
          mirrorDir: argv['mirror-dir'],
          requests: argv.requests,
          sample: argv.sample,
          concurrency: argv.concurrency,
          timeoutMs: argv['timeout-ms'],
          retries: argv.retries,
          rate: argv.rate,
          report: argv.report,
          out: argv.out,
        };
        setExit(await twinHandler(args, io));
      },
    );
  },
};
