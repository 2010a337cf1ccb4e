// datastore_search over a real socket: the surface's decoding (GET strings, JSON bodies) meets the action.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp, listen, type Listening } from '../../src/server/index.ts';
import { openScenario, type Scenario, type ScenarioResource } from './scenario.ts';

const rid = '7c1d2e3f-0000-4000-8000-00000000000a';
const privateId = '7c1d2e3f-0000-4000-8000-00000000000b';

const courses: ScenarioResource = {
  id: rid,
  aliases: ['courses'],
  columns: [
    { id: 'title', type: 'text' },
    { id: 'subject', type: 'text' },
    { id: 'stage', type: 'text' },
    { id: 'credits', type: 'int4' },
  ],
  rows: [
    ['The Fourth Dimension', 'Mathematics', 'Advanced', '10'],
    ['Running Water and Erosion', 'Geography', 'Foundation', '5'],
    ['Perfect Fourths and Fifths', 'Music', 'Intermediate', '5'],
    ['Café Culture', 'French', 'Foundation', '15'],
  ],
};

const hidden: ScenarioResource = { id: privateId, private: true, columns: [{ id: 'name', type: 'text' }], rows: [['Ada']] };

let scenario: Scenario;
let server: Listening;

beforeAll(async () => {
  scenario = await openScenario([courses, hidden]);
  server = await listen(createApp({ ...scenario.context, logError: () => undefined }), { port: 0 });
});

afterAll(async () => {
  await server.close();
  await scenario.close();
});

async function call(target: string, init: RequestInit = {}): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await fetch(`${server.url}${target}`, init);
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

function post(target: string, body: unknown, headers: Record<string, string> = {}) {
  return call(target, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
}

function resultOf(body: Record<string, unknown>): Record<string, unknown> {
  const result = body['result'];
  if (typeof result !== 'object' || result === null) throw new Error(`no result in ${JSON.stringify(body)}`);
  return result as Record<string, unknown>;
}

function titles(body: Record<string, unknown>): unknown[] {
  return (resultOf(body)['records'] as Record<string, unknown>[]).map((r) => r['title']);
}

describe('datastore_search over HTTP', () => {
  it('POST {resource_id, limit, q}', async () => {
    const { status, body } = await post('/api/action/datastore_search', { resource_id: rid, limit: 5, q: 'fourths' });
    expect(status).toBe(200);
    expect(body['success']).toBe(true);
    expect([...titles(body)].sort()).toEqual(['Perfect Fourths and Fifths', 'The Fourth Dimension']);
  });

  it('POST {resource_id, filters} with either-or values', async () => {
    const { body } = await post('/api/action/datastore_search', { resource_id: rid, filters: { stage: ['Foundation', 'Advanced'], credits: 5 } });
    expect(titles(body)).toEqual(['Running Water and Erosion']);
    expect(resultOf(body)['total']).toBe(1);
  });

  it('GET ?resource_id=&limit= with _links from the query string', async () => {
    const { body } = await call(`/api/action/datastore_search?resource_id=${rid}&limit=2`);
    expect(titles(body)).toEqual(['The Fourth Dimension', 'Running Water and Erosion']);
    expect(resultOf(body)['_links']).toEqual({
      start: `/api/action/datastore_search?resource_id=${rid}&limit=2`,
      next: `/api/action/datastore_search?resource_id=${rid}&limit=2&offset=2`,
    });
  });

  it('GET ?resource_id=&q= under a locale, with JSON-text filters and comma fields', async () => {
    const filters = encodeURIComponent('{"subject": "French"}');
    const { body } = await call(`/en/api/3/action/datastore_search?resource_id=courses&q=caf%C3%A9&filters=${filters}&fields=title,rank`);
    const result = resultOf(body);
    expect(result['resource_id']).toBe(rid);
    expect(titles(body)).toEqual(['Café Culture']);
    expect((result['fields'] as { id: string }[]).map((f) => f.id)).toEqual(['title', 'rank']);
    expect(String((result['_links'] as Record<string, string>)['next'])).toMatch(/^\/api\/3\/action\/datastore_search\?/u);
  });

  it('answers 409 with CKAN error keys and no message', async () => {
    const { status, body } = await call(`/api/3/action/datastore_search?resource_id=${rid}&limit=-1&_=123`);
    expect(status).toBe(409);
    expect(body['error']).toEqual({
      limit: ['Must be a natural number'],
      __type: 'Validation Error',
    });
  });

  it('answers 404 and 403 with CKAN messages, and serves private data with a token', async () => {
    const missing = await post('/api/3/action/datastore_search', { resource_id: 'nope' });
    expect(missing.status).toBe(404);
    expect(missing.body['error']).toEqual({ __type: 'Not Found Error', message: 'Not found: Resource "nope" was not found.' });
    const denied = await post('/api/3/action/datastore_search', { resource_id: privateId });
    expect(denied.status).toBe(403);
    expect(denied.body['error']).toEqual({ __type: 'Authorization Error', message: `Access denied: User  not authorized to read resource ${privateId}` });
    const allowed = await post('/api/3/action/datastore_search', { resource_id: privateId }, { authorization: 'secret-token' });
    expect(allowed.status).toBe(200);
  });

  it('returns csv records as one string', async () => {
    const { body } = await post('/api/3/action/datastore_search', { resource_id: rid, records_format: 'csv', fields: 'title,credits', limit: 2 });
    expect(resultOf(body)['records']).toBe('The Fourth Dimension,10\nRunning Water and Erosion,5\n');
  });
});
