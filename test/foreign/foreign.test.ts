// The foreign implementation answers as the API description and CKAN's documented behaviour say, on its own data,
// and each planted bug changes the answer to a request on its clause (so a check that misses it has no excuse).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_CLAUSES } from '../../src/catalogue/index.ts';
import {
  createForeignTables,
  FOREIGN_BUG_NAMES,
  FOREIGN_BUGS,
  FOREIGN_TOKEN,
  KIND_COUNTS,
  MAINTENANCE_ID,
  OBSERVATIONS_ID,
  PAGE_SIZES,
  STATIONS_ID,
  startForeignImplementation,
  type ForeignBug,
  type ForeignImplementation,
  type ForeignTable,
} from './index.ts';

let faithful: ForeignImplementation;

beforeAll(async () => {
  faithful = await startForeignImplementation();
  // why: the first SQL request opens the implementation's PGlite (seconds, more on a busy machine): here, in the hook's time
  expect((await sql('SELECT 1 AS one')).status).toBe(200);
}, 120_000);

afterAll(async () => {
  await faithful?.close();
});

interface Call {
  action?: 'datastore_search' | 'datastore_search_sql';
  params: Record<string, unknown>;
  method?: 'GET' | 'POST';
  path?: string;
  token?: string;
}

type Row = Record<string, unknown>;
/** What the tests read of an answer (a failure has no result). */
interface Answer {
  status: number;
  body: { success: boolean; result: { total?: number; records: Row[] } };
}

async function call(url: string, { action = 'datastore_search', params, method = 'POST', path = '/api/action', token }: Call): Promise<Answer> {
  const headers: Record<string, string> = token === undefined ? {} : { authorization: token };
  const query = new URLSearchParams(Object.entries(params).map(([k, v]): [string, string] => [k, typeof v === 'string' ? v : JSON.stringify(v)]));
  const response =
    method === 'GET'
      ? await fetch(`${url}${path}/${action}?${query}`, { headers })
      : await fetch(`${url}${path}/${action}`, { method, headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify(params) });
  // why: the implementation under test answers these shapes; a wrong one fails the assertions that read it
  return { status: response.status, body: (await response.json()) as Answer['body'] };
}

const search = (params: Record<string, unknown>, more: Partial<Call> = {}) =>
  call(faithful.url, { params: { resource_id: OBSERVATIONS_ID, ...params }, ...more });
const sql = (statement: string) => call(faithful.url, { action: 'datastore_search_sql', params: { sql: statement } });

describe('the foreign implementation', () => {
  it('serves its own data: 3,600 observations whose kinds differ widely in frequency, 24 stations, a private log', () => {
    const [observations, stations, maintenance]: ForeignTable[] = createForeignTables();
    expect(observations?.rows.length).toBe(3600);
    const counts: Record<string, number> = {};
    for (const row of observations?.rows ?? []) counts[String(row['kind'])] = (counts[String(row['kind'])] ?? 0) + 1;
    expect(counts).toEqual(KIND_COUNTS);
    expect(stations?.rows.length).toBe(24);
    expect(maintenance?.private).toBe(true);
    expect(observations?.rows.some((r) => /[^\x20-\x7e]/.test(String(r['station'])))).toBe(true);
    expect(observations?.rows.some((r) => r['observer'] === null) && observations.rows.some((r) => r['temperature'] === null)).toBe(true);
  });

  it('filters by a value, either-or by a list, and by several fields together', async () => {
    expect((await search({ filters: { kind: 'marine' }, limit: 0 })).body.result.total).toBe(240);
    expect((await search({ filters: { kind: ['marine', 'agromet'] }, limit: 0 })).body.result.total).toBe(252);
    const both = await search({ filters: { kind: 'marine', automatic: true }, limit: 1000 });
    expect(both.body.result.records.every((r) => r['kind'] === 'marine' && r['automatic'] === true)).toBe(true);
    expect(both.body.result.total).toBeLessThan(240);
    const asText = await search({ filters: { elevation: '600' }, limit: 0 });
    expect(asText.body.result.total).toBe((await search({ filters: { elevation: 600 }, limit: 0 })).body.result.total);
    expect(asText.body.result.total).toBeGreaterThan(0);
  });

  it('answers q with records holding every word, in any letter case', async () => {
    const one = await search({ q: 'waterspout', limit: 100 });
    expect(one.body.result.total).toBe(12);
    const two = await search({ q: 'AURORA Waterspout', limit: 100 });
    expect(two.body.result.total).toBe(6);
    expect(two.body.result.records.every((r) => /aurora/.test(String(r['report'])) && /waterspout/.test(String(r['report'])))).toBe(true);
  });

  it('lowers a limit above its own rows max (10,000) and says so', async () => {
    const page = (await search({ fields: ['_id'], limit: 50_000 })).body.result;
    expect(page.records.length).toBe(3600);
    expect(page).toMatchObject({ limit: PAGE_SIZES.rowsMax, total: 3600 });
  });

  it('pages, sorts, projects and drops duplicates as asked; GET answers as POST does', async () => {
    const ten = (await search({ limit: 10 })).body.result.records;
    const pages = [...(await search({ limit: 5 })).body.result.records, ...(await search({ limit: 5, offset: 5 })).body.result.records];
    expect(pages).toEqual(ten);
    const sorted = (await search({ sort: 'elevation desc', fields: ['elevation'], limit: 2 })).body.result.records;
    expect(sorted).toEqual([{ elevation: 3109 }, { elevation: 3109 }]);
    const kinds = (await search({ fields: 'kind', distinct: true, limit: 100 })).body.result;
    expect(kinds.total).toBe(6);
    const get = await search({ filters: { kind: 'agromet' }, sort: 'observed_at desc', limit: 3 }, { method: 'GET' });
    expect(get.body).toEqual((await search({ filters: { kind: 'agromet' }, sort: 'observed_at desc', limit: 3 })).body);
  });

  it('answers under a locale segment, refuses an unknown one, and has neither status_show nor _table_metadata', async () => {
    expect((await search({ limit: 1 }, { path: '/fr/api/action' })).body).toEqual((await search({ limit: 1 })).body);
    expect((await search({ limit: 1 }, { path: '/zz/api/action' })).status).toBe(404);
    expect((await fetch(`${faithful.url}/api/action/status_show`)).status).toBe(404);
    expect((await call(faithful.url, { params: { resource_id: '_table_metadata' } })).status).toBe(404);
  });

  it('opens the private table with the bare token only, also through SQL', async () => {
    expect((await call(faithful.url, { params: { resource_id: MAINTENANCE_ID } })).status).toBe(403);
    expect((await call(faithful.url, { params: { resource_id: MAINTENANCE_ID }, token: FOREIGN_TOKEN })).body.result.total).toBe(30);
    expect((await call(faithful.url, { action: 'datastore_search_sql', params: { sql: `SELECT * FROM "${MAINTENANCE_ID}"` } })).status).toBe(403);
  });

  it('runs SQL on its own database: counts, case-sensitive LIKE, numbers as numbers, timestamps with milliseconds', async () => {
    expect((await sql(`SELECT count(*) AS n FROM "${OBSERVATIONS_ID}"`)).body.result.records).toEqual([{ n: 3600 }]);
    const like = (await sql(`SELECT "report" FROM "${OBSERVATIONS_ID}" WHERE "report" LIKE '%fog%'`)).body.result.records;
    expect(like.length).toBeGreaterThan(0);
    expect(like.every((r) => String(r['report']).includes('fog'))).toBe(true);
    const row = (await sql(`SELECT * FROM "${OBSERVATIONS_ID}" WHERE "_id" = 2`)).body.result;
    expect(row.records[0]).toEqual((await search({ filters: { _id: 2 } })).body.result.records[0]);
    expect(row.records[0]?.['observed_at']).toBe('2024-01-01T03:00:00.125');
    expect((await sql(`DELETE FROM "${STATIONS_ID}"`)).status).toBe(409);
  });
});

/** A request on each bug's clause whose answer the bug changes. */
const EXPOSED_BY: Readonly<Record<ForeignBug, Call>> = {
  'either-or-first-value': { params: { resource_id: OBSERVATIONS_ID, filters: { kind: ['marine', 'agromet'] }, limit: 0 } },
  'either-or-last-value': { params: { resource_id: OBSERVATIONS_ID, filters: { kind: ['marine', 'agromet'] }, limit: 0 } },
  'filters-first-field-only': { params: { resource_id: OBSERVATIONS_ID, filters: { kind: 'marine', automatic: true }, limit: 0 } },
  'numeric-string-filter': { params: { resource_id: OBSERVATIONS_ID, filters: { elevation: '600' }, limit: 0 } },
  'offset-before-filters': { params: { resource_id: OBSERVATIONS_ID, filters: { kind: 'marine' }, offset: 5, limit: 5 } },
  'q-any-word': { params: { resource_id: OBSERVATIONS_ID, q: 'aurora waterspout', limit: 0 } },
  'q-first-word': { params: { resource_id: OBSERVATIONS_ID, q: 'aurora waterspout', limit: 0 } },
  'total-counts-page': { params: { resource_id: OBSERVATIONS_ID, limit: 5 } },
  'limit-plus-one': { params: { resource_id: OBSERVATIONS_ID, limit: 5 } },
  'sort-ignored': { params: { resource_id: OBSERVATIONS_ID, sort: 'temperature desc', limit: 5 } },
  'bool-as-string': { params: { resource_id: OBSERVATIONS_ID, limit: 5 } },
  'non-ascii-mangled': { params: { resource_id: STATIONS_ID, limit: 5 } },
  'sql-drops-last-row': { action: 'datastore_search_sql', params: { sql: `SELECT "_id" FROM "${STATIONS_ID}"` } },
  'sql-like-case-insensitive': { action: 'datastore_search_sql', params: { sql: `SELECT "_id" FROM "${OBSERVATIONS_ID}" WHERE "report" LIKE '%fog%'` } },
  'sql-like-prefix-only': { action: 'datastore_search_sql', params: { sql: `SELECT "_id" FROM "${OBSERVATIONS_ID}" WHERE "report" LIKE '%fog%'` } },
  'sql-where-ignored': { action: 'datastore_search_sql', params: { sql: `SELECT "_id" FROM "${STATIONS_ID}" WHERE "country" = 'GB'` } },
};

describe('the planted bugs', () => {
  it('are at least 14, each on a request of its own, each naming the clause it breaks', () => {
    expect(FOREIGN_BUG_NAMES.length).toBeGreaterThanOrEqual(14);
    const clauses = new Set(API_CLAUSES.map((c) => c.id));
    expect(Object.values(FOREIGN_BUGS).filter((b) => !clauses.has(b.clause) && !/^ckan-datastore\.md#\d+\.\d+$/.test(b.clause))).toEqual([]);
    expect(Object.keys(EXPOSED_BY).sort()).toEqual([...FOREIGN_BUG_NAMES].sort());
  });

  it.each(FOREIGN_BUG_NAMES)('%s changes the answer to a request on its clause', async (bug) => {
    const broken = await startForeignImplementation({ bug });
    try {
      const request = EXPOSED_BY[bug];
      const [right, wrong] = [await call(faithful.url, request), await call(broken.url, request)];
      expect(right.status).toBe(200);
      expect(wrong.body).not.toEqual(right.body);
    } finally {
      await broken.close();
    }
  });
});
