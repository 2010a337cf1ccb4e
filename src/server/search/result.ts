// The result object: CKAN returns the validated input dict (keys sorted, as navl's unflatten leaves
// them) with the outputs appended: records, fields, _links, total, total_was_estimated.
import type { FieldInfo } from './columns.ts';
import type { SearchLinks } from './links.ts';
import type { SearchParams } from './params.ts';

export interface ResultParts {
  params: SearchParams;
  /** The real table id (an alias resolved). */
  resourceId: string;
  records: unknown;
  fields: FieldInfo[];
  links: SearchLinks;
  total: { total: number; estimated: boolean } | undefined;
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
  result['records'] = parts.records;
  result['fields'] = parts.fields;
  result['_links'] = parts.links;
  if (parts.total !== undefined) {
    result['total'] = parts.total.total;
    result['total_was_estimated'] = parts.total.estimated;
  }
  return result;
}
