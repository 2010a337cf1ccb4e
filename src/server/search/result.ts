// The result object: CKAN returns the validated input dict (keys sorted, as navl's unflatten leaves
// them) with the outputs appended: records, fields, _links, total, total_was_estimated (2.12: filterops before
// them; records, fields, total, next_page).
import type { CkanTraits } from '../ckan-versions.ts';
import type { FieldInfo } from './columns.ts';
import type { SearchLinks } from './links.ts';
import type { FilterOp } from './filter-ops.ts';
import type { SearchParams } from './params.ts';

export interface ResultParts {
  params: SearchParams;
  traits: CkanTraits;
  /** The real table id (an alias resolved). */
  resourceId: string;
  records: unknown;
  fields: FieldInfo[];
  links: SearchLinks;
  total: { total: number; estimated: boolean } | undefined;
  /** CKAN 2.12's parsed filters, which its result carries as `filterops` (simplejson writes the tuple as an object). */
  filterTree?: FilterOp | undefined;
  /** CKAN 2.12's `next_page` filter. */
  nextPage?: Record<string, unknown>;
}

/** Builds the `result` object with CKAN's key set and order. */
export function composeResult(parts: ResultParts): Record<string, unknown> {
  const { params } = parts;
  const echoed: [string, unknown][] = [
    ['distinct', params.distinct],
    // why: a given `fields` keeps its sorted position but holds the output field list
    ['fields', params.fields === undefined ? undefined : parts.fields],
    ['filters', params.filters],
    ['full_text', params.fullText],
    ['include_next_page', params.includeNextPage],
    ['include_total', params.includeTotal],
    ['language', params.language],
    ['limit', params.limit],
    ['offset', params.offset],
    ['plain', params.plain],
    ['q', params.q],
    ['records_format', params.recordsFormat],
    ['resource_id', parts.resourceId],
    ['sort', params.sort],
    ['total_estimation_threshold', params.totalEstimationThreshold],
  ];
  const result: Record<string, unknown> = {};
  for (const [key, value] of echoed) if (value !== undefined) result[key] = value;
  if (parts.filterTree !== undefined) result['filterops'] = parts.filterTree;
  result['records'] = parts.records;
  result['fields'] = parts.fields;
  if (parts.traits.has('search-links')) result['_links'] = parts.links;
  if (parts.total !== undefined) {
    result['total'] = parts.total.total;
    if (parts.traits.has('total-estimation')) result['total_was_estimated'] = parts.total.estimated;
  }
  if (parts.nextPage !== undefined) result['next_page'] = parts.nextPage;
  return result;
}
