// The catalogue's data types: loaded cases (with their source position) and expanded case variants.
import type { NormaliseLayer } from '../schema/baseline.ts';
import type { Case, CaseRequest, Expect, RelationRule } from '../schema/case.ts';
import type { ResolvedKnownDeviation } from '../schema/ckan-releases.ts';
import type { VariantKey } from '../schema/report.ts';
import type { ImpliedOrder } from './implied-order.ts';

/** One validated case, with the file defaults merged in, and where it was written. */
export interface LoadedCase {
  case: Case;
  /** Case file, relative to the catalogue root, with `/` separators. */
  file: string;
  /** 1-based position of the case in its file. */
  line: number;
  column: number;
}

/** A loaded, validated catalogue: every case of every file, in file order then case order. */
export interface Catalogue {
  /** Absolute path of the catalogue folder. */
  root: string;
  cases: LoadedCase[];
}

/** The request of one variant: variables resolved, and method, locale and apiPath fixed by the variant. */
export type ResolvedRequest = CaseRequest & Required<Pick<CaseRequest, 'method' | 'apiPath'>> & { locale: string | null };

/** A relation ready to check: the related requests complete. */
export interface ResolvedRelation {
  rule: RelationRule;
  clause: string;
  field?: string;
  /** Compare records as multisets (equal, subset): each record as often as in the other answer. */
  multiset?: boolean;
  requests: ResolvedRequest[];
  /**
   * The profile values (`${values.NAME}`) each request's `filters` and `q` use: the case's request first, then each
   * related request. Named when an answer decides nothing, as the value to pin.
   */
  pins?: string[][];
}

/** One runnable unit: a case under one variant (method x locale x apiPath) against one profile. */
export interface CaseVariant {
  /** The case id, plus ` [METHOD locale|- apiPath]` when the case has variants. JUnit name and report key. */
  id: string;
  caseId: string;
  title: string;
  class: string;
  tags: string[];
  spec: string[];
  /** Case file, relative to the catalogue root. */
  file: string;
  variant: VariantKey;
  /** Whether the case declares variants (its variants must then agree with each other). */
  hasVariants: boolean;
  request: ResolvedRequest;
  expect: Expect;
  /**
   * The order the request implies for the returned records (its `sort`, the rank of a text query, or CKAN's
   * default `_id` order); checked on every answer with records, on any data.
   */
  impliedOrder?: ImpliedOrder;
  /** What the answer must be to the answers of related requests (the case's `relation`), on any data. */
  relation?: ResolvedRelation;
  /** Present only when the profile serves the bundled fixtures (`data: fixtures`) and the case has them. */
  expectOnFixtures?: Expect;
  /** Why this variant cannot run against this target (missing capability or variable); not a failure. */
  notApplicable?: string;
  /**
   * The profile values and resources it is not applicable for want of (`values.categoryValue`), when those are all
   * it lacks: what to add to the profile for it to apply.
   */
  missingValues?: string[];
  /** The profile values it uses (`values.categoryValue`): what to choose otherwise when it checks nothing. */
  values?: string[];
  /** Why some of its checks (the fixture-exact ones) do not apply to this target; the rest still run. */
  partlyNotApplicable?: string;
  /** Why the case is skipped (from the case's `skip`). */
  skip?: string;
  /** The case's normalisation rules for baselines (over the profile's). */
  normalise?: NormaliseLayer;
  /** Known bugs of CKAN releases that make this case fail there (the case's `known`). */
  known?: readonly ResolvedKnownDeviation[];
}
