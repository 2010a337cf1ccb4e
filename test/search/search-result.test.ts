// datastore_search at handler level on scenario tables (real PGlite engine): the result object,
// rendering, totals, links, resolution, access and engine use.
import { describe, expect, it } from 'vitest';
import type { Engine } from '../../src/server/engine.ts';
import { EngineTimeoutError } from '../../src/server/engine.ts';
import { datastoreSearch } from '../../src/server/search/index.ts';
import { ActionAuthorizationError, ActionNotFoundError, ActionValidationError } from '../../src/server/types.ts';
import { booksId, rawRecords, records, secretId, useBooks, valsId } from './books.ts';
import { searchRequest } from './scenario.ts';

const harness = useBooks();
const { search, searchError, validationErrors } = harness;

describe('result object', () => {
  it('has CKAN keys in CKAN order for a plain POST', async () => {
    const result = await search({ resource_id: booksId, limit: 1 });
    expect(Object.keys(result)).toEqual([
      'include_total',
      'limit',
      'records_format',
      'resource_id',
      'total_estimation_threshold',
      'records',
      'fields',
      '_links',
      'total',
      'total_was_estimated',
    ]);
    expect(result).toMatchObject({
      include_total: true,
      limit: 1,
      records_format: 'objects',
      resource_id: booksId,
      total_estimation_threshold: null,
      total: 5,
      total_was_estimated: false,
    });
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
      resource_id: 'books',
      filters: '{"author": "Tolstoy"}',
      q: 'fourth',
      plain: 'true',
      distinct: 'false',
      language: 'english',
      offset: '0',
      sort: 'title desc',
      fields: 'title',
      include_total: 'no',
    });
    expect(Object.keys(result)).toEqual([
      'distinct',
      'fields',
      'filters',
      'include_total',
      'language',
      'limit',
      'offset',
      'plain',
      'q',
      'records_format',
      'resource_id',
      'sort',
      'total_estimation_threshold',
      'records',
      '_links',
    ]);
    expect(result).toMatchObject({
      distinct: false,
      filters: { author: 'Tolstoy' },
      include_total: false,
      offset: 0,
      plain: true,
      q: 'fourth',
      sort: 'title desc',
      resource_id: booksId,
    });
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
    expect(records(result)).toEqual([
      { _id: 1, name: 'Ada' },
      { _id: 2, name: 'Grace' },
    ]);
  });
});

describe('engine use', () => {
  it('runs every statement with searchTimeoutMs', async () => {
    const seen: (number | undefined)[] = [];
    const real = harness.context.engine;
    const recording: Engine = {
      name: 'recording',
      query: (sql, params, options) => {
        seen.push(options?.timeoutMs);
        return real.query(sql, params, options);
      },
      close: () => Promise.resolve(),
    };
    const context = { ...harness.context, engine: recording, config: { ...harness.context.config, searchTimeoutMs: 1234 } };
    await datastoreSearch(searchRequest({ resource_id: booksId }), context);
    expect(seen).toEqual([1234, 1234]);
  });

  it('maps an engine timeout to 409 "Search took too long"', async () => {
    const slow: Engine = {
      name: 'slow',
      query: () => Promise.reject(new EngineTimeoutError('statement timeout')),
      close: () => Promise.resolve(),
    };
    const error = await datastoreSearch(searchRequest({ resource_id: booksId }), { ...harness.context, engine: slow }).catch((e: unknown) => e);
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
