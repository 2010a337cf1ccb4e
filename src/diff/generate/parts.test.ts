import { describe, expect, it } from 'vitest';
import { listRequestParts } from './parts.ts';
import type { GeneratedSearch, GeneratedRequest } from './types.ts';

const search: GeneratedSearch = { kind: 'search', resource: 'courses', method: 'GET', filters: [] };
const sql = { kind: 'sql' as const, resource: 'courses', method: 'POST' as const, columns: ['_id', 'title'] };

describe('listRequestParts', () => {
  it.each<[string, GeneratedRequest, string[]]>([
    ['a bare search', search, ['search']],
    ['a filter on one value', { ...search, filters: [['kind', 'a']] }, ['search', 'filters']],
    [
      'an either-or filter',
      {
        ...search,
        filters: [
          ['kind', 'a'],
          ['year', [1, 2]],
        ],
      },
      ['search', 'filters', 'filters[]'],
    ],
    ['q, paging and sort', { ...search, q: 'fog', limit: 1, offset: 2, sort: [['kind', 'asc']] }, ['search', 'q', 'limit', 'offset', 'sort']],
    ['fields, distinct and a locale', { ...search, locale: 'fr', fields: ['kind'], distinct: true }, ['search', 'locale', 'fields', 'distinct']],
    ['a LIKE statement', { ...sql, where: { kind: 'like', field: 'title', word: 'Optics', placement: 'contains' } }, ['sql', 'where like']],
    [
      'an ordered, limited equality statement',
      { ...sql, where: { kind: 'equals', field: 'title', value: 'x' }, ordered: true, limit: 5 },
      ['sql', 'where equals', 'order by', 'limit'],
    ],
  ])('names the parts of %s', (_name, request, parts) => {
    expect(listRequestParts(request)).toEqual(parts);
  });
});
