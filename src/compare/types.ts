// The data the comparison works on: one response as compared, the normalisation rules and one difference.

/** One response as compared: the HTTP status and the parsed JSON body (the raw text when it is not JSON). */
export interface ResponseSnapshot {
  status: number;
  body: unknown;
}

/** What normalisation removes before comparing (defaults in DEFAULT_NORMALISE_RULES); profile and case merged. */
export interface NormaliseRules {
  /** JSON pointers removed from the body, `*` standing for any one segment, e.g. `/result/records/*\/updated`. */
  ignore: string[];
  /** Record field names whose values change between runs (timestamps): the value becomes `<volatile>`. */
  volatile: string[];
  /** Rank floats (fields `rank`, `rank <field>`) rounded to this many significant digits. Default 6. */
  rankDigits: number;
  /** Drop the body's `help` URL (it names the host and the locale). Default true. */
  help: boolean;
  /** Strip scheme and host from the URLs in `result._links`. Default true. */
  linksHost: boolean;
  /** When `result.total_was_estimated` is true, the total is not compared (it becomes `<estimated>`). Default true. */
  estimatedTotal: boolean;
}

/** Kinds of difference, from the coarsest (status) to the finest (one record's fields, any other body path). */
export type DifferenceKind =
  | 'status'
  | 'success'
  | 'error'
  | 'total'
  | 'field-added'
  | 'field-removed'
  | 'field-changed'
  | 'record-added'
  | 'record-removed'
  | 'record-changed'
  | 'record-order'
  | 'body';

/** One field of a changed record: its value before (expected) and after (actual); a missing side is left out. */
export interface RecordChange {
  field: string;
  expected?: unknown;
  actual?: unknown;
}

/** One difference between two snapshots. */
export interface Difference {
  kind: DifferenceKind;
  /** JSON pointer in the body ("" = the whole response). */
  path: string;
  /** One readable line, e.g. `record _id=7 changed: "city" "Paris" -> "Lyon"`. */
  message: string;
  /** The record's key for record-*: `_id=7`, or `#3` (0-based position) when records have no unique `_id`. */
  key?: string;
  expected?: unknown;
  actual?: unknown;
  /** The fields that changed, for record-changed. */
  changes?: RecordChange[];
}

/** Options of compareSnapshots. */
export interface CompareOptions {
  /** Stop after this many differences (default 100); `truncated` then says more were left out. */
  maxDifferences?: number;
}

/** What compareSnapshots found. */
export interface Comparison {
  differences: Difference[];
  truncated: boolean;
}
