// `datastore-kit upgrade-check`: what clients see change between two CKAN releases (two reference servers) or two
// targets, as a list of changes with CKAN's explanation, an example and both answers; writes the upgrade reports.
import { randomInt } from 'node:crypto';
import { checkUpgrade } from '../api/upgrade-check.ts';
import { resolveUpgradeOptions } from '../api/upgrade-options.ts';
import { formatUpgradeSummary } from '../reporters/index.ts';
import type { PairResult } from '../schema/diff-report.ts';
import type { CliCommand } from './command.ts';
import { addFlags } from './flags.ts';
import type { CliIo } from './io.ts';
import { addSelectionOptions, readSelectionArgs } from './options-yargs.ts';
import { formatReportPaths } from './run.ts';
import { mapUpgradeArgs, replayUpgradeCommand, UPGRADE_FLAGS, type UpgradeArgs } from './upgrade-options.ts';

/** How often a running check prints how far it is. */
const PROGRESS_EVERY_MS = 5000;

async function upgradeHandler(args: UpgradeArgs, io: CliIo): Promise<number> {
  // why: a run without --seed still prints its seed, so the same requests can be sent again
  const seeded = args.generate !== undefined || args.sample !== undefined;
  const seed = seeded ? (args.seed ?? randomInt(0, 2 ** 31 - 1)) : args.seed;
  const replay = !seeded || seed === undefined ? undefined : replayUpgradeCommand(args, seed);
  const options = resolveUpgradeOptions(mapUpgradeArgs({ ...args, seed }, io.env, io.cwd, replay));
  const controller = new AbortController();
  const stopListening = io.onStop(() => controller.abort());
  const progress = { done: 0, changed: 0 };
  const timer = setInterval(() => io.stdout.write(`… ${progress.done} request pairs compared, ${progress.changed} answered differently\n`), PROGRESS_EVERY_MS);
  timer.unref();
  const onPair = (result: PairResult): void => {
    progress.done++;
    if (result.outcome !== 'agree') progress.changed++;
  };
  try {
    const { report, reportPaths } = await checkUpgrade(options, { env: io.env, signal: controller.signal, onPair });
    clearInterval(timer);
    io.stdout.write(formatUpgradeSummary(report));
    io.stdout.write(formatReportPaths(reportPaths, io.cwd));
    if (controller.signal.aborted) return 130;
    return report.changes.length === 0 && report.summary.error === 0 ? 0 : 1;
  } finally {
    clearInterval(timer);
    stopListening();
  }
}

export const upgradeCheckCommand: CliCommand = {
  register(cli, io, setExit, describe) {
    return cli.command(
      'upgrade-check',
      describe,
      (y) =>
        addFlags(addSelectionOptions(y), UPGRADE_FLAGS)
          .example('$0 upgrade-check --from 2.10.7 --to 2.11.5', 'The catalogue on two reference servers: what changes for clients')
          .example('$0 upgrade-check --from 2.10.7 --to 2.11.5 --requests access.log --no-catalogue', "Your clients' own requests, from the web server's log")
          .example('$0 upgrade-check --from 2.11 --to 2.12 --generate 500 --seed 1', 'Also 500 generated requests')
          .example(
            '$0 upgrade-check --target https://data.example.org --target https://staging.example.org --profile site.yaml --requests access.log',
            "Today's site against its copy on the new release",
          )
          .epilog(
            'Each pair of answers is normalised as diff does and compared; every difference becomes a change (status, error message, ' +
              'records, total, field types, fields, key removed or added, value, body), grouped across requests, with the CKAN change ' +
              'that explains it where the kit knows one (issue or PR, changelog line, releases), an example request as curl and both ' +
              'answers. Exit codes: 0 no change, 1 changes (or a side gave no answer to a request), 2 bad flags, profile, catalogue or traffic file, ' +
              '3 a target is unreachable, a reference server cannot start, or the report folder cannot be written. Docs: docs/upgrade-check.md',
          ),
      async (argv) => {
        const args: UpgradeArgs = {
          ...readSelectionArgs({ ...argv, profile: undefined }),
          from: argv.from,
          to: argv.to,
          fixtures: argv.fixtures,
          targets: argv.target.map(String),
          profiles: argv.profile.map(String),
          tokenEnvs: argv['token-env'].map(String),
          catalogue: argv.catalogue,
          generate: argv.generate,
          seed: argv.seed,
          requests: argv.requests,
          sample: argv.sample,
          concurrency: argv.concurrency,
          timeoutMs: argv['timeout-ms'],
          retries: argv.retries,
          rate: argv.rate,
          report: argv.report,
          out: argv.out,
        };
        setExit(await upgradeHandler(args, io));
      },
    );
  },
};
