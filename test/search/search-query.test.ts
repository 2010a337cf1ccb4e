// datastore_search at handler level on scenario tables (real PGlite engine): filters, full-text
// search, fields, sort, paging and distinct.
import { describe, expect, it } from 'vitest';
import { datastoreSearch } from '../../src/server/search/index.ts';
import { searchRequest } from './scenario.ts';
import { booksId, ids, rawRecords, records, useBooks, valsId } from './books.ts';

const harness = useBooks();
const { search, validationErrors } = harness;

describe('filters', () => {
  it.each<[Record<string, unknown>, number[]]>([
    [{ author: 'Tolstoy' }, [1, 3]],
    [{ author: ['Austen', 'True'] }, [2, 5]],
    [{ author: 'Tolstoy', 'the year': 2014 }, [1]],
    [{ 'the year': '2013' }, [2]],
    [{ author: 25 }, [4]],
    [{ author: true }, [5]],
    [{ author: null }, []],
    [{ tags: ['one', 'two'] }, [1]],
    [{ tags: ['two', 'one'] }, [5]],
    [{ tags: [] }, [4]],
    [{ bük: 'ja', _id: [1, 3, 4] }, [1, 3]],
    [{ 'rating with %': 4.5 }, [1]],
  ])('%j → _id %j', async (filters, expected) => {
    const result = await search({ resource_id: booksId, filters });
    expect(ids(result)).toEqual(expected);
    expect(result['total']).toBe(expected.length);
  });

  it.each<[Record<string, unknown>, string]>([
    [{ 'the year': 'abc' }, 'invalid input syntax for type integer: "abc"'],
    [{ author: [] }, 'syntax error at or near ")"'],
    [{ tags: 'one' }, 'malformed array literal: "one"'],
    [{ 'the year': { lt: 5 } }, "can't adapt type 'dict'"],
  ])('%j → 409 Invalid query', async (filters, orig) => {
    const errors = await validationErrors({ resource_id: booksId, filters });
    expect(errors['query']).toEqual(['Invalid query']);
    // why: orig is PostgreSQL's message as psycopg2 shows it, its first line the primary message
    const info = errors['info'] as { orig: string[] };
    expect(info.orig[0]?.split('\n')[0]).toBe(orig);
  });

  it('rejects an unknown column with the first unknown key', async () => {
    expect(await validationErrors({ resource_id: booksId, filters: { author: 'x', nope: 1, nada: 2 } })).toEqual({ filters: ['invalid value "nope"'] });
  });
});

describe('full-text search', () => {
  it.each<[Record<string, unknown>, number[]]>([
    [{ q: 'fourths' }, [1, 3]],
    [{ q: 'Fourth' }, [1, 3]],
    [{ q: 'running' }, [2, 5]],
    [{ q: 'fourth tolstoy' }, [1, 3]],
    [{ q: 'fourth austen' }, []],
    [{ q: 'the and a' }, []],
    [{ q: 'fou:*' }, []],
    [{ q: 'fou:*', plain: false }, [1, 3]],
    [{ q: 'austen | café', plain: false }, [2, 4]],
    [{ q: { title: 'running' } }, [2, 5]],
    [{ q: { title: 'running', author: 'austen' } }, [2]],
    [{ q: '{"author": "true"}' }, [5]],
    [{ full_text: 'water' }, [2]],
    [{ full_text: 'water', q: 'software' }, [2]],
    [{ full_text: 'tolstoy', q: { title: 'perfect' } }, [3]],
  ])('%j → _id %j', async (params, expected) => {
    const result = await search({ resource_id: booksId, ...params });
    expect([...ids(result)].sort()).toEqual(expected);
    expect(result['total']).toBe(expected.length);
  });

  it('adds rank columns at the end and orders by rank descending', async () => {
    const result = await search({ resource_id: booksId, q: 'tolstoy fourth' });
    const fields = result['fields'] as { id: string; type: string }[];
    expect(fields.at(-1)).toEqual({ id: 'rank', type: 'float' });
    const rows = records(result);
    expect(Object.keys(rows[0] ?? {}).at(-1)).toBe('rank');
    const ranks = rows.map((r) => r['rank'] as number);
    expect(ranks.every((r) => r > 0 && r < 1)).toBe(true);
    expect([...ranks].sort((a, b) => b - a)).toEqual(ranks);
  });

  it('names per-column ranks `rank <col>` after the whole-row rank', async () => {
    const result = await search({ resource_id: booksId, q: { title: 'running' }, full_text: 'software' });
    const fields = (result['fields'] as { id: string }[]).map((f) => f.id);
    expect(fields.slice(-2)).toEqual(['rank', 'rank title']);
    expect(ids(result)).toEqual([5]);
  });

  it('returns a rank only when listed if fields is given', async () => {
    const result = await search({ resource_id: booksId, q: 'fourth', fields: 'rank, title', sort: 'title' });
    expect(records(result).map((r) => Object.keys(r))).toEqual([
      ['rank', 'title'],
      ['rank', 'title'],
    ]);
  });

  it('answers 409 Invalid query for bad tsquery syntax and unknown languages', async () => {
    expect((await validationErrors({ resource_id: booksId, q: 'DE |', plain: false }))['query']).toEqual(['Invalid query']);
    const errors = await validationErrors({ resource_id: booksId, q: 'x', language: 'klingon' });
    // why: libpq's LINE/caret lines over the statement as sent (2.11.5: the page's select is line 5), as in CKAN's orig
    const orig =
      'text search configuration "klingon" does not exist\n' +
      `LINE 5: ...4e-1111-4a4a-9b9b-000000000001" , plainto_tsquery('klingon',...\n` +
      `${' '.repeat(61)}^\n`;
    expect(errors['info']).toMatchObject({ orig: [orig] });
  });

  it('rejects object q with unknown columns or non-string values', async () => {
    expect(await validationErrors({ resource_id: booksId, q: { nope: 'x' } })).toEqual({ q: ['invalid value "nope"'] });
    expect(await validationErrors({ resource_id: booksId, q: { title: 1 } })).toEqual({ q: ['invalid value "title"'] });
  });
});

describe('fields, sort, limit, offset', () => {
  it('projects fields in the listed order, keeping duplicates', async () => {
    const result = await search({ resource_id: booksId, fields: ' "the year" , title,title', limit: 1 });
    expect(rawRecords(result)).toBe('[{"the year":2014,"title":"The Fourth Dimension","title":"The Fourth Dimension"}]');
    expect((result['fields'] as { id: string }[]).map((f) => f.id)).toEqual(['the year', 'title', 'title']);
  });

  it.each<[unknown, number[]]>([
    ['the year desc', [3, 1, 5, 2, 4]],
    ['the year desc nulls last', [1, 5, 2, 4, 3]],
    ['the year asc nulls first, title', [3, 4, 2, 5, 1]],
    [
      ['"the year"', '_id desc'],
      [4, 2, 5, 1, 3],
    ],
    ['author, _id desc', [4, 2, 3, 1, 5]],
  ])('sort %j → %j', async (sort, expected) => {
    expect(ids(await search({ resource_id: booksId, sort }))).toEqual(expected);
  });

  it('rejects sort on unknown columns, ranks and _full_text with the whole clause', async () => {
    expect(await validationErrors({ resource_id: booksId, sort: 'title, füü asc' })).toEqual({ sort: ['invalid value "füü asc"'] });
    expect(await validationErrors({ resource_id: booksId, q: 'x', sort: 'rank desc' })).toEqual({ sort: ['invalid value "rank desc"'] });
    expect(await validationErrors({ resource_id: booksId, sort: '_full_text' })).toEqual({ sort: ['invalid value "_full_text"'] });
  });

  it('pages with limit and offset, total ignoring both', async () => {
    const result = await search({ resource_id: booksId, limit: 2, offset: 3 });
    expect(ids(result)).toEqual([4, 5]);
    expect(result['total']).toBe(5);
    expect(records(await search({ resource_id: booksId, offset: 10 }))).toEqual([]);
  });

  it('caps limit at rows_max silently and uses rows_default', async () => {
    const context = { ...harness.context, config: { ...harness.context.config, rowsMax: 2, rowsDefault: 1 } };
    expect(await datastoreSearch(searchRequest({ resource_id: valsId, limit: 5 }), context)).toMatchObject({ limit: 2 });
    expect(await datastoreSearch(searchRequest({ resource_id: valsId }), context)).toMatchObject({ limit: 1 });
  });

  it('rejects a negative offset after resolution', async () => {
    expect(await validationErrors({ resource_id: booksId, offset: -1 })).toEqual({ offset: ['invalid value "-1"'] });
  });
});

describe('distinct', () => {
  it('applies DISTINCT before LIMIT, total counting distinct rows', async () => {
    const result = await search({ resource_id: valsId, fields: 'val', distinct: true, limit: 2, sort: 'val' });
    expect(records(result)).toEqual([{ val: 'bar' }, { val: 'foo' }]);
    expect(result['total']).toBe(2);
  });

  it('counts distinct rows over several columns', async () => {
    const result = await search({ resource_id: valsId, fields: ['val', 'n'], distinct: 'true' });
    expect(result['total']).toBe(4);
    expect(records(result)).toHaveLength(4);
  });
});
