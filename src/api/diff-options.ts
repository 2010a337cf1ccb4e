// Options of a two-target run: each side's run options (target, profile, token), the shared selection and
// transport settings, what is sent (catalogue, generated requests, recorded traffic and its sample) and the report
// formats, each checked against its declaration (schema/diff-options.ts) and then together, once.
import { KitError, KitErrorCode } from '../errors.ts';
import { DIFF_REPORT_FORMATS, parseFormatList, type DiffReportFormat } from '../reporters/index.ts';
import { DIFF_OPTIONS, PAIR_SOURCE_OPTIONS } from '../schema/diff-options.ts';
import { checkOptionValues, withDefaults, type OptionLabel } from '../schema/option-check.ts';
import type { OptionValues } from '../schema/option-table.ts';
import { resolveRunOptions, type ResolvedRunOptions, type RunSettings } from './run-options.ts';

/**
 * What a two-target run sends and writes, as `diff` and `upgrade-check` take it: the options of
 * schema/diff-options.ts (`catalogue` default true; `seed` required with `generate` or `sample`; `sample` only with
 * `requests`; `reportFormats` a list or comma text, default all), over the settings both sides share.
 */
export type PairSourceSettings = OptionValues<typeof PAIR_SOURCE_OPTIONS> &
  OptionValues<typeof DIFF_OPTIONS> & {
    /** Selection, concurrency, rate, timeouts, retries, report folder: as `run` takes them, for both sides. */
    shared: RunSettings;
  };

/** What the caller gives: the settings both sides share (layers merged as for run), then each side's own. */
export type DiffSettings = PairSourceSettings & {
  /** Each side's target, profile file, token and CKAN version (A first: the expected side of each difference). */
  sides: readonly [RunSettings, RunSettings];
};

/** The resolved, frozen options of diffTargets. */
export interface DiffOptions {
  /** Each side's run options (the shared settings with its own over them). */
  readonly sides: readonly [ResolvedRunOptions, ResolvedRunOptions];
  readonly catalogue: boolean;
  readonly generate: Readonly<{ count: number; seed: number }> | undefined;
  /**
   * Which catalogue variants are sent: those both sides can run (`both`, diff), or those either can (`either`,
   * the upgrade check: a case of one release's range shows what the other release answers).
   */
  readonly pairCatalogue: 'both' | 'either';
  /** The traffic file and the sample drawn from it. */
  readonly requests: Readonly<{ file: string; sample: Readonly<{ count: number; seed: number }> | undefined }> | undefined;
  readonly reportFormats: readonly DiffReportFormat[];
  readonly replay: string | undefined;
}

const usage = (message: string): KitError => new KitError(KitErrorCode.usage, message);

/** A count drawn with a seed (`generate`, `sample`): undefined when no count is given; the seed is then required. */
function seeded(
  key: 'generate' | 'sample',
  count: number | undefined,
  seed: number | undefined,
  label: OptionLabel,
): { count: number; seed: number } | undefined {
  if (count === undefined) return undefined;
  if (seed === undefined) throw usage(`${label(key)} needs ${label('seed')} (the CLI picks one and prints it)`);
  return { count, seed };
}

/**
 * A traffic file (`requests`) and its sample (`sample` drawn with `seed`), each checked against its declaration;
 * undefined when none. `diff`, `upgrade-check` and `twin` take it. Throws KitError E_USAGE naming each by `label`.
 */
export function checkTrafficFile(
  settings: Readonly<{ requests?: string | undefined; sample?: number | undefined; seed?: number | undefined }>,
  label: OptionLabel = (key) => key,
): { file: string; sample: { count: number; seed: number } | undefined } | undefined {
  // why: only these three: a caller's other settings (twin's generate 0) are not the pair sources' to check
  const given = { requests: settings.requests, sample: settings.sample, seed: settings.seed };
  const { requests, sample, seed } = checkOptionValues(PAIR_SOURCE_OPTIONS, given, label);
  if (requests === undefined) {
    if (sample !== undefined) throw usage(`${label('sample')} needs ${label('requests')} FILE`);
    return undefined;
  }
  return { file: requests, sample: seeded('sample', sample, seed, label) };
}

/**
 * What is sent, checked and frozen: the catalogue switch, generation, the traffic file and its sample, the replay
 * line. A refused value is named by `label` (the API's name by default). Throws KitError E_USAGE.
 */
export function resolvePairSources(
  settings: PairSourceSettings,
  label: OptionLabel = (key) => key,
): Pick<DiffOptions, 'catalogue' | 'generate' | 'requests' | 'replay'> {
  const given = withDefaults(PAIR_SOURCE_OPTIONS, checkOptionValues(PAIR_SOURCE_OPTIONS, settings, label));
  const replay = checkOptionValues(DIFF_OPTIONS, settings, label).replay;
  if (given.seed !== undefined && given.generate === undefined && given.sample === undefined) {
    throw usage(`${label('seed')} needs ${label('generate')} N or ${label('sample')} N`);
  }
  const traffic = checkTrafficFile(given, label);
  const generate = seeded('generate', given.generate, given.seed, label);
  if (!given.catalogue && generate === undefined && traffic === undefined) {
    const off = label('catalogue').startsWith('--') ? '--no-catalogue' : `${label('catalogue')}: false`;
    throw usage(`${off} sends nothing without ${label('generate')} N or ${label('requests')} FILE`);
  }
  return {
    catalogue: given.catalogue,
    generate: generate === undefined ? undefined : Object.freeze(generate),
    requests:
      traffic === undefined
        ? undefined
        : Object.freeze({ file: traffic.file, sample: traffic.sample === undefined ? undefined : Object.freeze(traffic.sample) }),
    replay,
  };
}

/**
 * Resolves and checks the options (KitError E_USAGE, exit 2; a refused value named by `label`, the API's name by
 * default). Pure: reads no environment and no files.
 */
export function resolveDiffOptions(settings: DiffSettings, label: OptionLabel = (key) => key): DiffOptions {
  const sources = resolvePairSources(settings, label);
  const [a, b] = settings.sides.map((side) => resolveRunOptions(side, settings.shared, label));
  if (a === undefined || b === undefined) throw usage('diff needs two targets');
  if (a.target.kind === 'reference' && b.target.kind === 'reference') throw usage('--reference can stand for one of the two targets only');
  return Object.freeze({
    sides: Object.freeze([a, b] as const),
    ...sources,
    pairCatalogue: 'both',
    reportFormats: Object.freeze(parseFormatList(settings.reportFormats, DIFF_REPORT_FORMATS, 'diff')),
  });
}
