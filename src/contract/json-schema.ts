// Plain JSON Schema values (draft-07 keywords, as Ajv reads them). Plain objects rather than TypeBox because
// these describe someone else's API, with if/then and `false` sub-schemas that TypeBox only wraps.

/** A JSON Schema document or sub-schema. */
export type JsonSchema = { readonly [keyword: string]: unknown } | boolean;

/** Escapes text for use inside a regular expression (and so inside a JSON Schema `pattern`). */
export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** The four `records_format` values of datastore_search. */
export const RECORDS_FORMATS = ['objects', 'lists', 'csv', 'tsv'] as const;
export type RecordsFormat = (typeof RECORDS_FORMATS)[number];

export function isRecordsFormat(value: unknown): value is RecordsFormat {
  return typeof value === 'string' && (RECORDS_FORMATS as readonly string[]).includes(value);
}
