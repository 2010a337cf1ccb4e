// CKAN 2.11-shaped response bodies for the contract tests; each test copies and breaks one.
const SITE = 'https://data.example.org';

export const help = (action: string, locale = ''): string => `${SITE}${locale}/api/3/action/help_show?name=${action}`;

export function searchObjects() {
  return {
    help: help('datastore_search'),
    success: true,
    result: {
      include_total: true,
      limit: 2,
      records_format: 'objects',
      resource_id: '6a0d4c7e-0b52-4c53-9c4b-4f6f2a1d8e10',
      total_estimation_threshold: null,
      records: [
        { _id: 1, title: 'Intro to Data', 'the year': 2014, price: 12.5, free: false, added: '2020-01-01T08:00:00', tags: ['a', 'b'], meta: { x: 1 } },
        { _id: 2, title: 'Advanced', 'the year': null, price: 1.5, free: true, added: null, tags: null, meta: [1, 'two'] },
      ],
      fields: [
        { id: '_id', type: 'int' },
        { id: 'title', type: 'text', info: { label: 'Title', notes: '' } },
        { id: 'the year', type: 'int4' },
        { id: 'price', type: 'numeric' },
        { id: 'free', type: 'bool' },
        { id: 'added', type: 'timestamp' },
        { id: 'tags', type: '_text' },
        { id: 'meta', type: 'json' },
      ],
      _links: { start: '/api/3/action/datastore_search', next: '/api/3/action/datastore_search?offset=2' },
      total: 7,
      total_was_estimated: false,
    },
  };
}

export function searchLists() {
  const body = searchObjects();
  return {
    ...body,
    result: {
      ...body.result,
      records_format: 'lists',
      records: [
        [1, 'Intro to Data', 2014, 12.5, false, '2020-01-01T08:00:00', ['a', 'b'], { x: 1 }],
        [2, 'Advanced', null, 1.5, true, null, null, null],
      ],
    },
  };
}

export function searchCsv() {
  const body = searchObjects();
  return { ...body, result: { ...body.result, records_format: 'csv', records: '1,Intro to Data,2014\n2,Advanced,\n' } };
}

/** A GET page with offset, filters and q echoed, no total, and a prev link. */
export function searchEchoes() {
  const body = searchObjects();
  const { total: _total, total_was_estimated: _estimated, ...rest } = body.result;
  return {
    help: help('datastore_search', '/fr'),
    success: true,
    result: {
      ...rest,
      include_total: false,
      offset: 4,
      filters: { title: ['Intro to Data', 'Advanced'] },
      q: 'data',
      sort: '_id desc',
      _links: {
        start: '/api/3/action/datastore_search?resource_id=r&limit=2',
        next: '/api/3/action/datastore_search?resource_id=r&limit=2&offset=6',
        prev: '/api/3/action/datastore_search?resource_id=r&limit=2&offset=2',
      },
    },
  };
}

export function sqlResult() {
  return {
    help: help('datastore_search_sql'),
    success: true,
    result: {
      sql: 'SELECT "_id", "title", count(*) FROM "r" GROUP BY 1, 2',
      records: [{ _id: 1, title: 'Intro to Data', count: 3, stamp: '2020-01-01T10:11:12.345678', day: '2011-01-01', _full_text: "'data':3" }],
      fields: [
        { id: '_id', type: 'int4' },
        { id: 'title', type: 'text' },
        { id: 'count', type: 'int8' },
        { id: 'stamp', type: 'timestamp' },
        { id: 'day', type: 'date' },
        { id: '_full_text', type: 'tsvector' },
      ],
    },
  };
}

export function validationError() {
  return {
    help: help('datastore_search'),
    success: false,
    error: { __type: 'Validation Error', limit: ['Invalid integer'], resource_id: ['Missing value'] },
  };
}

export function queryError() {
  return {
    help: help('datastore_search_sql'),
    success: false,
    error: {
      __type: 'Validation Error',
      query: ['syntax error at or near "FROM"'],
      info: { statement: ['SELECT FROM'], params: [{}], orig: ['syntax error'] },
    },
  };
}

export function notFound() {
  return {
    help: help('datastore_search'),
    success: false,
    error: { __type: 'Not Found Error', message: 'Not found: Resource "nope" was not found.' },
  };
}

export function accessDenied() {
  return {
    help: help('datastore_search'),
    success: false,
    error: { __type: 'Authorization Error', message: 'Access denied: User  not authorized to read resource r' },
  };
}
