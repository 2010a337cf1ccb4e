// The two-target run's inputs: each side (where it is, its token and profile, how its answers are normalised)
// and the pairs of requests to send.
import type { HttpRequest } from '../http/index.ts';
import type { NormaliseLayer } from '../schema/baseline.ts';
import type { Profile } from '../schema/profile.ts';

/** One of the two targets. */
export interface DiffSide {
  /** `A` (the first target, the expected side of every difference) or `B`. */
  label: 'A' | 'B';
  /** Base URL, without locale or /api. */
  url: string;
  /** Sent as `Authorization`; redacted from every output (curl shows `$TOKEN`). */
  token: string | undefined;
  profile: Profile;
  /** Whether it is the bundled reference server (for the report). */
  reference: boolean;
  /** The CKAN release it answers as, when known: the one the reference server imitates, else the newest of the profile's `ckan`. */
  ckanRelease?: string | undefined;
}

/** One request to send to both targets: the same logical request, rendered for each side's profile. */
export interface RequestPair {
  /** Case variant id, or `generated #n`. */
  id: string;
  /** The request in logical names, for people. */
  request: string;
  a: HttpRequest;
  b: HttpRequest;
  /** The case's normalisation rules (over the profiles'). */
  normalise?: NormaliseLayer | undefined;
}

/** How two targets' answers are made comparable: the same rules on both sides, plus each side's own names. */
export interface PairRules {
  /** The profiles' `normalise` layers (both apply to both sides: their lists add up). */
  shared: ReadonlyArray<NormaliseLayer | undefined>;
  /** Side A's own names (resource ids, base URL) -> logical names. */
  namesA: Readonly<Record<string, string>>;
  namesB: Readonly<Record<string, string>>;
  /** A side answers as a CKAN release that applies DISTINCT after LIMIT: distinct records compare as a set. */
  distinctUnordered: boolean;
}
