// Options of an upgrade check: the two releases (`--from`, `--to`) the reference servers answer as over one data
// source, or two live targets (today's site and its copy on the new release); what is sent (catalogue, generated,
// traffic) and the report formats; checked once and made into the two-target run they amount to.
import { KitError, KitErrorCode } from '../errors.ts';
import { parseFormatList, UPGRADE_REPORT_FORMATS, type UpgradeReportFormat } from '../reporters/index.ts';
import { readCkanVersionText } from '../schema/ckan-version.ts';
import type { OptionLabel } from '../schema/option-check.ts';
import { isServerCkanVersion, SERVER_CKAN_VERSIONS } from '../server/index.ts';
import { resolvePairSources, type DiffOptions, type PairSourceSettings } from './diff-options.ts';
import { resolveRunOptions, type RunSettings } from './run-options.ts';
import { fixturesSource, type UpgradeDataSource } from './upgrade-source.ts';
import { RUN_DEFAULTS } from '../util/run-defaults.ts';

/** What the caller gives: what is sent and written as for diff (`PairSourceSettings`), and the two sides. */
export interface UpgradeSettings extends PairSourceSettings {
  /** The release clients run today (`2.10.7`, or `2.10`: its newest); with two targets, what A runs, when known. */
  from?: string | undefined;
  /** The release after the upgrade; with two targets, what B runs, when known. */
  to?: string | undefined;
  /** Two live targets instead of reference servers: A (today's site) and B (its copy on the new release). */
  targets?: readonly [RunSettings, RunSettings] | undefined;
  /** The data both reference servers serve. Default the bundled fixtures (with profiles/reference.yaml). */
  data?: UpgradeDataSource | undefined;
}

/** The resolved, frozen options of checkUpgrade. */
export interface UpgradeOptions {
  readonly mode: 'reference' | 'targets';
  readonly from: string | undefined;
  readonly to: string | undefined;
  /** How the report names the data the requests ran on. */
  readonly data: string;
  /** The two-target run (A: from, B: to). */
  readonly diff: DiffOptions;
  readonly reportFormats: readonly UpgradeReportFormat[];
}

const usage = (message: string): KitError => new KitError(KitErrorCode.usage, message);

/** A release as a flag names it; in reference mode one the reference server imitates. */
function readRelease(flag: string, text: string | undefined, reference: boolean): { minor: string; release: string | undefined } | undefined {
  if (text === undefined) {
    if (reference) throw usage(`upgrade-check needs ${flag} RELEASE (e.g. --from 2.10.7 --to 2.11.5), or two --target URLs`);
    return undefined;
  }
  const named = readCkanVersionText(text.trim());
  if (named === undefined || (reference && !isServerCkanVersion(named.minor))) {
    throw usage(
      `${flag} names a CKAN release the reference server imitates (${SERVER_CKAN_VERSIONS.join(', ')}, or one of their patch releases such as 2.11.5); got "${text}"`,
    );
  }
  return { minor: named.minor, release: named.release };
}

function referenceSides(settings: UpgradeSettings, data: UpgradeDataSource): [RunSettings, RunSettings] {
  const side = (release: ReturnType<typeof readRelease>): RunSettings => ({
    target: data.target,
    ...(data.profileFile === undefined ? {} : { profileFile: data.profileFile }),
    ...(release === undefined || !isServerCkanVersion(release.minor) ? {} : { ckanVersion: release.minor }),
    ...(release?.release === undefined ? {} : { ckanRelease: release.release }),
  });
  return [side(readRelease('--from', settings.from, true)), side(readRelease('--to', settings.to, true))];
}

/**
 * Resolves and checks the options (KitError E_USAGE, exit 2; a refused value named by `label`, the API's name by
 * default). Pure: reads no environment and no files.
 */
export function resolveUpgradeOptions(settings: UpgradeSettings, label: OptionLabel = (key) => key): UpgradeOptions {
  const mode = settings.targets === undefined ? 'reference' : 'targets';
  const data = settings.data ?? fixturesSource(RUN_DEFAULTS.fixturesDir, undefined);
  if (mode === 'targets') {
    if (settings.data !== undefined) throw usage('--fixtures is for the reference servers; with two --target URLs the requests run on their own data');
    readRelease('--from', settings.from, false);
    readRelease('--to', settings.to, false);
  }
  const sources = resolvePairSources(settings, label);
  if (mode === 'reference' && data.profileFile === undefined && (sources.catalogue || sources.generate !== undefined)) {
    throw usage(
      `the catalogue and --generate need a profile naming the resources of ${data.label}: give --profile (probe against \`datastore-kit serve --fixtures ...\` writes one), or send only --requests with --no-catalogue`,
    );
  }
  const [a, b] = (settings.targets ?? referenceSides(settings, data)).map((side) => resolveRunOptions(side, settings.shared, label));
  if (a === undefined || b === undefined) throw usage('upgrade-check needs two sides');
  const diff: DiffOptions = Object.freeze({
    sides: Object.freeze([a, b] as const),
    ...sources,
    // why: a variant only B's release takes is built with B's profile; it may go to A as well only when the two
    // sides share one profile (the reference servers, or a site and its staging copy with the same resources)
    pairCatalogue: a.profileFile === b.profileFile ? 'either' : 'both',
    reportFormats: Object.freeze(['json'] as const),
  });
  return Object.freeze({
    mode,
    from: settings.from?.trim(),
    to: settings.to?.trim(),
    data: mode === 'reference' ? data.label : 'the two targets',
    diff,
    reportFormats: Object.freeze(parseFormatList(settings.reportFormats, UPGRADE_REPORT_FORMATS, 'upgrade-check')),
  });
}
