// `datastore-kit diff`: sends the same requests to two targets (and generated ones with --generate), compares
// their normalised answers, prints the disagreements and writes the diff reports.
import { randomInt } from 'node:crypto';
import { diffTargets } from '../api/diff.ts';
import { resolveDiffOptions } from '../api/diff-options.ts';
import { DIFF_REPORT_FORMATS, formatDiffSummary } from '../reporters/index.ts';
import { RUN_DEFAULTS } from '../util/run-defaults.ts';
import { CKAN_VERSIONS } from '../schema/ckan-version.ts';
import type { PairResult } from '../schema/diff-report.ts';
import type { CliCommand } from './command.ts';
import { mapDiffArgs, replayCommand, type DiffArgs } from './diff-options.ts';
import { addFlags, type FlagTable } from './flags.ts';
import type { CliIo } from './io.ts';
import { addSelectionOptions, readSelectionArgs } from './options-yargs.ts';
import { formatReportPaths } from './run.ts';

/** How often a running diff prints how far it is. */
const PROGRESS_EVERY_MS = 5000;

async function diffHandler(args: DiffArgs, io: CliIo): Promise<number> {
  // why: a run without --seed still prints its seed, so any disagreement it finds can be replayed
  const seeded = args.generate !== undefined || args.sample !== undefined;
  const seed = seeded ? (args.seed ?? randomInt(0, 2 ** 31 - 1)) : args.seed;
  const replay = !seeded || seed === undefined ? undefined : replayCommand(args, seed);
  const options = resolveDiffOptions(mapDiffArgs({ ...args, seed }, io.env, io.cwd, replay));
  const controller = new AbortController();
  const stopListening = io.onStop(() => controller.abort());
  const progress = { done: 0, differ: 0 };
  // why: a long run against remote targets shows life every few seconds, as run does without a live line
  const timer = setInterval(() => io.stdout.write(`… ${progress.done} request pairs compared, ${progress.differ} disagree\n`), PROGRESS_EVERY_MS);
  timer.unref();
  const onPair = (result: PairResult): void => {
    progress.done++;
    if (result.outcome !== 'agree') progress.differ++;
  };
  try {
    const { report, reportPaths } = await diffTargets(options, { env: io.env, signal: controller.signal, onPair });
    clearInterval(timer);
    io.stdout.write(formatDiffSummary(report));
    io.stdout.write(formatReportPaths(reportPaths, io.cwd));
    if (controller.signal.aborted) return 130;
    return report.summary.differ === 0 && report.summary.error === 0 ? 0 : 1;
  } finally {
    clearInterval(timer);
    stopListening();
  }
}

/** The flags of `diff` beside the selection flags (its --profile is one per target). */
const DIFF_FLAGS = {
  target: { type: 'string', array: true, default: [], describe: 'Base URL of a target (give two, or one with --reference); the first is A' },
  reference: { type: 'boolean', default: false, describe: 'The bundled reference server as target B' },
  profile: { type: 'string', array: true, default: [], describe: 'Profile of each target, in target order (one profile serves both --target URLs)' },
  fixtures: { type: 'string', default: RUN_DEFAULTS.fixturesDir, describe: 'Fixtures folder for --reference' },
  'token-env': {
    type: 'string',
    array: true,
    default: [],
    describe: "Environment variable holding each --target's token, in order (when none: the profile's token.env)",
  },
  'ckan-version': {
    type: 'string',
    describe: `CKAN version (${CKAN_VERSIONS.join(', ')}) the reference server answers as, and whose version-ranged cases apply`,
  },
  catalogue: { type: 'boolean', default: true, describe: 'Send the catalogue cases (--no-catalogue: only generated or recorded requests)' },
  generate: { type: 'number', describe: "Also send N requests generated from target A's data" },
  seed: { type: 'number', fallback: 'random, printed', describe: 'Seed of the generated requests and of --sample: the same seed sends the same requests' },
  requests: { type: 'string', describe: 'Also send the requests of recorded traffic: a HAR file, JSON lines or an access log (.gz read too)' },
  sample: { type: 'number', fallback: 'all', describe: 'Send N of the distinct requests of --requests, drawn with --seed' },
  concurrency: { type: 'number', fallback: RUN_DEFAULTS.concurrency, describe: 'Request pairs in flight at once' },
  'timeout-ms': { type: 'number', fallback: RUN_DEFAULTS.timeoutMs, describe: 'Budget per request attempt, in ms' },
  retries: { type: 'number', fallback: RUN_DEFAULTS.retries, describe: 'Retries on network errors, 5xx and 429' },
  rate: { type: 'number', fallback: 'unlimited', describe: 'Requests per second at most, both targets together' },
  report: { type: 'string', fallback: DIFF_REPORT_FORMATS.join(','), describe: 'Report formats, comma-separated' },
  out: { type: 'string', fallback: RUN_DEFAULTS.outDir, describe: 'Report folder: diff.json, diff.md, diff.html' },
} as const satisfies FlagTable;

export const diffCommand: CliCommand = {
  register(cli, io, setExit, describe) {
    return cli.command(
      'diff',
      describe,
      (y) =>
        addFlags(addSelectionOptions(y), DIFF_FLAGS)
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
          ),
      async (argv) => {
        const args: DiffArgs = {
          ...readSelectionArgs({ ...argv, profile: undefined }),
          targets: argv.target.map(String),
          reference: argv.reference,
          profiles: argv.profile.map(String),
          fixtures: argv.fixtures,
          tokenEnvs: argv['token-env'].map(String),
          tokenFile: undefined,
          concurrency: argv.concurrency,
          timeoutMs: argv['timeout-ms'],
          retries: argv.retries,
          rate: argv.rate,
          report: argv.report,
          out: argv.out,
          ckanVersion: argv['ckan-version'],
          catalogue: argv.catalogue,
          generate: argv.generate,
          seed: argv.seed,
          requests: argv.requests,
          sample: argv.sample,
        };
        setExit(await diffHandler(args, io));
      },
    );
  },
};
