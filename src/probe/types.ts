// The probe's options, defaults and answers, apart from probe.ts so the steps that build the profile can name them.
import type { CatalogueNames, ProfileNotes } from '../catalogue/index.ts';
import type { Profile } from '../schema/index.ts';
import { PROBE_OPTIONS } from '../schema/probe-options.ts';
import type { FoundValues } from './fields.ts';
import type { ResourceChoice } from './resources.ts';
import type { Found } from './search.ts';
import type { SiteFacts } from './site.ts';

/** Defaults of a probe (declared in schema/probe-options.ts): a bounded number of requests and time to examine resources. */
export const PROBE_DEFAULTS = Object.freeze({ maxRequests: PROBE_OPTIONS.maxRequests.default, examineMs: PROBE_OPTIONS.examineMs.default });

/** What to probe and how hard. */
export interface ProbeOptions {
  /** Base URL of the CKAN site (a sub-path is kept). */
  targetUrl: string;
  /** API token, sent as the bare Authorization header (never written or logged). */
  token?: string | undefined;
  /** Environment variable the profile's `token.env` names (the token itself is never written). */
  tokenEnv?: string | undefined;
  /** Resources to use instead of discovering: `ID`, or `NAME=ID` for a logical name (courses, staff, ...). */
  resources?: readonly string[] | undefined;
  /** Profile name. Default: the target's host name. */
  name?: string | undefined;
  /** The names the catalogue uses; probe writes only these. Default: every name probe knows. */
  names?: CatalogueNames | undefined;
  /** Budget per request attempt (ms). Default 15000. */
  timeoutMs?: number | undefined;
  /** Retries on network errors, 5xx and 429. Default 1. */
  retries?: number | undefined;
  /** Requests per second at most. Default unlimited. */
  rateRps?: number | undefined;
  /** Requests in flight at once. Default 2. */
  concurrency?: number | undefined;
  /** Requests sent at most; what is not found within them is left out. Default 150. */
  maxRequests?: number | undefined;
  /** Resources examined at most when discovering. Default: every one listed, within `examineMs`. */
  maxCandidates?: number | undefined;
  /** Time spent examining the listed resources, in ms; those not reached are left out (and counted). Default 30000. */
  examineMs?: number | undefined;
  /** Records read from resources.courses to choose values. Default 250. */
  sampleSize?: number | undefined;
  /**
   * Values pinned by name (`--value NAME=VALUE`): written as given, and used by the searches for the values that
   * depend on them (a pinned categoryField is the column the category values are taken from).
   */
  values?: Readonly<Record<string, unknown>> | undefined;
}

/** The probe's answer: the profile, its notes, and the requests sent. */
export interface ProbeResult {
  profile: Profile;
  notes: ProfileNotes;
  requests: number;
}

/** Everything found, before it becomes a profile. */
export interface ProbeFindings {
  site: SiteFacts;
  choice: ResourceChoice;
  capabilities: Record<string, Found<true>>;
  values: FoundValues;
}
