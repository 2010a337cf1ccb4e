// The runner's inputs: one runnable case variant (structurally the catalogue's CaseVariant) and the run options.
import type { CaseVariant } from '../catalogue/index.ts';
import type { NormaliseRules } from '../compare/index.ts';
import type { BaselineStore, CaseResult, Clock, RunListener } from '../model/index.ts';
import type { HttpClient } from '../http/index.ts';
import type { CkanVersion, UpdateBaselineMode } from '../schema/index.ts';

/** One case variant, ready to send: variables resolved, method/locale/apiPath fixed (the catalogue's expansion). */
export type RunVariant = CaseVariant;

/** Contract profile: `seed` checks only what the API description fixes, `ckan` CKAN's full shapes. */
export type ContractProfile = 'seed' | 'ckan';

/** Options of `run()`, all resolved. */
export interface RunOptions {
  variants: readonly RunVariant[];
  /** Target base URL, without the locale or /api part, e.g. http://127.0.0.1:5000. */
  targetUrl: string;
  /** Whether the target is the bundled reference server. */
  reference: boolean;
  /** Profile file name shown in the report, if any. */
  profile?: string | undefined;
  /** Sent as a bare `Authorization` header; redacted from every output. */
  token?: string | undefined;
  /** Contract profile used unless a case names one. */
  contract: ContractProfile;
  /** Why this contract, for the report (e.g. `--contract ckan`). */
  contractReason?: string | undefined;
  /**
   * The CKAN version the target runs and why, for the report; `versions` are those whose contract a response
   * may keep (one when the version is known; every possible one when it is not). Default: 2.11's contract.
   */
  ckan?: { version: CkanVersion | undefined; versions: readonly CkanVersion[]; reason: string; release?: string | undefined } | undefined;
  /**
   * Report a failure that a known bug of the target's CKAN release explains (the case's `known`) as a failure too.
   * Default false: such variants get status `known` and do not fail the run.
   */
  strictKnown?: boolean | undefined;
  /** Cases in flight at once. Default 8. */
  concurrency: number;
  /** Stop starting new cases after the first fail or error. */
  bail: boolean;
  /** When aborted, no new variant starts; the ones not started are reported skipped. */
  signal?: AbortSignal | undefined;
  /** Response body bytes kept in the report. Default 64 KiB. */
  reportBodyBytes?: number;
  /** Fail the run (run check `min-applicable`) when fewer than this share (0-100) of the variants applied. */
  minApplicablePct?: number | undefined;
  /** Shard of the catalogue this run covers, for the report. */
  shard?: { index: number; count: number } | undefined;
  /** Kit name/version for the report. */
  kit?: { name: string; version: string };
  /** Host name for the report (no clock or host reads inside the runner). */
  hostname?: string;
  /**
   * Compare each answer with its baseline file (needs the `baseline` collaborator): `update` says which files
   * are written (none, missing, changed, all); `rules` are the profile's normalisation (under each case's).
   */
  baseline?: { update: UpdateBaselineMode; rules?: Partial<NormaliseRules> | undefined } | undefined;
  /**
   * Keep every case in the returned result. Default true; false when the cases go elsewhere as they finish
   * (`RunCollaborators.onResult`), so a run of any size holds only a few cases at a time.
   */
  keepCases?: boolean;
  /**
   * The caller hands `variants` over: run() drops each variant from that array once its case is reported, so what
   * a long run holds shrinks as it goes. Default false: the array is left as given (it may be run again).
   */
  releaseVariants?: boolean;
}

/** The runner's collaborators: passed in, never imported, so tests use real alternatives. */
export interface RunCollaborators {
  client: HttpClient;
  clock: Clock;
  listener?: RunListener | undefined;
  /** The baseline folder (with options.baseline). */
  baseline?: BaselineStore | undefined;
  /** Each finished case, redacted, in catalogue order (e.g. to a report stream). */
  onResult?: ((result: CaseResult) => void) | undefined;
}
