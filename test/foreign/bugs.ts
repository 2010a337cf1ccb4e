// The bugs the foreign implementation can be started with, one clause each: what a conformance check must catch
// on an implementation's own data. `clause` is the spec clause the bug breaks (api.md or ckan-datastore.md).

export const FOREIGN_BUGS = Object.freeze({
  'either-or-first-value': { clause: 'api.md#4.1/filters-rule-1', what: 'a filter with a list of values keeps only its first value' },
  'either-or-last-value': { clause: 'api.md#4.1/filters-rule-1', what: 'a filter with a list of values keeps only its last value' },
  'filters-first-field-only': { clause: 'api.md#4.1/filters-rule-3', what: 'only the first field of filters is applied' },
  'numeric-string-filter': { clause: 'ckan-datastore.md#3.4', what: 'a numeric string ("600") in a filter on a number column matches nothing' },
  'offset-before-filters': { clause: 'ckan-datastore.md#3.8', what: 'offset skips rows of the table before the filters and q are applied' },
  'q-any-word': { clause: 'api.md#4.1/q', what: 'q matches records holding any one of its words' },
  'q-first-word': { clause: 'api.md#4.1/q', what: 'q matches on its first word only' },
  'total-counts-page': { clause: 'ckan-datastore.md#3.10', what: 'result.total counts the records of the page, not all that match' },
  'limit-plus-one': { clause: 'api.md#4.1/limit', what: 'a page holds one record more than limit' },
  'sort-ignored': { clause: 'ckan-datastore.md#3.7', what: 'sort is accepted and ignored' },
  'bool-as-string': { clause: 'ckan-datastore.md#3.12', what: 'bool values are answered as the strings "true" and "false"' },
  'non-ascii-mangled': { clause: 'api.md#4.1/response-records', what: 'non-ASCII letters in records are answered as "?"' },
  'sql-drops-last-row': { clause: 'api.md#4.2/response-records', what: 'an SQL answer loses its last row' },
  'sql-like-case-insensitive': { clause: 'api.md#4.2/sql-like', what: 'SQL LIKE ignores letter case (runs as ILIKE)' },
  'sql-like-prefix-only': { clause: 'api.md#4.2/sql-like', what: "SQL LIKE '%x%' matches only values that start with x" },
  'sql-where-ignored': { clause: 'api.md#4.2/sql', what: 'the WHERE clause of an SQL statement is ignored' },
} as const);

/** A bug the foreign implementation can be started with. */
export type ForeignBug = keyof typeof FOREIGN_BUGS;

/** Every bug, in the order above. */
export const FOREIGN_BUG_NAMES = Object.keys(FOREIGN_BUGS) as ForeignBug[]; // why: the keys of a literal object
