// Mutants of record order: the same records as the reference, in another order. Each must be caught by the order
// checks the runner derives from the request (sort, a text query's rank, CKAN's default _id order).
import { alterResult, readParams, type Params } from './alter.ts';
import { isPlainObject } from '../../src/util/json.ts';
import type { Mutant } from './mutant.ts';

const SEARCH = 'datastore_search';

function recordsOf(result: Record<string, unknown>): unknown[] {
  return Array.isArray(result['records']) ? result['records'] : [];
}

const has = (params: Params | undefined, key: string): boolean => params?.[key] !== undefined && params[key] !== '';

/** Within each run of records that tie on the first sort column, the order is reversed (later keys broken). */
function reverseTies(records: readonly unknown[], field: string): unknown[] {
  const out: unknown[] = [];
  let run: unknown[] = [];
  const key = (r: unknown): string => JSON.stringify(isPlainObject(r) ? r[field] : undefined);
  for (const record of records) {
    if (run.length > 0 && key(run[0]) !== key(record)) {
      out.push(...run.reverse());
      run = [];
    }
    run.push(record);
  }
  return [...out, ...run.reverse()];
}

export const ORDER_MUTANTS: readonly Mutant[] = [
  {
    name: 'rank-ascending',
    breaks: 'ckan-datastore.md#3.5',
    caughtBy: ['ckan/q/rank-order', 'search/q/stemming', 'search/q/case-insensitive'],
    // what CKAN 2.8 did: ORDER BY rank without DESC, the worst match first
    handler: alterResult(SEARCH, (result, request) => {
      const params = readParams(request);
      return has(params, 'sort') || !(has(params, 'q') || has(params, 'full_text')) ? result : { ...result, records: [...recordsOf(result)].reverse() };
    }),
  },
  {
    name: 'default-order-reversed',
    breaks: 'ckan-datastore.md#3.7',
    caughtBy: ['ckan/offset/page'],
    handler: alterResult(SEARCH, (result, request) => {
      const params = readParams(request);
      const ordered = ['sort', 'q', 'full_text', 'distinct'].some((key) => has(params, key));
      return ordered || params?.['resource_id'] === '_table_metadata' ? result : { ...result, records: [...recordsOf(result)].reverse() };
    }),
  },
  {
    name: 'second-sort-key-ignored',
    breaks: 'ckan-datastore.md#3.7',
    caughtBy: ['ckan/sort/desc'],
    handler: alterResult(SEARCH, (result, request) => {
      const sort = readParams(request)?.['sort'];
      const first = typeof sort === 'string' && sort.includes(',') ? sort.split(',')[0]?.trim().split(/\s+/)[0] : undefined;
      return first === undefined ? result : { ...result, records: reverseTies(recordsOf(result), first) };
    }),
  },
];
