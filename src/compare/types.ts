// The data the comparison works on: one response as compared, the normalisation rules and one difference.
import type { DIFFERENCE_KINDS, DifferenceRecord } from '../schema/baseline.ts';

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
  /**
   * Hide what names the deployment rather than the data: status_show's site fields and extensions, the host of a
   * JSONP answer's help URL, the text of an HTML (error) page. Default true.
   */
  deployment: boolean;
  /** Strip scheme and host from the URLs in `result._links`. Default true. */
  linksHost: boolean;
  /** When `result.total_was_estimated` is true, the total is not compared (it becomes `<estimated>`). Default true. */
  estimatedTotal: boolean;
  /**
   * Hide `error.info.statement`, the SQL text CKAN ran (its layout, placeholders and row cap are the release's and the
   * deployment's, not the answer's): it becomes `<statement>`. Default true.
   */
  statement: boolean;
  /**
   * Read a JSONP answer (`cb({...});`) as its JSON envelope, the callback name under the key `<jsonp callback>`, so
   * that it compares as JSON (key order, spacing and padding aside). Default true.
   */
  jsonp: boolean;
  /**
   * A target's own names -> the logical names they stand for (resource id -> `${resources.courses}`, from the
   * profile), replaced in every string of the body so that two targets with other ids compare. Default none.
   */
  names: Record<string, string>;
}

/** Kinds of difference, from the coarsest (status) to the finest (one record's fields, any other body path). */
export type DifferenceKind = (typeof DIFFERENCE_KINDS)[number];

/** One field of a changed record: its value before (expected) and after (actual); a missing side is left out. */
export type RecordChange = NonNullable<DifferenceRecord['changes']>[number];

/**
 * One difference between two snapshots (the report's format, src/schema/baseline.ts): kind, JSON pointer `path`,
 * one readable `message`, the record's `key` (`_id=7`, or `#3` by position) and, for record-changed, `changes`.
 */
export type Difference = DifferenceRecord;

/** Options of compareSnapshots. */
export interface CompareOptions {
  /** Stop after this many differences (default 100); `truncated` then says more were left out. */
  maxDifferences?: number;
  /**
   * A side is a CKAN release that applies DISTINCT after the page's LIMIT (the trait distinct-after-limit): a
   * distinct search's records are then compared as a set, in any order.
   */
  distinctUnordered?: boolean;
}

/** What compareSnapshots found. */
export interface Comparison {
  differences: Difference[];
  truncated: boolean;
}
