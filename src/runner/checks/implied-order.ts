// The implied order (the request's sort, a text query's rank, or CKAN's default _id order) of every successful
// datastore_search answer with records, on any data (order-check.ts).
import { checkableKeys, checkImpliedOrder } from '../order-check.ts';
import type { ResponseCheck } from './types.ts';

/** Applies to a 2xx answer with records whose request implies an order; it checked something over 2 records or more. */
export const impliedOrderCheck: ResponseCheck = {
  name: 'impliedOrder',
  evidence: 'records',
  appliesTo: (variant, answer) => variant.impliedOrder !== undefined && answer.returned !== undefined,
  check(_context, answer, variant) {
    const order = variant.impliedOrder;
    const returned = answer.returned;
    if (order === undefined || returned === undefined) return { findings: [], checked: false };
    const checked = returned.records.length >= 2 && checkableKeys(order, returned.records).length > 0;
    return { findings: checkImpliedOrder(order, returned), checked };
  },
};
