// The two-target run's inputs: each side (where it is, its token and profile, how its answers are normalised)
// and the pairs of requests to send.
import type { ResponseSnapshot } from '../compare/index.ts';
import type { HttpRequest } from '../http/index.ts';
import type { NormaliseLayer } from '../schema/baseline.ts';
import type { PairResult } from '../schema/diff-report.ts';
import type { GeneratedRequest } from './generate/index.ts';
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

/** One pair as compared: the request pair, its result, and both normalised answers (absent when a target gave none). */
export interface ComparedPair {
  pair: RequestPair;
  result: PairResult;
  answers?: { a: ResponseSnapshot; b: ResponseSnapshot } | undefined;
  /** The generated request the pair was rendered from, for generated pairs. */
  generated?: GeneratedRequest | undefined;
}

/**
 * Decides what a compared pair shows: the kind of failure (a shrunk request must show the same kind, so two bugs
 * stay two), or undefined when it shows none. `diff`'s judge: any disagreement, by its first kind of difference.
 */
export type PairJudge = (compared: ComparedPair) => string | undefined;
