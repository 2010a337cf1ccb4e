// Text search judged by what the API description says, not by CKAN's: "records that contain the text in any field".
// CKAN's q stems English words and drops stop words (the mirror's answers), which an implementation need not do; so
// for a target that does not claim CKAN a record it added must hold each word of q, and one it left out is a break
// only when it holds each word of q as a word and the mirror's page is not cut.
import type { ResponseSnapshot } from '../compare/index.ts';
import type { DifferenceRecord } from '../schema/baseline.ts';
import { isPlainObject } from '../util/json.ts';
import { getChild } from '../util/json-pointer.ts';

/** Record fields only CKAN adds: a text search's rank columns, and `_full_text` of an SQL `SELECT *`. */
export const CKAN_ONLY_FIELD = /^(rank|rank .+|_full_text)$/;

/** How an API break shows: refused, records lost or added, values changed, order, total. */
export type BreakCategory = 'refused' | 'records' | 'values' | 'order' | 'total';

/** A break of the description as the judge reports it. */
export interface Break {
  category: BreakCategory;
  reason: string;
  /** The clauses it breaks beyond those of the request (a total's, a limit's). */
  clauses?: string[];
}

/** The words of a text, lower-cased (letters and digits). */
function wordsOf(text: string): string[] {
  return text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
}

function recordText(record: unknown): string {
  if (!isPlainObject(record)) return '';
  return Object.entries(record)
    .filter(([field, value]) => !CKAN_ONLY_FIELD.test(field) && field !== '_id' && value !== null)
    .map(([, value]) => (typeof value === 'string' ? value : JSON.stringify(value)))
    .join(' ');
}

/** A text search's record difference (see the file comment); undefined when it is no break. */
export function judgeTextSearch(difference: DifferenceRecord, q: string, input: { fieldsGiven: boolean; mirror: ResponseSnapshot }): Break | undefined {
  const words = wordsOf(q);
  if (difference.kind === 'record-added') {
    if (input.fieldsGiven) return undefined;
    const text = recordText(difference.actual).toLowerCase();
    const lacking = words.find((word) => !text.includes(word));
    return lacking === undefined ? undefined : { category: 'records', reason: `${difference.message}: it does not hold "${lacking}" of q` };
  }
  const held = new Set(wordsOf(recordText(difference.expected)));
  if (!words.every((word) => held.has(word)) || isCut(input.mirror)) return undefined;
  return { category: 'records', reason: `${difference.message}: it holds every word of q "${q}"` };
}

export function isCut(snapshot: ResponseSnapshot): boolean {
  const result = getChild(snapshot.body, 'result');
  const records = getChild(result, 'records');
  const limit = getChild(result, 'limit');
  return Array.isArray(records) && typeof limit === 'number' && records.length >= limit;
}
