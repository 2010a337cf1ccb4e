// Run options: defaults <- catalogue <- env <- flags, merged once into frozen data and checked (KitError E_USAGE).
import { KitError, KitErrorCode } from '../errors.ts';
import { parseReportFormats, REPORT_FORMATS, type ReportFormat } from '../reporters/index.ts';
import type { ContractProfile } from '../runner/index.ts';
import { RUN_DEFAULTS } from '../util/run-defaults.ts';
import { UPDATE_BASELINE_MODES, type CkanVersion, type UpdateBaselineMode } from '../schema/index.ts';

/** Where the cases are sent: a deployed API, or the bundled reference server started for the run. */
export type RunTarget = { kind: 'url'; url: string } | { kind: 'reference'; fixturesDir: string };

/** Options of `runCatalogue`, as given by one layer; every field optional (undefined = not set). Paths are relative to `cwd`. */
export interface RunSettings {
  /** Working directory that relative paths resolve against. */
  cwd?: string | undefined;
  /** Catalogue folder. Default `cases`. */
  casesDir?: string | undefined;
  target?: RunTarget | undefined;
  /** Profile file. Default `profiles/reference.yaml` with the reference target, else none. */
  profileFile?: string | undefined;
  /** The API token itself (never logged). */
  token?: string | undefined;
  /** Variants in flight at once. Default 8. */
  concurrency?: number | undefined;
  /** Whole-request budget per attempt (ms). Default 30000. */
  timeoutMs?: number | undefined;
  /** Extra attempts on network errors, 5xx and 429. Default 0. */
  retries?: number | undefined;
  /** Requests started per second. Default unlimited. */
  rateRps?: number | undefined;
  tags?: readonly string[] | undefined;
  /** Regular expression on case id and title. */
  grep?: string | undefined;
  ids?: readonly string[] | undefined;
  /** Only these case variants, by report id (what `run --last-failed` reads from the last report). Default all. */
  variantIds?: readonly string[] | undefined;
  /** 1-based shard of the catalogue. */
  shard?: { index: number; count: number } | undefined;
  /** Stop starting cases after the first fail/error. Default false. */
  bail?: boolean | undefined;
  /** Count failures that a known bug of the target's CKAN release explains as failures. Default false (status known). */
  strictKnown?: boolean | undefined;
  /** Report formats, or a comma list. Default every registered format. */
  reportFormats?: readonly string[] | string | undefined;
  /** Report folder. Default `reports`. */
  outDir?: string | undefined;
  /**
   * Contract profile. Default: `ckan` with the reference target or when a CKAN version is named (flag or
   * profile), else `seed`.
   */
  contract?: ContractProfile | undefined;
  /** Zero selected cases is not an error. Default false. */
  allowEmpty?: boolean | undefined;
  /**
   * The CKAN version the target runs (its contract; its version-ranged cases apply), or `auto`: asked of the
   * target (status_show, else markers). Default the profile's `ckan`; with the reference target also the
   * version the server answers as (2.11 when neither says).
   */
  ckanVersion?: CkanVersion | 'auto' | undefined;
  /** With the reference target: the patch release of `ckanVersion` the server imitates (e.g. "2.11.5"); default its newest. */
  ckanRelease?: string | undefined;
  /** Baseline folder: each answer is compared with (or recorded as) its file there. Default none. */
  baselineDir?: string | undefined;
  /**
   * Which baseline files are written: none, missing (default), changed (also those that differ: the change is
   * accepted), all. The CLI defaults to none when the CI environment variable is set.
   */
  updateBaseline?: UpdateBaselineMode | undefined;
  /** Fail the run (exit 1) when fewer than this percentage (0-100) of the selected variants applied. Default none. */
  minApplicablePct?: number | undefined;
}

/** The resolved, frozen options: every default filled in, every value checked. */
export interface ResolvedRunOptions {
  readonly cwd: string;
  readonly casesDir: string;
  readonly target: Readonly<RunTarget>;
  readonly profileFile: string | undefined;
  readonly token: string | undefined;
  readonly concurrency: number;
  readonly timeoutMs: number;
  readonly retries: number;
  readonly rateRps: number | undefined;
  readonly tags: readonly string[];
  readonly grep: string | undefined;
  readonly ids: readonly string[];
  readonly variantIds: readonly string[] | undefined;
  readonly shard: Readonly<{ index: number; count: number }> | undefined;
  readonly bail: boolean;
  readonly strictKnown: boolean;
  readonly reportFormats: readonly ReportFormat[];
  readonly outDir: string;
  /** As given; undefined: chosen with the profile (chooseContract). */
  readonly contract: ContractProfile | undefined;
  readonly allowEmpty: boolean;
  readonly ckanVersion: CkanVersion | 'auto' | undefined;
  readonly ckanRelease: string | undefined;
  readonly baselineDir: string | undefined;
  readonly updateBaseline: UpdateBaselineMode;
  readonly minApplicablePct: number | undefined;
}

/**
 * Resolves `settings` over `fallback` (field by field; `target` as a whole; the CLI passes its flags over the
 * environment's settings) and the defaults, and checks the values. Pure: reads no environment and no files.
 * Throws KitError E_USAGE for a missing target or an out-of-range value.
 */
export function resolveRunOptions(settings: RunSettings, fallback: RunSettings = {}): ResolvedRunOptions {
  const s: RunSettings = {};
  for (const layer of [fallback, settings]) {
    for (const [key, value] of Object.entries(layer)) if (value !== undefined) Object.assign(s, { [key]: value });
  }
  const target = s.target;
  if (target === undefined) throw usage('name a target: --target URL, or --reference for the bundled server');
  if (target.kind === 'url') checkUrl(target.url);
  const reference = target.kind === 'reference';
  const resolved: ResolvedRunOptions = {
    cwd: s.cwd ?? '.',
    casesDir: s.casesDir ?? RUN_DEFAULTS.casesDir,
    target: Object.freeze({ ...target }),
    profileFile: s.profileFile ?? (reference ? RUN_DEFAULTS.referenceProfile : undefined),
    token: s.token === '' ? undefined : s.token,
    concurrency: checkInteger('concurrency', s.concurrency ?? RUN_DEFAULTS.concurrency, 1),
    timeoutMs: checkInteger('timeout-ms', s.timeoutMs ?? RUN_DEFAULTS.timeoutMs, 1),
    retries: checkInteger('retries', s.retries ?? RUN_DEFAULTS.retries, 0),
    rateRps: s.rateRps === undefined ? undefined : checkPositive('rate', s.rateRps),
    tags: Object.freeze([...(s.tags ?? [])]),
    grep: s.grep === undefined ? undefined : checkRegExp(s.grep),
    ids: Object.freeze([...(s.ids ?? [])]),
    variantIds: s.variantIds === undefined ? undefined : Object.freeze([...s.variantIds]),
    shard: s.shard === undefined ? undefined : Object.freeze(checkShard(s.shard)),
    bail: s.bail ?? false,
    strictKnown: s.strictKnown ?? false,
    reportFormats: Object.freeze(s.reportFormats === undefined ? [...REPORT_FORMATS] : parseReportFormats(s.reportFormats)),
    outDir: s.outDir ?? RUN_DEFAULTS.outDir,
    contract: s.contract,
    allowEmpty: s.allowEmpty ?? false,
    ckanVersion: s.ckanVersion,
    ckanRelease: s.ckanRelease,
    baselineDir: s.baselineDir === undefined ? undefined : checkNonEmpty('baseline', s.baselineDir),
    updateBaseline: readUpdateBaseline(s.updateBaseline ?? RUN_DEFAULTS.updateBaseline),
    minApplicablePct: s.minApplicablePct === undefined ? undefined : checkPercent('min-applicable', s.minApplicablePct),
  };
  return Object.freeze(resolved);
}

function usage(message: string): KitError {
  return new KitError(KitErrorCode.usage, message);
}

function checkUrl(url: string): void {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch (error) {
    throw new KitError(KitErrorCode.usage, `--target must be an http(s) URL, got "${url}"`, { cause: error });
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') throw usage(`--target must be an http(s) URL, got "${url}"`);
}

function checkInteger(name: string, value: number, min: number): number {
  if (!Number.isInteger(value) || value < min) throw usage(`--${name} must be an integer >= ${min}, got ${String(value)}`);
  return value;
}

function checkPercent(name: string, value: number): number {
  if (!Number.isFinite(value) || value < 0 || value > 100) throw usage(`--${name} must be a percentage from 0 to 100, got ${String(value)}`);
  return value;
}

function checkPositive(name: string, value: number): number {
  if (!Number.isFinite(value) || value <= 0) throw usage(`--${name} must be a positive number, got ${String(value)}`);
  return value;
}

function checkNonEmpty(name: string, value: string): string {
  if (value.trim() === '') throw usage(`--${name} must not be empty`);
  return value;
}

/** An `--update-baseline` value (none, missing, changed, all); throws KitError E_USAGE naming the modes otherwise. */
export function readUpdateBaseline(text: string): UpdateBaselineMode {
  const mode = UPDATE_BASELINE_MODES.find((known) => known === text.trim());
  if (mode === undefined) throw usage(`--update-baseline must be one of ${UPDATE_BASELINE_MODES.join(', ')}, got "${text}"`);
  return mode;
}

function checkRegExp(pattern: string): string {
  try {
    new RegExp(pattern, 'u');
  } catch (error) {
    throw new KitError(KitErrorCode.usage, `--grep is not a valid regular expression: ${pattern}`, { cause: error });
  }
  return pattern;
}

function checkShard(shard: { index: number; count: number }): { index: number; count: number } {
  const { index, count } = shard;
  if (!Number.isInteger(index) || !Number.isInteger(count) || count < 1 || index < 1 || index > count) {
    throw usage(`--shard must be i/n with 1 <= i <= n, got ${String(index)}/${String(count)}`);
  }
  return { index, count };
}
