// What generation works on: the data sampled from target A, and one generated request in logical names.

/** One column of a sampled resource: its id, its DataStore type and the distinct scalar values seen in it. */
export interface SampledField {
  id: string;
  type: string;
  /** Distinct strings, numbers and booleans seen in the sample, in record order (at most a dozen). */
  values: Array<string | number | boolean>;
  /** Words (4 letters or more) of its text values, for q and LIKE patterns. */
  words: string[];
  /** Two words of one value (`heavy showers`), for a q whose records must hold both. */
  phrases?: string[] | undefined;
}

/** One resource of the profiles, as sampled from target A. */
export interface SampledResource {
  /** The logical name (the profiles' `resources` key). */
  name: string;
  /** Records in the resource (the search's total). */
  total: number;
  fields: SampledField[];
}

/**
 * The search parameters beyond the API description's four (resource_id, q, filters, limit) the generator may use:
 * each on unless set false (`diff` uses them all; the twin leaves out what the target's profile does not claim).
 */
export interface GenerationOptions {
  offset?: boolean | undefined;
  sort?: boolean | undefined;
  fields?: boolean | undefined;
  distinct?: boolean | undefined;
}

/** What the generator may use: the resources, and the features both targets' profiles declare. */
export interface GenerationInput extends GenerationOptions {
  resources: SampledResource[];
  /** Both profiles have the `sql` capability: SELECTs through datastore_search_sql are generated too. */
  sql: boolean;
  /** Both profiles have the `locale` capability: locale path segments are generated too. */
  locales: boolean;
}

/** Where a LIKE pattern puts `%` and `_` around (or inside) a word of the data. */
export const LIKE_PLACEMENTS = ['contains', 'prefix', 'suffix', 'exact', 'underscore-first', 'underscore-inside', 'underscore-last'] as const;
export type LikePlacement = (typeof LIKE_PLACEMENTS)[number];

interface GeneratedCommon {
  method: 'GET' | 'POST';
  /** Locale path segment, e.g. fr; absent: none. */
  locale?: string | undefined;
  /** Logical resource name. */
  resource: string;
}

/** A generated datastore_search; every optional part absent is the smallest request. */
export interface GeneratedSearch extends GeneratedCommon {
  kind: 'search';
  /** Filter fields in order, each with a value or an either-or array. */
  filters: Array<[string, unknown]>;
  q?: string | undefined;
  limit?: number | undefined;
  offset?: number | undefined;
  sort?: Array<[string, 'asc' | 'desc']> | undefined;
  fields?: string[] | undefined;
  distinct?: boolean | undefined;
}

/** How a LIKE pattern's letters stand to the word of the data: as they are, or in another case (which LIKE tells apart). */
export const LIKE_CASES = ['as-is', 'swapped', 'upper', 'lower'] as const;
export type LikeCase = (typeof LIKE_CASES)[number];

/** The WHERE clause of a generated SELECT: a LIKE pattern built from a word of the data, or equality with a value. */
export type SqlCondition =
  | { kind: 'like'; field: string; word: string; placement: LikePlacement; letters?: LikeCase | undefined }
  | { kind: 'equals'; field: string; value: string | number | boolean };

/**
 * A generated datastore_search_sql: SELECT <the sampled columns> FROM the table WHERE <condition>, with ORDER BY
 * "_id" or without (its rows then compare as a multiset), and an optional LIMIT.
 */
export interface GeneratedSql extends GeneratedCommon {
  kind: 'sql';
  /** The columns selected: `_id` and the sampled fields, in their order. */
  columns: string[];
  where: SqlCondition;
  /** ORDER BY "_id" (absent: no ORDER BY). */
  ordered?: boolean | undefined;
  limit?: number | undefined;
}

export type GeneratedRequest = GeneratedSearch | GeneratedSql;
