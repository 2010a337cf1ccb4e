// What generation works on: the data sampled from target A, and one generated request in logical names.

/** One column of a sampled resource: its id, its DataStore type and the distinct scalar values seen in it. */
export interface SampledField {
  id: string;
  type: string;
  /** Distinct strings, numbers and booleans seen in the sample, in record order (at most a dozen). */
  values: Array<string | number | boolean>;
  /** Words (4 letters or more) of its text values, for q and LIKE patterns. */
  words: string[];
}

/** One resource of the profiles, as sampled from target A. */
export interface SampledResource {
  /** The logical name (the profiles' `resources` key). */
  name: string;
  /** Records in the resource (the search's total). */
  total: number;
  fields: SampledField[];
}

/** What the generator may use: the resources, and the features both targets' profiles declare. */
export interface GenerationInput {
  resources: SampledResource[];
  /** Both profiles have the `sql` capability: LIKE queries through datastore_search_sql are generated too. */
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

/** A generated datastore_search_sql: SELECT * ... WHERE field LIKE pattern ORDER BY _id LIMIT limit. */
export interface GeneratedSql extends GeneratedCommon {
  kind: 'sql';
  /** The pattern: a word of the field's values with `%`/`_` placed as `placement` says. */
  like: { field: string; word: string; placement: LikePlacement };
  limit?: number | undefined;
}

export type GeneratedRequest = GeneratedSearch | GeneratedSql;
