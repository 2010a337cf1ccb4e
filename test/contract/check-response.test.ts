import { describe, expect, it } from 'vitest';
import { checkResponse, type CheckResponseOptions } from '../../src/contract/index.ts';
import type { Finding } from '../../src/model/index.ts';
import * as examples from './examples.ts';

// biome-ignore lint/suspicious/noExplicitAny: tests break example bodies in place at arbitrary depths
type Body = Record<string, any>;

const SEARCH: CheckResponseOptions = { action: 'datastore_search', profile: 'ckan' };
const SQL: CheckResponseOptions = { action: 'datastore_search_sql', profile: 'ckan' };

function broken(make: () => object, edit: (body: Body) => void): Body {
  const body: Body = structuredClone(make());
  edit(body);
  return body;
}

/** rule + path + message fragment of every finding, for compact assertions. */
function summarise(findings: Finding[]): { rule: string; path: string; message: string }[] {
  return findings.map(({ rule, path, message }) => ({ rule, path, message }));
}

describe('checkResponse (ckan profile) accepts CKAN-shaped responses', () => {
  it.each([
    ['search, objects', 200, examples.searchObjects(), SEARCH],
    ['search, objects, records_format "" asked', 200, examples.searchObjects(), { ...SEARCH, recordsFormat: '' }],
    ['search, lists', 200, examples.searchLists(), { ...SEARCH, recordsFormat: 'lists' }],
    ['search, csv', 200, examples.searchCsv(), { ...SEARCH, recordsFormat: 'csv' }],
    [
      'search, empty tsv page',
      200,
      broken(examples.searchCsv, (b) => {
        b.result.records_format = 'tsv';
        b.result.records = '';
      }),
      { ...SEARCH, recordsFormat: 'tsv' },
    ],
    ['search, echoed params, locale help, no total, prev link', 200, examples.searchEchoes(), SEARCH],
    ['search, empty page', 200, broken(examples.searchObjects, (b) => (b.result.records = [])), SEARCH],
    [
      'search, float specials and timestamptz',
      200,
      broken(examples.searchObjects, (b) => {
        b.result.fields.push({ id: 'f', type: 'float8' }, { id: 'tz', type: 'timestamptz' });
        b.result.records[0].f = 'NaN';
        b.result.records[1].f = 1e20;
        b.result.records[0].tz = '2020-01-01T08:00:00+00:00';
        b.result.records[1].tz = null;
      }),
      SEARCH,
    ],
    [
      'search, _table_metadata with string _id (CKAN quirk)',
      200,
      broken(examples.searchObjects, (b) => {
        b.result.resource_id = '_table_metadata';
        b.result.records[0]._id = '0a1b2c3d4e5f6a7b';
      }),
      SEARCH,
    ],
    ['sql', 200, examples.sqlResult(), SQL],
    [
      'sql, two columns of one name (the object keeps the last)',
      200,
      broken(examples.sqlResult, (b) => {
        b.result.fields.push({ id: 'now', type: 'timestamptz' }, { id: 'now', type: 'date' });
        b.result.records[0].now = '2026-11-22';
      }),
      SQL,
    ],
    ['sql, truncated', 200, broken(examples.sqlResult, (b) => (b.result.records_truncated = true)), SQL],
    ['sql, extra params echoed', 200, broken(examples.sqlResult, (b) => (b.result.foo = 'bar')), SQL],
    ['409 validation error', 409, examples.validationError(), SEARCH],
    ['409 query error with info', 409, examples.queryError(), SQL],
    ['404 not found', 404, examples.notFound(), SEARCH],
    ['404 bare "Not found"', 404, broken(examples.notFound, (b) => (b.error.message = 'Not found')), SEARCH],
    [
      "404 in the site's default locale",
      404,
      broken(examples.notFound, (b) => (b.error.message = 'Nicht gefunden: Ressource "nope" wurde nicht gefunden.')),
      SEARCH,
    ],
    ["400 bare string in the site's default locale", 400, 'Ungültige Anfrage - JSON-Fehler', SEARCH],
    ['403 access denied', 403, examples.accessDenied(), SEARCH],
    ['400 bare string', 400, 'Bad request - JSON Error: Error decoding JSON data.', SEARCH],
    [
      '400 integrity error',
      400,
      { help: examples.help('datastore_search'), success: false, error: { __type: 'Integrity Error', message: 'x', data: { a: 1 } } },
      SEARCH,
    ],
    [
      '500',
      500,
      { help: examples.help('datastore_search'), success: false, error: { __type: 'Internal Server Error', message: 'Internal Server Error' } },
      SEARCH,
    ],
  ])('%s', (_name, status, body, options) => {
    expect(checkResponse({ status, body }, options)).toEqual([]);
  });
});

describe('checkResponse (ckan profile) catches broken responses', () => {
  it.each([
    [
      'rows instead of records',
      200,
      broken(examples.searchObjects, (b) => {
        b.result.rows = b.result.records;
        delete b.result.records;
      }),
      SEARCH,
      'contract.ckan',
      '/result',
      "must have required property 'records'",
    ],
    [
      'records not an array',
      200,
      broken(examples.searchObjects, (b) => (b.result.records = { 0: {} })),
      SEARCH,
      'contract.ckan',
      '/result/records',
      'must be array',
    ],
    [
      'an array record under objects',
      200,
      broken(examples.searchObjects, (b) => (b.result.records[0] = [1, 'x'])),
      SEARCH,
      'contract.ckan',
      '/result/records/0',
      'must be object',
    ],
    [
      'lists records asked, objects sent',
      200,
      examples.searchObjects(),
      { ...SEARCH, recordsFormat: 'lists' },
      'contract.ckan',
      '/result/records_format',
      'must be "lists"',
    ],
    [
      'csv records as an array',
      200,
      broken(examples.searchCsv, (b) => (b.result.records = [])),
      { ...SEARCH, recordsFormat: 'csv' },
      'contract.ckan',
      '/result/records',
      'must be string',
    ],
    [
      'csv records without the final newline',
      200,
      broken(examples.searchCsv, (b) => (b.result.records = '1,a\n2,b')),
      { ...SEARCH, recordsFormat: 'csv' },
      'contract.ckan',
      '/result/records',
      'must match pattern',
    ],
    ['success missing', 200, broken(examples.searchObjects, (b) => delete b.success), SEARCH, 'contract.ckan', '', "must have required property 'success'"],
    ['success false on a 200', 200, broken(examples.searchObjects, (b) => (b.success = false)), SEARCH, 'contract.ckan', '/success', 'must be true'],
    ['an extra envelope key', 200, broken(examples.searchObjects, (b) => (b.error = null)), SEARCH, 'contract.ckan', '', 'must not have property "error"'],
    [
      'help not absolute',
      200,
      broken(examples.searchObjects, (b) => (b.help = '/api/3/action/help_show?name=datastore_search')),
      SEARCH,
      'contract.ckan',
      '/help',
      'must match pattern "^https?://',
    ],
    [
      'help for another action',
      200,
      broken(examples.searchObjects, (b) => (b.help = examples.help('package_show'))),
      SEARCH,
      'contract.ckan',
      '/help',
      'must match pattern',
    ],
    [
      'fields missing',
      200,
      broken(examples.searchObjects, (b) => delete b.result.fields),
      SEARCH,
      'contract.ckan',
      '/result',
      "must have required property 'fields'",
    ],
    [
      'a field without type',
      200,
      broken(examples.searchObjects, (b) => delete b.result.fields[1].type),
      SEARCH,
      'contract.ckan',
      '/result/fields/1',
      "must have required property 'type'",
    ],
    ['limit as a string', 200, broken(examples.searchObjects, (b) => (b.result.limit = '2')), SEARCH, 'contract.ckan', '/result/limit', 'must be integer'],
    ['negative total', 200, broken(examples.searchObjects, (b) => (b.result.total = -1)), SEARCH, 'contract.ckan', '/result/total', 'must be >= 0'],
    [
      'total missing with include_total',
      200,
      broken(examples.searchObjects, (b) => delete b.result.total),
      SEARCH,
      'contract.ckan',
      '/result',
      "must have required property 'total'",
    ],
    [
      'total present without include_total',
      200,
      broken(examples.searchEchoes, (b) => (b.result.total = 3)),
      SEARCH,
      'contract.ckan',
      '/result/total',
      'must not be present',
    ],
    [
      '_links without next',
      200,
      broken(examples.searchObjects, (b) => delete b.result._links.next),
      SEARCH,
      'contract.ckan',
      '/result/_links',
      "must have required property 'next'",
    ],
    [
      '_links absolute',
      200,
      broken(examples.searchObjects, (b) => (b.result._links.start = 'https://x/api')),
      SEARCH,
      'contract.ckan',
      '/result/_links/start',
      'must match pattern "^/api/',
    ],
    [
      'int4 number as a string',
      200,
      broken(examples.searchObjects, (b) => (b.result.records[0]['the year'] = '2014')),
      SEARCH,
      'contract.types',
      '/result/records/0/the year',
      'field "the year" (int4) must be a number or null, got string "2014"',
    ],
    [
      'numeric as a string',
      200,
      broken(examples.searchObjects, (b) => (b.result.records[1].price = '1.50')),
      SEARCH,
      'contract.types',
      '/result/records/1/price',
      '(numeric) must be a number or null',
    ],
    [
      '_id as a string',
      200,
      broken(examples.searchObjects, (b) => (b.result.records[0]._id = '1')),
      SEARCH,
      'contract.types',
      '/result/records/0/_id',
      '(int) must be a number',
    ],
    [
      'bool as "t"',
      200,
      broken(examples.searchObjects, (b) => (b.result.records[0].free = 't')),
      SEARCH,
      'contract.types',
      '/result/records/0/free',
      '(bool) must be a boolean or null',
    ],
    [
      'text as a number',
      200,
      broken(examples.searchObjects, (b) => (b.result.records[0].title = 5)),
      SEARCH,
      'contract.types',
      '/result/records/0/title',
      '(text) must be a string or null',
    ],
    [
      'timestamp with a space',
      200,
      broken(examples.searchObjects, (b) => (b.result.records[0].added = '2020-01-01 08:00:00')),
      SEARCH,
      'contract.types',
      '/result/records/0/added',
      '(timestamp) must be a string like',
    ],
    [
      'array column with a number inside',
      200,
      broken(examples.searchObjects, (b) => (b.result.records[0].tags = ['a', 2])),
      SEARCH,
      'contract.types',
      '/result/records/0/tags',
      '(_text) must be an array (of a string or null) or null',
    ],
    [
      'a record missing a column',
      200,
      broken(examples.searchObjects, (b) => delete b.result.records[1].title),
      SEARCH,
      'contract.ckan',
      '/result/records/1',
      'record has no key "title", which fields lists',
    ],
    [
      'a record with a column not in fields',
      200,
      broken(examples.searchObjects, (b) => (b.result.records[0].extra = 1)),
      SEARCH,
      'contract.ckan',
      '/result/records/0/extra',
      'record key "extra" is not in fields',
    ],
    [
      'a lists record of the wrong length',
      200,
      broken(examples.searchLists, (b) => b.result.records[0].pop()),
      { ...SEARCH, recordsFormat: 'lists' },
      'contract.ckan',
      '/result/records/0',
      'record has 7 values, fields lists 8',
    ],
    [
      'a lists value of the wrong type',
      200,
      broken(examples.searchLists, (b) => (b.result.records[1][2] = '2013')),
      { ...SEARCH, recordsFormat: 'lists' },
      'contract.types',
      '/result/records/1/2',
      '(int4) must be a number',
    ],
    [
      'sql records_truncated false',
      200,
      broken(examples.sqlResult, (b) => (b.result.records_truncated = false)),
      SQL,
      'contract.ckan',
      '/result/records_truncated',
      'must be true',
    ],
    [
      'sql fields with info',
      200,
      broken(examples.sqlResult, (b) => (b.result.fields[0].info = {})),
      SQL,
      'contract.ckan',
      '/result/fields/0',
      'must not have property "info"',
    ],
    ['sql without sql', 200, broken(examples.sqlResult, (b) => delete b.result.sql), SQL, 'contract.ckan', '/result', "must have required property 'sql'"],
    [
      'sql int8 as a string',
      200,
      broken(examples.sqlResult, (b) => (b.result.records[0].count = '3')),
      SQL,
      'contract.types',
      '/result/records/0/count',
      '(int8) must be a number',
    ],
    [
      '409 with a message',
      409,
      broken(examples.validationError, (b) => (b.error.message = 'Invalid integer')),
      SEARCH,
      'contract.ckan',
      '/error/message',
      'must not be present',
    ],
    [
      '409 messages as a bare string',
      409,
      broken(examples.validationError, (b) => (b.error.limit = 'Invalid integer')),
      SEARCH,
      'contract.ckan',
      '/error/limit',
      'must be array',
    ],
    [
      '409 __type as a list',
      409,
      broken(examples.validationError, (b) => (b.error.__type = ['Validation Error'])),
      SEARCH,
      'contract.ckan',
      '/error/__type',
      'must be "Validation Error"',
    ],
    [
      '409 __type of another error',
      409,
      broken(examples.validationError, (b) => (b.error.__type = 'Not Found Error')),
      SEARCH,
      'contract.ckan',
      '/error/__type',
      'must be "Validation Error"',
    ],
    ['409 success true', 409, broken(examples.validationError, (b) => (b.success = true)), SEARCH, 'contract.ckan', '/success', 'must be false'],
    [
      '409 without __type',
      409,
      broken(examples.validationError, (b) => delete b.error.__type),
      SEARCH,
      'contract.ckan',
      '/error',
      "must have required property '__type'",
    ],
    [
      '404 with an empty message',
      404,
      broken(examples.notFound, (b) => (b.error.message = '')),
      SEARCH,
      'contract.ckan',
      '/error/message',
      'must NOT have fewer than 1 characters',
    ],
    [
      '403 with a message object',
      403,
      broken(examples.accessDenied, (b) => (b.error.message = { detail: 'Forbidden' })),
      SEARCH,
      'contract.ckan',
      '/error/message',
      'must be string',
    ],
    [
      '500 with another message',
      500,
      { help: examples.help('datastore_search'), success: false, error: { __type: 'Internal Server Error', message: 'boom' } },
      SEARCH,
      'contract.ckan',
      '/error/message',
      'must be "Internal Server Error"',
    ],
    ['404 as a home-grown error', 404, { error: 'not found' }, SEARCH, 'contract.ckan', '', "must have required property 'help'"],
    ['400 empty string', 400, '', SEARCH, 'contract.ckan', '', 'must NOT have fewer than 1 characters'],
    ['400 object without help', 400, { message: 'Bad request' }, SEARCH, 'contract.ckan', '', "must have required property 'help'"],
    ['an error at 200', 200, examples.notFound(), SEARCH, 'contract.ckan', '', "must have required property 'result'"],
  ])('%s', (_name, status, body, options, rule, path, fragment) => {
    const findings = summarise(checkResponse({ status, body }, options));
    const match = findings.find((f) => f.rule === rule && f.path === path);
    expect(match, JSON.stringify(findings, null, 2)).toBeDefined();
    expect(match?.message).toContain(fragment);
  });

  it('reports every ajv reason at a path in one finding, with the value seen', () => {
    const body = broken(examples.searchObjects, (b) => (b.help = 'not a url'));
    expect(checkResponse({ status: 200, body }, SEARCH)).toEqual([
      {
        rule: 'contract.ckan',
        path: '/help',
        message: 'must match pattern "^https?://\\S+/api/3/action/help_show\\?name=datastore_search$"; must match format "uri"',
        actual: 'not a url',
      },
    ]);
  });

  it('gives the expected type and the actual value of a type mismatch', () => {
    const body = broken(examples.searchObjects, (b) => (b.result.records[0]['the year'] = '2014'));
    expect(checkResponse({ status: 200, body }, SEARCH)).toEqual([
      {
        rule: 'contract.types',
        path: '/result/records/0/the year',
        message: 'field "the year" (int4) must be a number or null, got string "2014"',
        expected: 'int4: a number or null',
        actual: '2014',
      },
    ]);
  });

  it('reports one finding per column however many records break it', () => {
    const body = broken(examples.searchObjects, (b) => {
      b.result.records = Array.from({ length: 500 }, (_, i) => ({ ...b.result.records[0], _id: i + 1, 'the year': String(2000 + i) }));
    });
    const findings = checkResponse({ status: 200, body }, SEARCH);
    expect(findings).toHaveLength(1);
    expect(findings[0]?.message).toContain('(in 500 of 500 records)');
    expect(findings[0]?.path).toBe('/result/records/0/the year');
  });

  it('caps schema findings at 50 and counts the rest', () => {
    const body = broken(examples.searchObjects, (b) => (b.result.records = Array.from({ length: 80 }, () => 'x')));
    const findings = checkResponse({ status: 200, body }, SEARCH);
    expect(findings).toHaveLength(51);
    expect(findings[50]?.message).toBe('30 more paths break the schema (first 50 shown)');
  });

  it('escapes field names in pointers (RFC 6901)', () => {
    const body = broken(examples.searchObjects, (b) => {
      b.result.fields.push({ id: 'a/b~c', type: 'int4' });
      b.result.records[0]['a/b~c'] = 'x';
      b.result.records[1]['a/b~c'] = 1;
    });
    expect(checkResponse({ status: 200, body }, SEARCH).map((f) => f.path)).toEqual(['/result/records/0/a~1b~0c']);
  });
});

describe('checkResponse (seed profile)', () => {
  const SEED: CheckResponseOptions = { action: 'datastore_search', profile: 'seed' };

  it.each([
    ['a minimal body', 200, { result: { records: [{ title: 'x' }] } }, SEED],
    ['a full CKAN search', 200, examples.searchObjects(), SEED],
    ['a full CKAN sql result', 200, examples.sqlResult(), { ...SEED, action: 'datastore_search_sql' }],
    ["numbers as strings (not the seed profile's business)", 200, { result: { records: [{ year: '2014' }] } }, SEED],
    ['csv records when csv was asked', 200, examples.searchCsv(), { ...SEED, recordsFormat: 'csv' }],
    ['any JSON error body', 409, 'anything', SEED],
    ['a home-grown error', 404, { error: 'nope' }, SEED],
  ])('accepts %s', (_name, status, body, options) => {
    expect(checkResponse({ status, body }, options)).toEqual([]);
  });

  it.each([
    ['rows instead of records', { result: { rows: [] } }, '/result', "must have required property 'records'"],
    ['records not an array', { result: { records: 'a,b' } }, '/result/records', 'must be array'],
    ['an array record', { result: { records: [['a']] } }, '/result/records/0', 'must be object'],
    ['result missing', { records: [] }, '', "must have required property 'result'"],
    ['result not an object', { result: [] }, '/result', 'must be object'],
    ['a body that is not an object', [1, 2], '', 'must be object'],
  ])('catches %s', (_name, body, path, message) => {
    expect(summarise(checkResponse({ status: 200, body }, SEED))).toEqual([{ rule: 'contract.seed', path, message }]);
  });
});
