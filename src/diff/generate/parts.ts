// The clauses a generated request exercises, by name: what tells one failing request's shape from another's when
// deciding whether a small example of its failure is known already.
import type { GeneratedRequest } from './types.ts';

/**
 * The request's parts: its action, each search parameter it sets (`filters`, and `filters[]` when a value is an
 * either-or list), or its statement's clauses (`where like`/`where equals`, `order by`, `limit`), and its locale.
 */
export function listRequestParts(request: GeneratedRequest): string[] {
  const parts: string[] = [request.kind];
  if (request.locale !== undefined) parts.push('locale');
  if (request.kind === 'sql') {
    parts.push(`where ${request.where.kind}`);
    if (request.ordered === true) parts.push('order by');
    if (request.limit !== undefined) parts.push('limit');
    return parts;
  }
  if (request.filters.length > 0) parts.push('filters');
  if (request.filters.some(([, value]) => Array.isArray(value))) parts.push('filters[]');
  for (const name of ['q', 'limit', 'offset', 'sort', 'fields', 'distinct'] as const) if (request[name] !== undefined) parts.push(name);
  return parts;
}
