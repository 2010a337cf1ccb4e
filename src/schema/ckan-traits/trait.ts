import type { CkanRanges } from '../ckan-version.ts';

/**
 * One behaviour of CKAN's read API that some releases have and others not: a fact about CKAN, read from its source at
 * each tag and held to what the recorded releases answered (test/ckan-recordings/).
 */
export interface CkanTrait<Id extends string = string> {
  /** The name code asks for (`hasTrait(release, 'distinct-after-limit')`), kebab-case. */
  readonly id: Id;
  /** `bug`: a defect CKAN fixed or means to fix (a case that meets it is a known deviation); `change`: behaviour CKAN chose. */
  readonly kind: 'bug' | 'change';
  /** What the releases that have it do, where a client can see it, in one or two sentences. */
  readonly does: string;
  /** The releases that have it, by patch level (`{ min: '2.10.8', max: '2.10' }`: 2.10.8 and every later 2.10.x). */
  readonly releases: CkanRanges;
  /** CKAN's issue, pull request or commit that explains it, e.g. `ckan/ckan#8709 (PR ckan/ckan#8710)`. */
  readonly ref: string;
  /** CKAN's changelog line(s) for it, with the release they are under, when the changelog has one. */
  readonly changelog?: string;
  /** For a bug: the first release(s) without it (`2.12.0`); absent while no release has the fix. */
  readonly fixed?: string;
  /** How the range was established: the recorded releases that show it (or not) and the source read at which tags. */
  readonly evidence: string;
}

/** A trait as its file declares it; the id keeps its literal type, so the registry knows every id. */
export function defineCkanTrait<const Id extends string>(trait: CkanTrait<Id>): CkanTrait<Id> {
  return Object.freeze(trait);
}
