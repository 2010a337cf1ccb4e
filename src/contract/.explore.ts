import { startReferenceServer } from '../server/start.ts';
import { createHttpClient } from '../http/index.ts';
import { checkResponse } from './index.ts';
const server = await startReferenceServer({ fixturesDir: 'fixtures', config: { apiTokens: ['tok'] } });
const client = createHttpClient();
const ids = ['df356cc6-0e13-4ba8-bc98-c4706614881b', '2085cfd3-7f59-4dbd-a534-ae7fe0d3c19a', 'ff5f4ee6-14e2-4eb2-892c-abf6872814ff', '618532cb-ff3b-40c9-8e30-2ab721a38603'];
const calls: [string, string, Record<string, unknown>, string?][] = [];
for (const id of ids) {
  calls.push(['datastore_search', 'POST', { resource_id: id, limit: 5 }]);
  calls.push(['datastore_search', 'POST', { resource_id: id, limit: 3, records_format: 'lists' }, 'lists']);
  calls.push(['datastore_search', 'POST', { resource_id: id, limit: 3, records_format: 'csv' }, 'csv']);
  calls.push(['datastore_search', 'POST', { resource_id: id, limit: 3, offset: 7, include_total: false }]);
  calls.push(['datastore_search_sql', 'POST', { sql: `SELECT * FROM "${id}" LIMIT 5` }]);
}
calls.push(['datastore_search', 'POST', { resource_id: '_table_metadata' }]);
calls.push(['datastore_search', 'POST', { resource_id: 'nope' }]);
calls.push(['datastore_search', 'POST', { resource_id: ids[0], limit: 'bad', foo: 1 }]);
calls.push(['datastore_search_sql', 'POST', { sql: 'SELECT * FROM pg_roles' }]);
calls.push(['datastore_search_sql', 'POST', { sql: 'SELECT FROM' }]);
calls.push(['datastore_search_sql', 'POST', { sql: 'SELECT count(*), avg(1), now()::timestamptz, now()::date, json_build_object(1,2) ' }]);
calls.push(['datastore_nope', 'POST', {}]);
for (const [action, method, params, fmt] of calls) {
  const res = await client.send({ method: 'POST', url: `${server.url}/api/3/action/${action}`, headers: { 'content-type': 'application/json', authorization: 'tok' }, body: JSON.stringify(params) });
  let body: unknown; try { body = JSON.parse(res.body); } catch { console.log('NONJSON', res.status, res.body.slice(0, 100)); continue; }
  const f = checkResponse({ status: res.status, body }, fmt === undefined ? { action, profile: 'ckan' } : { action, profile: 'ckan', recordsFormat: fmt });
  console.log(res.status, action, JSON.stringify(params).slice(0, 80), f.length === 0 ? 'OK' : JSON.stringify(f, null, 1));
}
await client.close(); await server.close();
