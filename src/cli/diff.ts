// `datastore-kit diff`: sends the same requests to two targets (and generated ones with --generate), compares
// their normalised answers, prints the disagreements and writes the diff reports.
import { diffTargets } from '../api/diff.ts';
import { resolveDiffOptions } from '../api/diff-options.ts';
import { DIFF_REPORT_FORMATS, formatDiffSummary } from '../reporters/index.ts';
import type { CliCommand } from './command.ts';
import { DIFF_FLAGS, diffFlagLabel, mapDiffArgs, readDiffArgs, replayCommand, type DiffArgs } from './diff-options.ts';
import { addFlags, type FlagTable } from './flags.ts';
import type { CliIo } from './io.ts';
import { addSelectionOptions } from './options-yargs.ts';
import { formatReportPaths } from './run.ts';
import { chooseSeed, runWithPairProgress } from './pair-progress.ts';
import { formatDocsLink } from './docs-link.ts';
import { readTokenFile } from './token-file.ts';

async function diffHandler(args: DiffArgs, io: CliIo): Promise<number> {
  // why: a run without --seed still prints its seed, so any disagreement it finds can be replayed
  const { seed, replay } = chooseSeed(args, (chosen) => replayCommand(args, chosen));
  const fileTokens = await Promise.all(args.tokenFiles.map((file) => readTokenFile(file, io.cwd)));
  const options = resolveDiffOptions(mapDiffArgs({ ...args, seed }, io.env, io.cwd, replay, fileTokens), diffFlagLabel);
  const { value, aborted } = await runWithPairProgress(io, 'disagree', (hooks) => diffTargets(options, { env: io.env, ...hooks }));
  io.stdout.write(formatDiffSummary(value.report));
  io.stdout.write(formatReportPaths(value.reportPaths, io.cwd));
  if (aborted) return 130;
  return value.report.summary.differ === 0 && value.report.summary.error === 0 ? 0 : 1;
}

/** diff's flags; the report formats are the reporters' registry, which schema/ does not know. */
const FLAGS: FlagTable = {
  ...DIFF_FLAGS,
  report: { type: 'string', describe: DIFF_FLAGS['report']?.describe ?? '', fallback: DIFF_REPORT_FORMATS.join(',') },
};

export const diffCommand: CliCommand = {
  register(cli, io, setExit, describe) {
    return cli.command(
      'diff',
      describe,
      (y) =>
        addFlags(addSelectionOptions(y), FLAGS)
          .conflicts('token-env', 'token-file')
          .example(
            '$0 diff --target https://staging.example.org --target https://data.example.org --profile profiles/site.yaml',
            'Staging vs production, one profile',
          )
          .example('$0 diff --target http://localhost:5000 --profile profiles/mine.yaml --reference', 'Your implementation vs the bundled reference server')
          .example(
            '$0 diff --target https://old.example.org --target https://new.example.org --profile old.yaml --profile new.yaml',
            'Two CKAN versions, each with its profile',
          )
          .example(
            '$0 diff --target http://localhost:5000 --reference --generate 200 --seed 7',
            'Also 200 generated requests; the same seed sends the same ones',
          )
          .example(
            '$0 diff --target https://data.example.org --target https://staging.example.org --requests access.log --sample 500 --no-catalogue',
            '500 of the requests your clients sent, replayed on both',
          )
          .epilog(
            'Each pair of answers is normalised alike (help URLs, link hosts, rank digits, estimated totals, resource ids, ' +
              "the profiles' normalise rules) and compared record by record; A is the expected side. Each disagreement among " +
              'generated requests is shrunk to the smallest request that still shows it and printed with curl for each target ' +
              '(the token as $TOKEN). Exit codes: 0 the targets agree, 1 they disagree (or a target gave no answer to a request), ' +
              '2 bad flags, profile or catalogue, 3 a target is unreachable or not a CKAN action API, the reference server cannot start, ' +
              'or the report folder cannot be written.',
          )
          .epilog(formatDocsLink('diff.md')),
      async (argv) => {
        const args = readDiffArgs(argv);
        setExit(await diffHandler(args, io));
      },
    );
  },
};
