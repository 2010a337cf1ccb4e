// Options of a two-target run: each side's run options (target, profile, token), the shared selection and
// transport settings, the catalogue switch, generation (count and seed) and the report formats, checked once.
import { KitError, KitErrorCode } from '../errors.ts';
import { DIFF_REPORT_FORMATS, parseFormatList, type DiffReportFormat } from '../reporters/index.ts';
import { resolveRunOptions, type ResolvedRunOptions, type RunSettings } from './run-options.ts';

/** What a two-target run sends and writes, as `diff` and `upgrade-check` take it. */
export interface PairSourceSettings {
  /** Selection, concurrency, rate, timeouts, retries, report folder: as `run` takes them, for both sides. */
  shared: RunSettings;
  /** Send the catalogue's cases to both. Default true. */
  catalogue?: boolean | undefined;
  /** Generate this many requests from target A's data. Default none. */
  generate?: number | undefined;
  /** Seed of the generated requests and of the sample (required with `generate` or `sample`). */
  seed?: number | undefined;
  /** A file of recorded traffic (HAR, JSON lines, access log) whose requests are sent to both targets too. */
  requests?: string | undefined;
  /** Send only this many of the file's distinct requests, drawn with `seed`. Default all. */
  sample?: number | undefined;
  /** Report formats (json, md, html), a list or comma text. Default all three. */
  reportFormats?: readonly string[] | string | undefined;
  /** The command line that sends the same requests again, shown with generated disagreements. */
  replay?: string | undefined;
}

/** What the caller gives: the settings both sides share (layers merged as for run), then each side's own. */
export interface DiffSettings extends PairSourceSettings {
  /** Each side's target, profile file, token and CKAN version (A first: the expected side of each difference). */
  sides: readonly [RunSettings, RunSettings];
}

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

/** A count drawn with a seed (`--generate N`, `--sample N`): both checked; undefined when no count is given. */
function checkSeeded(flag: string, count: number | undefined, seed: number | undefined): { count: number; seed: number } | undefined {
  if (count === undefined) return undefined;
  if (!Number.isInteger(count) || count < 1) throw usage(`${flag} must be an integer >= 1, got ${String(count)}`);
  if (seed === undefined || !Number.isInteger(seed) || Math.abs(seed) > 2 ** 31 - 1)
    throw usage(`--seed must be an integer between -2147483647 and 2147483647, got ${String(seed)}`);
  return { count, seed };
}

/** The traffic file and its sample; E_USAGE for --sample without --requests, or a --seed that nothing draws with. */
function checkRequests(
  settings: Pick<DiffSettings, 'requests' | 'sample' | 'seed' | 'generate'>,
): { file: string; sample: { count: number; seed: number } | undefined } | undefined {
  if (settings.seed !== undefined && settings.generate === undefined && settings.sample === undefined) throw usage('--seed needs --generate N or --sample N');
  return checkTrafficFile(settings);
}

/** A traffic file (`--requests FILE`) and its sample (`--sample N` drawn with `--seed`), checked; undefined when none. */
export function checkTrafficFile(
  settings: Readonly<{ requests?: string | undefined; sample?: number | undefined; seed?: number | undefined }>,
): { file: string; sample: { count: number; seed: number } | undefined } | undefined {
  if (settings.requests === undefined) {
    if (settings.sample !== undefined) throw usage('--sample needs --requests FILE');
    return undefined;
  }
  if (settings.requests.trim() === '') throw usage('--requests needs a file name');
  return { file: settings.requests, sample: checkSeeded('--sample', settings.sample, settings.seed) };
}

/** What is sent, checked and frozen: the catalogue switch, generation, the traffic file and its sample, the replay line. */
export function resolvePairSources(settings: PairSourceSettings): Pick<DiffOptions, 'catalogue' | 'generate' | 'requests' | 'replay'> {
  const catalogue = settings.catalogue ?? true;
  const generate = checkSeeded('--generate', settings.generate, settings.seed);
  const requests = checkRequests(settings);
  if (!catalogue && generate === undefined && requests === undefined) throw usage('--no-catalogue sends nothing without --generate N or --requests FILE');
  const sample = requests?.sample === undefined ? undefined : Object.freeze(requests.sample);
  return {
    catalogue,
    generate: generate === undefined ? undefined : Object.freeze(generate),
    requests: requests === undefined ? undefined : Object.freeze({ file: requests.file, sample }),
    replay: settings.replay,
  };
}

/** Resolves and checks the options (KitError E_USAGE, exit 2). Pure: reads no environment and no files. */
export function resolveDiffOptions(settings: DiffSettings): DiffOptions {
  const [a, b] = settings.sides.map((side) => resolveRunOptions(side, settings.shared));
  if (a === undefined || b === undefined) throw usage('diff needs two targets');
  if (a.target.kind === 'reference' && b.target.kind === 'reference') throw usage('--reference can stand for one of the two targets only');
  return Object.freeze({
    sides: Object.freeze([a, b] as const),
    ...resolvePairSources(settings),
    pairCatalogue: 'both',
    reportFormats: Object.freeze(parseFormatList(settings.reportFormats, DIFF_REPORT_FORMATS, 'diff')),
  });
}
