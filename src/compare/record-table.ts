// Reads the records of a datastore_search(_sql) result in any records_format: objects, lists (named by the
// result's fields), or csv/tsv text (one line per record).
import { isPlainObject } from '../util/json.ts';
import { getChild } from '../util/json-pointer.ts';

/** The records of a result, as found: `columns` names list positions (from `result.fields`) when known. */
export type RecordTable =
  | { format: 'rows'; records: readonly unknown[]; columns: readonly string[] | undefined }
  | { format: 'text'; lines: readonly string[] }
  | { format: 'none' };

/** The records of `result` (`body.result`), whatever their format. */
export function readRecordTable(result: unknown): RecordTable {
  const records = getChild(result, 'records');
  if (Array.isArray(records)) return { format: 'rows', records, columns: readColumns(result) };
  if (typeof records === 'string') return { format: 'text', lines: records.split(/\r?\n/).filter((line) => line !== '') };
  return { format: 'none' };
}

/** The field ids of `result.fields`, in order, when every entry has a string id. */
export function readColumns(result: unknown): string[] | undefined {
  const fields = getChild(result, 'fields');
  if (!Array.isArray(fields)) return undefined;
  const ids = fields.map((field) => getChild(field, 'id'));
  return ids.every((id) => typeof id === 'string') ? ids : undefined;
}

/** One record as field -> value: objects as they are, lists named by `columns` (else by position). */
export function toFieldEntries(record: unknown, columns: readonly string[] | undefined): Array<[string, unknown]> | undefined {
  if (isPlainObject(record)) return Object.entries(record);
  if (Array.isArray(record)) return record.map((value: unknown, index) => [columns?.[index] ?? String(index), value]);
  return undefined;
}
