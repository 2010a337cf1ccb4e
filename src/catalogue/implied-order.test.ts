import { describe, expect, it } from 'vitest';
import { deriveImpliedOrder, parseSort } from './implied-order.ts';

describe('parseSort', () => {
  it.each([
    [
      'credits desc, _id asc',
      [
        { field: 'credits', direction: 'desc' },
        { field: '_id', direction: 'asc' },
      ],
    ],
    [['title'], [{ field: 'title', direction: 'asc' }]],
    ['"the year" DESC', [{ field: 'the year', direction: 'desc' }]],
    ['the year desc', [{ field: 'the year', direction: 'desc' }]],
    ['rating with % desc nulls last', [{ field: 'rating with %', direction: 'desc', nulls: 'last' }]],
    ['x NULLS FIRST', [{ field: 'x', direction: 'asc', nulls: 'first' }]],
  ])('%j', (sort, keys) => {
    expect(parseSort(sort)).toEqual(keys);
  });

  it('gives up on a clause that is not text', () => {
    expect(parseSort([1])).toBeUndefined();
    expect(parseSort({ a: 1 })).toBeUndefined();
  });
});

describe('deriveImpliedOrder', () => {
  it.each([
    [{ sort: 'a desc' }, '2.11', { source: 'sort', keys: [{ field: 'a', direction: 'desc' }] }],
    [{ sort: 'a desc' }, undefined, { source: 'sort', keys: [{ field: 'a', direction: 'desc' }] }],
    [{ q: 'word' }, '2.9', { source: 'rank', keys: [{ field: 'rank', direction: 'desc' }] }],
    [{ q: 'word' }, '2.8', { source: 'rank', keys: [{ field: 'rank', direction: 'asc' }] }],
    [{ q: 'word' }, undefined, undefined],
    [
      { q: { title: 'a', subject: 'b' } },
      '2.12',
      {
        source: 'rank',
        keys: [
          { field: 'rank title', direction: 'desc' },
          { field: 'rank subject', direction: 'desc' },
        ],
      },
    ],
    [{ q: { title: 'a' } }, '2.8', undefined],
    [
      { full_text: 'word', q: { title: 'a' } },
      '2.11',
      {
        source: 'rank',
        keys: [
          { field: 'rank', direction: 'desc' },
          { field: 'rank title', direction: 'desc' },
        ],
      },
    ],
    [{ limit: 5 }, undefined, { source: 'default', keys: [{ field: '_id', direction: 'asc' }] }],
    [{ q: '' }, '2.11', { source: 'default', keys: [{ field: '_id', direction: 'asc' }] }],
    [{ distinct: true, fields: ['a'] }, '2.11', undefined],
    [{ distinct: 'True' }, '2.11', undefined],
  ] as const)('%j on CKAN %s', (params, version, order) => {
    expect(deriveImpliedOrder('datastore_search', params, version)).toEqual(order);
  });

  it('derives nothing for SQL or _table_metadata', () => {
    expect(deriveImpliedOrder('datastore_search_sql', { sql: 'SELECT 1' }, '2.11')).toBeUndefined();
    expect(deriveImpliedOrder('datastore_search', { resource_id: '_table_metadata' }, '2.11')).toBeUndefined();
  });
});
