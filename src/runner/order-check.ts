// The implied order (the request's sort, a text query's rank, or CKAN's default _id order), checked on the
// records of every successful datastore_search answer, whatever the data.
import type { ImpliedOrder } from '../catalogue/index.ts';
import type { Finding } from '../model/index.ts';
import { isPlainObject } from '../util/json.ts';
import { findSortBreak, type FieldTypes } from './sorting.ts';

/** result.records as objects (`lists` records keyed by result.fields) and the column types, when it is an array. */
export interface ReturnedRecords {
  records: unknown[];
  types: FieldTypes;
}

/** Reads result.records (objects or lists) and result.fields types from a parsed body; undefined when not an array. */
export function readReturnedRecords(body: unknown): ReturnedRecords | undefined {
  const result = isPlainObject(body) ? body['result'] : undefined;
  if (!isPlainObject(result) || !Array.isArray(result['records'])) return undefined;
  const fields = Array.isArray(result['fields']) ? result['fields'].filter(isPlainObject) : [];
  const ids = fields.map((f) => (typeof f['id'] === 'string' ? f['id'] : ''));
  const types: Record<string, string> = {};
  for (const f of fields) if (typeof f['id'] === 'string' && typeof f['type'] === 'string') types[f['id']] = f['type'];
  const list: unknown[] = result['records'];
  // why: most answers hold objects; only a `lists` answer needs records built from its rows
  const records = list.some(Array.isArray) ? list.map((r) => (Array.isArray(r) ? Object.fromEntries(ids.map((id, i) => [id, r[i]])) : r)) : list;
  return { records, types };
}

/** Why each source implies its order, for the finding's message. */
const SOURCE_TEXT = {
  sort: 'the request sorts by',
  rank: 'a text query without sort orders by',
  default: 'without sort, q or distinct CKAN orders by',
} as const;

/**
 * The keys of `order` that the records carry, from the first: a key whose column the records lack (a `fields`
 * projection without it, a rank not listed) ends what can be checked, since later keys only break its ties.
 */
export function checkableKeys(order: ImpliedOrder, records: readonly unknown[]): ImpliedOrder['keys'] {
  const first = records.find(isPlainObject);
  if (first === undefined) return [];
  const end = order.keys.findIndex((k) => !(k.field in first));
  return end < 0 ? order.keys : order.keys.slice(0, end);
}

/** An `order.<source>` finding when two consecutive records break the implied order; none otherwise. */
export function checkImpliedOrder(order: ImpliedOrder, returned: ReturnedRecords): Finding[] {
  const keys = checkableKeys(order, returned.records);
  if (keys.length === 0) return [];
  const at = findSortBreak(returned.records, keys, returned.types);
  if (at < 0) return [];
  const text = keys.map((k) => `${k.field} ${k.direction}${k.nulls === undefined ? '' : ` nulls ${k.nulls}`}`).join(', ');
  return [
    {
      rule: `order.${order.source}`,
      path: `/result/records/${at}`,
      message: `records are out of order: ${SOURCE_TEXT[order.source]} ${text}, and record ${at} comes after record ${at - 1}`,
      expected: keys,
      actual: [returned.records[at - 1], returned.records[at]],
    },
  ];
}
