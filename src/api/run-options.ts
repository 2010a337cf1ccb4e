// Run options: defaults <- catalogue <- env <- flags, merged once into frozen data and checked (KitError E_USAGE).
// The options are declared in schema/run-options.ts; this is the one place they are checked together.
import { KitError, KitErrorCode } from '../errors.ts';
import { parseReportFormats, REPORT_FORMATS, type ReportFormat } from '../reporters/index.ts';
import { RUN_DEFAULTS } from '../util/run-defaults.ts';
import { CKAN_VERSIONS, readCkanVersionText, type CkanVersion } from '../schema/ckan-version.ts';
import { checkHttpUrl, checkOptionValues, withDefaults, type OptionLabel } from '../schema/option-check.ts';
import type { OptionValues, ResolvedOptionValues } from '../schema/option-table.ts';
import { RUN_OPTIONS, SELECTION_OPTIONS, type RunTarget } from '../schema/run-options.ts';

export type { RunTarget };

/**
 * Options of `runCatalogue`, as given by one layer (the flags, the environment, a program): every field optional
 * (undefined = not set), by the names of schema/run-options.ts (docs/cli.md says what each means and its default).
 * Paths are relative to `cwd`. `ckanVersion` also takes a release (2.11.5).
 */
export type RunSettings = OptionValues<typeof SELECTION_OPTIONS> & OptionValues<typeof RUN_OPTIONS>;

type Resolved = ResolvedOptionValues<typeof SELECTION_OPTIONS> & ResolvedOptionValues<typeof RUN_OPTIONS>;

/** The resolved, frozen options: every default filled in, every value checked. */
export type ResolvedRunOptions = Omit<Resolved, 'target' | 'reportFormats' | 'ckanVersion' | 'token'> & {
  readonly target: Readonly<RunTarget>;
  readonly reportFormats: readonly ReportFormat[];
  /** As given; undefined: chosen with the profile. */
  readonly ckanVersion: CkanVersion | 'auto' | undefined;
  readonly token: string | undefined;
};

/** The API's names of run's options (`concurrency`, `rateRps`). */
const apiLabel: OptionLabel = (key) => key;

/**
 * Resolves `settings` over `fallback` (field by field; `target` as a whole; the CLI passes its flags over the
 * environment's settings) and the defaults, and checks the values: each against its declaration, then together.
 * Pure: reads no environment and no files. Throws KitError E_USAGE (OptionsError: every refused value, named by
 * `label`) for a missing target or a value out of range.
 */
export function resolveRunOptions(settings: RunSettings, fallback: RunSettings = {}, label: OptionLabel = apiLabel): ResolvedRunOptions {
  const given: Record<string, unknown> = {};
  for (const layer of [fallback, settings]) {
    for (const [key, value] of Object.entries(layer)) if (value !== undefined) given[key] = value;
  }
  const s = { ...checkOptionValues(SELECTION_OPTIONS, given, label), ...checkOptionValues(RUN_OPTIONS, given, label) };
  const target = s.target;
  if (target === undefined) throw usage('name a target: --target URL, or --reference for the bundled server');
  const urlProblem = target.kind === 'url' ? checkHttpUrl(target.url) : undefined;
  if (urlProblem !== undefined) throw usage(`${label('target')} ${urlProblem}`);
  if (s.updateBaseline !== undefined && s.baselineDir === undefined) {
    throw usage(`${label('updateBaseline')} needs ${label('baselineDir')} DIR (the folder of the baseline files)`);
  }
  const version = s.ckanVersion === undefined ? undefined : readCkanVersion(s.ckanVersion, label('ckanVersion'));
  const reference = target.kind === 'reference';
  const resolved: ResolvedRunOptions = {
    ...withDefaults(SELECTION_OPTIONS, s),
    ...withDefaults(RUN_OPTIONS, s),
    target: Object.freeze({ ...target }),
    profileFile: s.profileFile ?? (reference ? RUN_DEFAULTS.referenceProfile : undefined),
    token: s.token === '' ? undefined : s.token,
    tags: Object.freeze([...(s.tags ?? [])]),
    grep: s.grep === undefined ? undefined : checkRegExp(s.grep, label('grep')),
    ids: Object.freeze([...(s.ids ?? [])]),
    variantIds: s.variantIds === undefined ? undefined : Object.freeze([...s.variantIds]),
    shard: s.shard === undefined ? undefined : Object.freeze(checkShard(s.shard, label('shard'))),
    reportFormats: Object.freeze(s.reportFormats === undefined ? [...REPORT_FORMATS] : parseReportFormats(s.reportFormats)),
    ckanVersion: version?.version,
    ckanRelease: s.ckanRelease ?? version?.release,
  };
  return Object.freeze(resolved);
}

/**
 * A CKAN version (2.8 ... 2.12, a release of one such as 2.11.5, or auto): the minor version, and the release when
 * one was named. Throws KitError E_USAGE naming the known ones otherwise.
 */
export function readCkanVersion(text: string, name = '--ckan-version'): { version: CkanVersion | 'auto'; release?: string } {
  const trimmed = text.trim();
  if (trimmed === 'auto') return { version: trimmed };
  const named = readCkanVersionText(trimmed);
  if (named !== undefined) return named.release === undefined ? { version: named.minor } : { version: named.minor, release: named.release };
  throw usage(`${name} must be one of ${CKAN_VERSIONS.join(', ')} (or a release such as 2.11.5) or auto, got "${text}"`);
}

function usage(message: string): KitError {
  return new KitError(KitErrorCode.usage, message);
}

function checkRegExp(pattern: string, name: string): string {
  try {
    new RegExp(pattern, 'u');
  } catch (error) {
    throw new KitError(KitErrorCode.usage, `${name} is not a valid regular expression: ${pattern}`, { cause: error });
  }
  return pattern;
}

function checkShard(shard: { index: number; count: number }, name: string): { index: number; count: number } {
  const { index, count } = shard;
  if (index > count) throw usage(`${name} must be i/n with 1 <= i <= n, got ${String(index)}/${String(count)}`);
  return { index, count };
}
