// `datastore-kit upgrade-check`: what clients see change between two CKAN releases (two reference servers) or two
// targets, as a list of changes with CKAN's explanation, an example and both answers; writes the upgrade reports.
import { checkUpgrade } from '../api/upgrade-check.ts';
import { resolveUpgradeOptions } from '../api/upgrade-options.ts';
import { formatUpgradeSummary } from '../reporters/index.ts';
import type { CliCommand } from './command.ts';
import { addFlags } from './flags.ts';
import type { CliIo } from './io.ts';
import { addSelectionOptions } from './options-yargs.ts';
import { formatReportPaths } from './run.ts';
import { chooseSeed, runWithPairProgress } from './pair-progress.ts';
import { mapUpgradeArgs, readUpgradeArgs, replayUpgradeCommand, UPGRADE_FLAGS, upgradeFlagLabel, type UpgradeArgs } from './upgrade-options.ts';
import { formatDocsLink } from './docs-link.ts';

async function upgradeHandler(args: UpgradeArgs, io: CliIo): Promise<number> {
  const { seed, replay } = chooseSeed(args, (chosen) => replayUpgradeCommand(args, chosen));
  const options = resolveUpgradeOptions(mapUpgradeArgs({ ...args, seed }, io.env, io.cwd, replay), upgradeFlagLabel);
  const { value, aborted } = await runWithPairProgress(io, 'answered differently', (hooks) => checkUpgrade(options, { env: io.env, ...hooks }));
  io.stdout.write(formatUpgradeSummary(value.report));
  io.stdout.write(formatReportPaths(value.reportPaths, io.cwd));
  if (aborted) return 130;
  return value.report.changes.length === 0 && value.report.summary.error === 0 ? 0 : 1;
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
          )
          .epilog(formatDocsLink('upgrade-check.md')),
      async (argv) => {
        const args = readUpgradeArgs(argv);
        setExit(await upgradeHandler(args, io));
      },
    );
  },
};
