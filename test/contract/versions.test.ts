// The ckan contract per CKAN version: each version's genuine responses keep that version's contract, another
// version's shapes break it at the JSON pointer where they differ, and real violations are caught.
import { describe, expect, it } from 'vitest';
import { checkResponse, type CheckResponseOptions } from '../../src/contract/index.ts';
import { CKAN_VERSIONS, type CkanVersion } from '../../src/schema/index.ts';
import { genuineSearch, genuineSql, genuineTableMetadata, TRAFFIC, type SearchCall } from './genuine.ts';

// biome-ignore lint/suspicious/noExplicitAny: tests break example bodies in place at arbitrary depths
type Body = Record<string, any>;

const search = (ckanVersion: CkanVersion, recordsFormat?: string): CheckResponseOptions => ({
  action: 'datastore_search',
  profile: 'ckan',
  ckanVersion,
  ...(recordsFormat === undefined ? {} : { recordsFormat }),
});
const sql = (ckanVersion: CkanVersion): CheckResponseOptions => ({ action: 'datastore_search_sql', profile: 'ckan', ckanVersion });

const CALLS: [string, SearchCall][] = [
  ['POST by alias with a limit', { params: { resource_id: 'traffic-counts-2023', limit: 2 } }],
  ['POST without a limit (2.8 echoes none)', { params: { resource_id: TRAFFIC }, ids: [1, 2, 3] }],
  [
    'GET under a locale, q ranked, offset',
    {
      params: { resource_id: TRAFFIC, q: 'bridge', limit: 1, offset: 3 },
      query: `resource_id=${TRAFFIC}&q=bridge&limit=1&offset=3`,
      locale: '/de',
      ids: [2],
      ranked: true,
    },
  ],
  ['a fields parameter (2.8 still lists every column)', { params: { resource_id: TRAFFIC, fields: ['site_name', 'vehicle_count'], limit: 2 } }],
  ['a fields parameter with q', { params: { resource_id: TRAFFIC, fields: ['site_name'], q: 'bridge', limit: 5 }, ranked: true }],
  ['no match: next still there, total 0', { params: { resource_id: TRAFFIC, filters: { direction: 'W' }, limit: 10 }, ids: [], total: 0 }],
  ['csv page without total', { params: { resource_id: TRAFFIC, records_format: 'csv', include_total: false, limit: 2 } }],
  ['lists page, sorted', { params: { resource_id: TRAFFIC, records_format: 'lists', sort: 'vehicle_count desc', limit: 2 } }],
];

/** The request of CALLS[index]. */
function callAt(index: number): SearchCall {
  const entry = CALLS[index];
  if (entry === undefined) throw new Error(`no call ${index}`);
  return entry[1];
}

describe.each(CKAN_VERSIONS.map((v) => [v]))('the ckan contract for CKAN %s', (version) => {
  it.each(CALLS)('accepts a genuine search: %s', (_name, call) => {
    const body = genuineSearch(version, call);
    const format = call.params['records_format'];
    expect(checkResponse({ status: 200, body }, search(version, typeof format === 'string' ? format : undefined))).toEqual([]);
  });

  it('accepts _table_metadata, whose _id values are strings', () => {
    expect(checkResponse({ status: 200, body: genuineTableMetadata(version) }, search(version))).toEqual([]);
  });

  it('accepts a genuine SQL aggregate', () => {
    expect(checkResponse({ status: 200, body: genuineSql(version) }, sql(version))).toEqual([]);
  });

  it('accepts free-form data dictionary info (any keys, any JSON values)', () => {
    const body: Body = genuineSearch(version, callAt(0));
    body.result.fields[1].info = { notes: false, label: null, order: 3, nested: { a: [1] } };
    body.result.fields[2].info = 'a plain comment that parsed as JSON';
    expect(checkResponse({ status: 200, body }, search(version))).toEqual([]);
  });

  it('catches _id typed int4 (a very old DataStore) with a finding, not a crash', () => {
    const body: Body = genuineSearch(version, callAt(0));
    body.result.fields[0].type = 'int4';
    expect(checkResponse({ status: 200, body }, search(version))).toContainEqual(
      expect.objectContaining({ rule: 'contract.ckan', path: '/result/fields/0/type', message: 'must be "int"' }),
    );
  });

  it('catches a number as a string in a search record', () => {
    const body: Body = genuineSearch(version, callAt(0));
    body.result.records[1].vehicle_count = '13987';
    expect(checkResponse({ status: 200, body }, search(version))).toContainEqual(
      expect.objectContaining({ rule: 'contract.types', path: '/result/records/1/vehicle_count' }),
    );
  });
});

/** rule and path of each finding. */
function pointers(body: unknown, options: CheckResponseOptions, status = 200): string[] {
  return checkResponse({ status, body }, options).map((f) => `${f.rule} ${f.path} ${f.message}`);
}

describe('the ckan contract tells the versions apart', () => {
  const call = callAt(0);

  it('a 2.11 response is not a 2.8 one: estimation keys were unknown', () => {
    expect(pointers(genuineSearch('2.11', call), search('2.8'))).toEqual([
      'contract.ckan /result/total_estimation_threshold must not be present',
      'contract.ckan /result/total_was_estimated must not be present',
    ]);
  });

  it('a 2.8 response is not a 2.11 one: no estimation keys, no limit', () => {
    const body = genuineSearch('2.8', { params: { resource_id: TRAFFIC } });
    expect(pointers(body, search('2.11'))).toEqual([
      "contract.ckan /result must have required property 'total_was_estimated'; must have required property 'limit'; must have required property 'total_estimation_threshold'",
    ]);
  });

  it('a 2.8 ranked response is not a 2.9 one: rank only in the records', () => {
    const body = genuineSearch('2.8', callAt(2));
    expect(pointers(body, search('2.9'))).toContain('contract.ckan /result/records/0/rank record key "rank" is not in fields');
  });

  it('a 2.8 fields-param response is not a 2.10 one: fields lists columns the records lack', () => {
    const body = genuineSearch('2.8', callAt(3));
    expect(pointers(body, search('2.10'))).toContain('contract.ckan /result/records/0 record has no key "_id", which fields lists (in 2 of 2 records)');
  });

  it('a 2.12 response is not a 2.11 one: no _links, include_next_page, milliseconds', () => {
    const body = genuineSearch('2.12', { params: { resource_id: TRAFFIC, limit: 2, include_next_page: true } });
    expect(pointers(body, search('2.11'))).toEqual([
      "contract.ckan /result must have required property 'total_was_estimated'; must have required property 'total_estimation_threshold'; must have required property '_links'",
      'contract.ckan /result/include_next_page must not be present',
      'contract.ckan /result/next_page must not be present',
      'contract.types /result/records/0/count_date field "count_date" (timestamp) must be a string like "2020-01-01T08:00:00" (no fraction) or null, got string "2023-03-01T00:00:00.000" (in 2 of 2 records)',
    ]);
  });

  it('a 2.11 response is not a 2.12 one', () => {
    expect(pointers(genuineSearch('2.11', call), search('2.12'))).toEqual([
      "contract.ckan /result must have required property 'include_next_page'",
      'contract.ckan /result/total_estimation_threshold must not be present',
      'contract.ckan /result/total_was_estimated must not be present',
      'contract.ckan /result/_links must not be present',
    ]);
  });

  it('SQL numerics: strings up to 2.10, numbers from 2.11', () => {
    expect(pointers(genuineSql('2.10'), sql('2.11'))).toEqual([
      'contract.types /result/records/0/avg field "avg" (numeric) must be a number or null, got string "43.4000000000000000"',
    ]);
    expect(pointers(genuineSql('2.11'), sql('2.10'))).toEqual([
      'contract.types /result/records/0/avg field "avg" (numeric) must be a string of digits (CKAN up to 2.10 sends SQL numerics as strings) or null, got number 43.4',
    ]);
  });

  it('records_truncated only from 2.9', () => {
    const body: Body = genuineSql('2.9');
    body.result.records_truncated = true;
    expect(pointers(body, sql('2.9'))).toEqual([]);
    expect(pointers(body, sql('2.8'))).toEqual(['contract.ckan /result/records_truncated must not be present']);
  });
});

describe('the ckan contract catches real violations', () => {
  const get: SearchCall = { params: { resource_id: TRAFFIC, limit: 1, offset: 3 }, query: `resource_id=${TRAFFIC}&limit=1&offset=3`, ids: [2] };

  it.each<[string, (b: Body) => void, string]>([
    ['links with the locale kept', (b) => (b.result._links.start = `/de${b.result._links.start}`), 'contract.ckan /result/_links/start must match pattern'],
    ['links under a sub-path', (b) => (b.result._links.next = `/data${b.result._links.next}`), 'contract.ckan /result/_links/next must match pattern'],
    ['start keeping the offset', (b) => (b.result._links.start += '&offset=3'), 'contract.ckan /result/_links/start must match pattern'],
    [
      'next without an offset',
      (b) => (b.result._links.next = `/api/3/action/datastore_search?resource_id=${TRAFFIC}`),
      'contract.ckan /result/_links/next must match pattern',
    ],
    [
      'next at the wrong offset',
      (b) => (b.result._links.next = b.result._links.next.replace('offset=4', 'offset=5')),
      'contract.ckan /result/_links/next must have offset=4 (offset 3 + limit 1), has offset=5',
    ],
    ['prev missing past the first pages', (b) => delete b.result._links.prev, 'contract.ckan /result/_links must have "prev" (offset 3 - limit 1 = 2 > 0)'],
    [
      'prev at the wrong offset',
      (b) => (b.result._links.prev = b.result._links.prev.replace('offset=2', 'offset=1')),
      'contract.ckan /result/_links/prev must have offset=2 (offset 3 - limit 1), has offset=1',
    ],
    [
      'an absolute link',
      (b) => (b.result._links.next = `https://opendata.example-city.gov${b.result._links.next}`),
      'contract.ckan /result/_links/next must match pattern',
    ],
  ])('%s', (_name, edit, expected) => {
    const body: Body = genuineSearch('2.10', get);
    expect(pointers(body, search('2.10'))).toEqual([]);
    edit(body);
    expect(pointers(body, search('2.10')).join('\n')).toContain(expected);
  });

  it('catches prev on the second page', () => {
    const body: Body = genuineSearch('2.9', { params: { resource_id: TRAFFIC, limit: 2, offset: 2 }, ids: [3] });
    body.result._links.prev = '/api/3/action/datastore_search?offset=0';
    expect(pointers(body, search('2.9'))).toEqual(['contract.ckan /result/_links/prev must not be present (offset 2 - limit 2 = 0, not > 0)']);
  });

  it('2.8: pages by 100 when no limit was sent', () => {
    const body: Body = genuineSearch('2.8', { params: { resource_id: TRAFFIC } });
    expect(body.result._links.next).toBe('/api/3/action/datastore_search?offset=100');
    body.result._links.next = '/api/3/action/datastore_search?offset=3';
    expect(pointers(body, search('2.8'))).toEqual(['contract.ckan /result/_links/next must have offset=100 (offset 0 + limit 100), has offset=3']);
  });

  it('2.8: a rank in the records must be a number', () => {
    const body: Body = genuineSearch('2.8', callAt(2));
    body.result.records[0].rank = '0.06';
    expect(pointers(body, search('2.8'))).toEqual(['contract.types /result/records/0/rank field "rank" (float) must be a number or null, got string "0.06"']);
  });

  it('2.8: a column the table does not have is still caught', () => {
    const body: Body = genuineSearch('2.8', callAt(0));
    body.result.records[0].speed_kmh = 3;
    expect(pointers(body, search('2.8'))).toEqual(['contract.ckan /result/records/0/speed_kmh record key "speed_kmh" is not in fields']);
  });

  it('2.12: next_page without include_next_page, or of the wrong shape', () => {
    const body: Body = genuineSearch('2.12', { params: { resource_id: TRAFFIC, limit: 2 } });
    body.result.next_page = { _id: { gt: 2 } };
    expect(pointers(body, search('2.12'))).toEqual(['contract.ckan /result/next_page must not be present']);
    body.result.include_next_page = true;
    body.result.next_page = { _id: { gte: '2' } };
    expect(pointers(body, search('2.12'))).toEqual(['contract.ckan /result/next_page/_id must not have property "gte"']);
  });

  it('2.12: timestamps with milliseconds, but not microseconds', () => {
    const body: Body = genuineSearch('2.12', callAt(0));
    body.result.records[0].count_date = '2023-03-01T00:00:00.000001';
    expect(pointers(body, search('2.12'))).toEqual([
      'contract.types /result/records/0/count_date field "count_date" (timestamp) must be a string like "2020-01-01T08:00:00.000" or null, got string "2023-03-01T00:00:00.000001"',
    ]);
  });

  it("up to 2.10: a SQL numeric string must still be a number's text", () => {
    const body: Body = genuineSql('2.9');
    body.result.records[0].avg = 'forty-three';
    expect(pointers(body, sql('2.9'))).toEqual([
      'contract.types /result/records/0/avg field "avg" (numeric) must be a string of digits (CKAN up to 2.10 sends SQL numerics as strings) or null, got string "forty-three"',
    ]);
  });
});
