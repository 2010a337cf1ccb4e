// datastore_search at handler level against a real PostgreSQL (PGlite) on small scenario tables.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Engine } from '../../src/server/engines/types.ts';
import { EngineTimeoutError } from '../../src/server/engines/types.ts';
import { datastoreSearch } from '../../src/server/search/index.ts';
import { ActionAuthorizationError, ActionNotFoundError, ActionValidationError, RawJson } from '../../src/server/types.ts';
import { openScenario, searchRequest, type Scenario, type ScenarioResource } from './scenario.ts';

const booksId = '0b8f5a4e-1111-4a4a-9b9b-000000000001';
const secretId = '0b8f5a4e-2222-4a4a-9b9b-000000000002';
const valsId = '0b8f5a4e-3333-4a4a-9b9b-000000000003';

const books: ScenarioResource = {
  id: booksId,
  aliases: ['books'],
  columns: [
    { id: 'title', type: 'text', info: { label: 'Title' } },
    { id: 'author', type: 'text' },
    { id: 'the year', type: 'int4' },
    { id: 'price', type: 'numeric' },
    { id: 'published', type: 'timestamp' },
    { id: 'tags', type: '_text' },
    { id: 'meta', type: 'json' },
    { id: 'available', type: 'bool' },
    { id: 'rating with %', type: 'numeric' },
    { id: 'bük', type: 'text' },
  ],
  rows: [
    ['The Fourth Dimension', 'Tolstoy', '2014', '1.50', '2005-03-01 00:00:00', '["one","two"]', '{"foo": 2014}', 't', '4.5', 'ja'],
    ['Running Water', 'Austen', '2013', '10.00', '2020-01-01 10:11:12.345678', '["one"]', '["b", {"moo": "moo"}]', 'f', null, 'nein'],
    ['Perfect fourths and fifths', 'Tolstoy', null, null, null, null, null, null, '3', 'ja'],
    ['Café Société', '25', '2001', '0.10', '1999-12-31 23:59:59', '[]', 'null', 't', '1', null],
    ['How software runs', 'True', '2014', '7', '2024-06-30 06:30:00', '["two","one"]', '"txt"', 'f', '2', 'ja'],
  ],
};

const secret: ScenarioResource = {
  id: secretId,
  aliases: ['secret'],
  private: true,
  columns: [{ id: 'name', type: 'text' }],
  rows: [['Ada'], ['Grace']],
};

const vals: ScenarioResource = {
  id: valsId,
  columns: [
    { id: 'val', type: 'text' },
    { id: 'n', type: 'int4' },
  ],
  rows: [['foo', '1'], ['foo', '1'], ['foo', null], ['foo', '2'], ['foo', '1'], ['bar', null]],
};

let scenario: Scenario;

beforeAll(async () => {
  scenario = await openScenario([books, secret, vals]);
});

afterAll(async () => {
  await scenario.close();
});

async function search(params: Record<string, unknown>, options: Parameters<typeof searchRequest>[1] = {}) {
  const result = await datastoreSearch(searchRequest(params, options), scenario.context);
  if (typeof result !== 'object' || result === null) throw new Error('result is not an object');
  return result as Record<string, unknown>;
}

function rawRecords(result: Record<string, unknown>): string {
  const records = result['records'];
  if (records instanceof RawJson) return records.text;
  return JSON.stringify(records);
}

function records(result: Record<string, unknown>): Record<string, unknown>[] {
  return JSON.parse(rawRecords(result)) as Record<string, unknown>[];
}

function ids(result: Record<string, unknown>): unknown[] {
  return records(result).map((r) => r['_id']);
}

async function searchError(params: Record<string, unknown>, options: Parameters<typeof searchRequest>[1] = {}): Promise<unknown> {
  try {
    await datastoreSearch(searchRequest(params, options), scenario.context);
  } catch (error) {
    return error;
  }
  throw new Error('expected the search to fail');
}

async function validationErrors(params: Record<string, unknown>): Promise<Record<string, unknown>> {
  const error = await searchError(params);
  if (!(error instanceof ActionValidationError)) throw error;
  return error.errors;
}

describe('result object', () => {
  it('has CKAN keys in CKAN order for a plain POST', async () => {
    const result = await search({ resource_id: booksId, limit: 1 });
    expect(Object.keys(result)).toEqual([
      'include_total', 'limit', 'records_format', 'resource_id', 'total_estimation_threshold',
      'records', 'fields', '_links', 'total', 'total_was_estimated',
    ]);
    expect(result).toMatchObject({ include_total: true, limit: 1, records_format: 'objects', resource_id: booksId, total_estimation_threshold: null, total: 5, total_was_estimated: false });
    expect(result['_links']).toEqual({ start: '/api/3/action/datastore_search', next: '/api/3/action/datastore_search?offset=1' });
  });

  it('reports fields with CKAN type names and data-dictionary info', async () => {
    const result = await search({ resource_id: booksId, limit: 0 });
    expect(result['fields']).toEqual([
      { id: '_id', type: 'int' },
      { id: 'title', type: 'text', info: { label: 'Title' } },
      { id: 'author', type: 'text' },
      { id: 'the year', type: 'int4' },
      { id: 'price', type: 'numeric' },
      { id: 'published', type: 'timestamp' },
      { id: 'tags', type: '_text' },
      { id: 'meta', type: 'json' },
      { id: 'available', type: 'bool' },
      { id: 'rating with %', type: 'numeric' },
      { id: 'bük', type: 'text' },
    ]);
    expect(result['records']).toEqual([]);
    expect(result['total']).toBe(5);
  });

  it('echoes given params (decoded), keeps the position of a given fields key', async () => {
    const result = await search({
      resource_id: 'books', filters: '{"author": "Tolstoy"}', q: 'fourth', plain: 'true', distinct: 'false',
      language: 'english', offset: '0', sort: 'title desc', fields: 'title', include_total: 'no',
    });
    expect(Object.keys(result)).toEqual([
      'distinct', 'fields', 'filters', 'include_total', 'language', 'limit', 'offset', 'plain', 'q',
      'records_format', 'resource_id', 'sort', 'total_estimation_threshold', 'records', '_links',
    ]);
    expect(result).toMatchObject({ distinct: false, filters: { author: 'Tolstoy' }, include_total: false, offset: 0, plain: true, q: 'fourth', sort: 'title desc', resource_id: booksId });
    expect(result['fields']).toEqual([{ id: 'title', type: 'text', info: { label: 'Title' } }]);
  });
});

describe('rendering', () => {
  it('renders every type as CKAN does in objects', async () => {
    const result = await search({ resource_id: booksId, limit: 2 });
    expect(rawRecords(result)).toBe(
      '[{"_id":1,"title":"The Fourth Dimension","author":"Tolstoy","the year":2014,"price":1.50,"published":"2005-03-01T00:00:00","tags":["one","two"],"meta":{"foo": 2014},"available":true,"rating with %":4.5,"bük":"ja"},' +
        '{"_id":2,"title":"Running Water","author":"Austen","the year":2013,"price":10.00,"published":"2020-01-01T10:11:12","tags":["one"],"meta":["b", {"moo": "moo"}],"available":false,"rating with %":null,"bük":"nein"}]',
    );
  });

  it('renders lists in fields order', async () => {
    const result = await search({ resource_id: booksId, records_format: 'lists', fields: ['price', 'title', '_id'], limit: 3 });
    expect(rawRecords(result)).toBe('[[1.50,"The Fourth Dimension",1],[10.00,"Running Water",2],[null,"Perfect fourths and fifths",3]]');
  });

  it('renders csv as COPY does, with the NULL json/array quirk', async () => {
    const result = await search({ resource_id: booksId, records_format: 'csv', fields: 'title,tags,meta,available,published,price', limit: 4 });
    expect(result['records']).toBe(
      'The Fourth Dimension,"[""one"",""two""]","{""foo"": 2014}",t,2005-03-01T00:00:00,1.50\n' +
        'Running Water,"[""one""]","[""b"", {""moo"": ""moo""}]",f,2020-01-01T10:11:12,10.00\n' +
        'Perfect fourths and fifths,null,null,,,\n' +
        'Café Société,[],null,t,1999-12-31T23:59:59,0.10\n',
    );
  });

  it('renders tsv with tabs and an empty page as ""', async () => {
    const tsv = await search({ resource_id: booksId, records_format: 'tsv', fields: 'title,the year', limit: 2 });
    expect(tsv['records']).toBe('The Fourth Dimension\t2014\nRunning Water\t2013\n');
    const empty = await search({ resource_id: booksId, records_format: 'csv', limit: 0 });
    expect(empty['records']).toBe('');
    expect(empty['total']).toBe(5);
  });
});

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
    expect(errors['info']).toMatchObject({ orig: [orig] });
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
    expect(records(result).map((r) => Object.keys(r))).toEqual([['rank', 'title'], ['rank', 'title']]);
  });

  it('answers 409 Invalid query for bad tsquery syntax and unknown languages', async () => {
    expect((await validationErrors({ resource_id: booksId, q: 'DE |', plain: false }))['query']).toEqual(['Invalid query']);
    const errors = await validationErrors({ resource_id: booksId, q: 'x', language: 'klingon' });
    expect(errors['info']).toMatchObject({ orig: ['text search configuration "klingon" does not exist'] });
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
    [['"the year"', '_id desc'], [4, 2, 5, 1, 3]],
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
    const context = { ...scenario.context, config: { ...scenario.context.config, rowsMax: 2, rowsDefault: 1 } };
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

describe('totals', () => {
  it('drops total keys when include_total is false', async () => {
    const result = await search({ resource_id: booksId, include_total: false });
    expect(result).not.toHaveProperty('total');
    expect(result).not.toHaveProperty('total_was_estimated');
  });

  it.each<[Record<string, unknown>, boolean]>([
    [{ total_estimation_threshold: 0 }, true],
    [{ total_estimation_threshold: 5 }, true],
    [{ total_estimation_threshold: 6 }, false],
    [{ total_estimation_threshold: 0, filters: { author: 'Tolstoy' } }, false],
    [{ total_estimation_threshold: 0, q: 'fourth' }, false],
    [{ total_estimation_threshold: 0, distinct: true, fields: 'author' }, false],
  ])('%j → total_was_estimated %j', async (params, estimated) => {
    const result = await search({ resource_id: booksId, ...params });
    expect(result['total_was_estimated']).toBe(estimated);
    expect(result['total_estimation_threshold']).toBe(params['total_estimation_threshold']);
  });
});

describe('_links', () => {
  it('builds GET links from the query string, replacing offset in place', async () => {
    const queryString = `resource_id=${booksId}&offset=4&limit=2`;
    const result = await search({ resource_id: booksId, offset: '4', limit: '2' }, { method: 'GET', queryString });
    expect(result['_links']).toEqual({
      start: `/api/3/action/datastore_search?resource_id=${booksId}&limit=2`,
      next: `/api/3/action/datastore_search?resource_id=${booksId}&offset=6&limit=2`,
      prev: `/api/3/action/datastore_search?resource_id=${booksId}&offset=2&limit=2`,
    });
  });

  it('uses the request path without its locale', async () => {
    const result = await search({ resource_id: booksId, limit: 3 }, { path: '/api/action/datastore_search' });
    expect(result['_links']).toEqual({ start: '/api/action/datastore_search', next: '/api/action/datastore_search?offset=3' });
  });
});

describe('resolution and access', () => {
  it('resolves an alias to the real id', async () => {
    expect((await search({ id: 'books', limit: 0 }))['resource_id']).toBe(booksId);
  });

  it('answers 404 with the id as given', async () => {
    const error = await searchError({ resource_id: 'nope' });
    expect(error).toBeInstanceOf(ActionNotFoundError);
    expect((error as ActionNotFoundError).detail).toBe('Resource "nope" was not found.');
  });

  it('reports schema errors before a missing resource', async () => {
    expect(await validationErrors({ resource_id: 'nope', limit: 'x' })).toEqual({ limit: ['Invalid integer', 'Please enter an integer value'] });
  });

  it('answers 403 for a private resource without authorization, before column checks', async () => {
    const error = await searchError({ resource_id: 'secret', sort: 'nope' });
    expect(error).toBeInstanceOf(ActionAuthorizationError);
    expect((error as ActionAuthorizationError).detail).toBe(`User  not authorized to read resource ${secretId}`);
  });

  it('serves a private resource to an authorized caller', async () => {
    const result = await search({ resource_id: 'secret' }, { authorized: true });
    expect(records(result)).toEqual([{ _id: 1, name: 'Ada' }, { _id: 2, name: 'Grace' }]);
  });
});

describe('engine use', () => {
  it('runs every statement with searchTimeoutMs', async () => {
    const seen: (number | undefined)[] = [];
    const real = scenario.context.engine;
    const recording: Engine = {
      name: 'recording',
      query: (sql, params, options) => {
        seen.push(options?.timeoutMs);
        return real.query(sql, params, options);
      },
      close: () => Promise.resolve(),
    };
    const context = { ...scenario.context, engine: recording, config: { ...scenario.context.config, searchTimeoutMs: 1234 } };
    await datastoreSearch(searchRequest({ resource_id: booksId }), context);
    expect(seen).toEqual([1234, 1234]);
  });

  it('maps an engine timeout to 409 "Search took too long"', async () => {
    const slow: Engine = {
      name: 'slow',
      query: () => Promise.reject(new EngineTimeoutError('statement timeout')),
      close: () => Promise.resolve(),
    };
    const error = await datastoreSearch(searchRequest({ resource_id: booksId }), { ...scenario.context, engine: slow }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ActionValidationError);
    expect((error as ActionValidationError).errors).toEqual({ query: ['Search took too long'] });
  });
});

describe('quirks kept', () => {
  it('returns every column but an empty fields list for fields ""', async () => {
    const result = await search({ resource_id: valsId, fields: '', limit: 1 });
    expect(result['fields']).toEqual([]);
    expect(records(result)).toEqual([{ _id: 1, val: 'foo', n: 1 }]);
  });
});
