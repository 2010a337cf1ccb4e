// Mutants that answer differently depending on how the same query is sent (GET vs POST, with or without a
// locale segment): each is caught by a case's variants having to agree.
import { alterResult, localeOf } from './alter.ts';
import { isPlainObject } from '../../src/util/json.ts';
import type { Mutant } from './mutant.ts';

const SEARCH = 'datastore_search';

function reversed(result: Record<string, unknown>): Record<string, unknown> {
  const records = result['records'];
  return Array.isArray(records) && records.every(isPlainObject) ? { ...result, records: [...records].reverse() } : result;
}

export const VARIANT_MUTANTS: readonly Mutant[] = [
  {
    name: 'get-post-disagree',
    breaks: 'api.md#4.1/get',
    caughtBy: ['search/core/get-post-agree', 'search/limit/post'],
    handler: alterResult(SEARCH, (result, request) => (request.method === 'GET' ? reversed(result) : result)),
  },
  {
    name: 'locale-drops-a-record',
    breaks: 'api.md#1/locale-segment',
    caughtBy: ['locale/search/post', 'locale/search/get-filters'],
    handler: alterResult(SEARCH, (result, request) => {
      const records = result['records'];
      return localeOf(request) !== undefined && Array.isArray(records) ? { ...result, records: records.slice(1) } : result;
    }),
  },
];
