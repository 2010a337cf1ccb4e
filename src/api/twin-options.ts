// Options of a twin run: the target's run options (URL, profile, token, selection, transport, report folder, CKAN
// version), the catalogue switch, the generated requests (count and seed), the per-table row cap, the report
// formats and where to keep the mirror, checked once.
import { KitError, KitErrorCode } from '../errors.ts';
import { parseFormatList, TWIN_REPORT_FORMATS, type TwinReportFormat } from '../reporters/index.ts';
import { checkTrafficFile, type DiffOptions } from './diff-options.ts';
import { resolveRunOptions, type ResolvedRunOptions, type RunSettings } from './run-options.ts';

/** The defaults of `twin`. */
export const TWIN_DEFAULTS = Object.freeze({ generate: 500, maxRows: 200_000, pageSize: 10_000 });

/** What the caller gives. */
export interface TwinSettings {
  /** The target (a URL), its profile and token, the selection, transport settings and report folder, as `run` takes them. */
  run: RunSettings;
  /** Send the catalogue's cases too. Default true. */
  catalogue?: boolean | undefined;
  /** Requests generated from the mirror's data. Default 500; 0: none. */
  generate?: number | undefined;
  /** Seed of the generated requests (required when any are generated; the CLI draws and prints one). */
  seed?: number | undefined;
  /** A table with more rows is not mirrored (its requests are not sent). Default 200,000. */
  maxRows?: number | undefined;
  /** Rows asked per page while reading the target. Default 10,000. */
  pageSize?: number | undefined;
  /** Report formats (json, md, html), a list or comma text. Default all three. */
  reportFormats?: readonly string[] | string | undefined;
  /** The command line that sends the same requests again, shown with the generated failures. */
  replay?: string | undefined;
  /** Keep the mirror's fixtures folder here (a new or empty folder); default a temp folder, removed at the end. */
  mirrorDir?: string | undefined;
  /** A file of recorded traffic (HAR, JSON lines, access log) whose requests are sent to the target and its twin too. */
  requests?: string | undefined;
  /** Send only this many of the file's distinct requests, drawn with `seed`. Default all. */
  sample?: number | undefined;
}

/** The resolved, frozen options of twinTarget. */
export interface TwinOptions {
  readonly run: ResolvedRunOptions & { readonly target: { readonly kind: 'url'; readonly url: string } };
  readonly profileFile: string;
  readonly catalogue: boolean;
  readonly generate: Readonly<{ count: number; seed: number }> | undefined;
  readonly maxRows: number;
  readonly pageSize: number;
  readonly reportFormats: readonly TwinReportFormat[];
  readonly replay: string | undefined;
  readonly mirrorDir: string | undefined;
  /** The traffic file and the sample drawn from it. */
  readonly requests: DiffOptions['requests'];
}

const usage = (message: string): KitError => new KitError(KitErrorCode.usage, message);

function checkCount(flag: string, value: number, min: number): number {
  if (!Number.isInteger(value) || value < min) throw usage(`--${flag} must be an integer >= ${min}, got ${String(value)}`);
  return value;
}

/** Resolves and checks the options (KitError E_USAGE, exit 2). Pure: reads no environment and no files. */
export function resolveTwinOptions(settings: TwinSettings): TwinOptions {
  const run = resolveRunOptions(settings.run);
  const { target } = run;
  if (target.kind !== 'url')
    throw usage('twin mirrors a target at a URL: give --target URL (to twin the bundled fixtures, run `datastore-kit serve` and give its URL)');
  if (run.profileFile === undefined) throw usage("twin needs the target's profile, which names its tables: --profile FILE (`datastore-kit probe` writes one)");
  const count = checkCount('generate', settings.generate ?? TWIN_DEFAULTS.generate, 0);
  if (count > 0 && (settings.seed === undefined || !Number.isInteger(settings.seed) || Math.abs(settings.seed) > 2 ** 31 - 1))
    throw usage(`--seed must be an integer between -2147483647 and 2147483647, got ${String(settings.seed)}`);
  const catalogue = settings.catalogue ?? true;
  // why: twin's messages name its flags, as its other checks here do
  const requests = checkTrafficFile(settings, (key) => `--${key}`);
  if (!catalogue && count === 0 && requests === undefined) throw usage('--no-catalogue with --generate 0 sends nothing without --requests FILE');
  return Object.freeze({
    run: Object.freeze({ ...run, target }),
    profileFile: run.profileFile,
    catalogue,
    generate: count === 0 || settings.seed === undefined ? undefined : Object.freeze({ count, seed: settings.seed }),
    maxRows: checkCount('max-rows', settings.maxRows ?? TWIN_DEFAULTS.maxRows, 1),
    pageSize: checkCount('page-size', settings.pageSize ?? TWIN_DEFAULTS.pageSize, 1),
    reportFormats: Object.freeze(parseFormatList(settings.reportFormats, TWIN_REPORT_FORMATS, 'twin')),
    replay: settings.replay,
    mirrorDir: settings.mirrorDir,
    requests:
      requests === undefined
        ? undefined
        : Object.freeze({ file: requests.file, sample: requests.sample === undefined ? undefined : Object.freeze(requests.sample) }),
  });
}
