// Whether a search has a full-text part (q, full_text), which decides total estimation.
import type { SearchParams } from './params.ts';
import { isPlainObject } from '../../util/json.ts';

/** Whether any text query applies (this disables total estimation). */
export function hasTextQuery(params: SearchParams): boolean {
  const q = params.q;
  if (params.fullText !== undefined && params.fullText !== '') return true;
  return typeof q === 'string' ? q !== '' : isPlainObject(q) && Object.keys(q).length > 0;
}
