// Handler-level tests of routing, methods and the envelope (no socket).
import { describe, expect, it } from 'vitest';
import { createApp, createDefaultActions } from '../../src/server/app.ts';
import { resolveServerConfig } from '../../src/server/config.ts';
import { createTestApp, emptyDatastore, emptyEngine, makeRequest, readJson } from './helpers.ts';

const help = (locale = '') => `http://data.example.org${locale}/api/3/action/help_show?name=echo`;

describe('createApp routing', () => {
  const { handle } = createTestApp();

  it.each([
    ['/api/action/echo', '', '/api/action/echo'],
    ['/api/3/action/echo', '', '/api/3/action/echo'],
    ['/fr/api/action/echo', '/fr', '/api/action/echo'],
    ['/pt_BR/api/3/action/echo', '/pt_BR', '/api/3/action/echo'],
    ['/en/api/3/action/echo', '/en', '/api/3/action/echo'],
    ['/zh_Hans_CN/api/action/echo', '/zh_Hans_CN', '/api/action/echo'],
  ])('serves %s with a help link for its locale', async (url, locale, path) => {
    const response = await handle(makeRequest('GET', url));
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe('application/json;charset=utf-8');
    expect(readJson(response)).toEqual({
      help: help(locale),
      success: true,
      result: { params: {}, authorized: false, method: 'GET', path, queryString: '' },
    });
  });

  it('writes the envelope keys in CKAN order: help, success, result', async () => {
    const response = await handle(makeRequest('GET', '/api/action/echo'));
    expect(response.body.toString()).toMatch(/^\{"help": "[^"]+", "success": true, "result": \{/);
  });

  it.each(['/xx/api/action/echo', '/api/1/action/echo', '/api/2/action/echo', '/api/3/action/echo/', '/api/action/', '/', '/fr'])(
    'answers %s with a 404 HTML page',
    async (url) => {
      const response = await handle(makeRequest('GET', url));
      expect(response.status).toBe(404);
      expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(response.body.toString()).toContain('404 Not Found');
    },
  );

  it.each([
    ['/api', 1],
    ['/api/', 1],
    ['/api/1', 1],
    ['/api/2', 2],
    ['/api/3', 3],
    ['/fr/api/3', 3],
  ])('answers %s with the bare version object', async (url, version) => {
    const response = await handle(makeRequest('GET', url));
    expect(response.status).toBe(200);
    expect(response.body.toString()).toBe(`{"version": ${version}}`);
  });

  it('answers an unknown action with the bare 400 string', async () => {
    const response = await handle(makeRequest('POST', '/api/3/action/package_show', { body: '{}', headers: { 'content-type': 'application/json' } }));
    expect(response.status).toBe(400);
    expect(response.headers['content-type']).toBe('application/json;charset=utf-8');
    expect(readJson(response)).toBe('Bad request - Action name not known: package_show');
  });

  it('decodes the action name from the path and escapes non-ASCII in the message', async () => {
    const response = await handle(makeRequest('GET', '/api/action/caf%C3%A9'));
    expect(response.body.toString()).toBe('"Bad request - Action name not known: caf\\u00e9"');
    expect((await handle(makeRequest('GET', '/api/action/ech%6F'))).status).toBe(200);
  });

  it('does not treat inherited object keys as actions', async () => {
    const response = await handle(makeRequest('GET', '/api/action/constructor'));
    expect(readJson(response)).toBe('Bad request - Action name not known: constructor');
  });
});

describe('createApp methods', () => {
  const { handle } = createTestApp();

  it('answers HEAD like GET without a body, keeping the length', async () => {
    const get = await handle(makeRequest('GET', '/api/action/echo?a=1'));
    const head = await handle(makeRequest('HEAD', '/api/action/echo?a=1'));
    expect(head.status).toBe(200);
    expect(head.body).toBe('');
    expect(head.headers['content-type']).toBe(get.headers['content-type']);
    expect(head.headers['content-length']).toBe(String(Buffer.byteLength(get.body)));
  });

  it('answers OPTIONS with 200 and the allowed methods', async () => {
    const action = await handle(makeRequest('OPTIONS', '/api/3/action/echo'));
    expect(action.status).toBe(200);
    expect(action.headers['allow']).toBe('GET, HEAD, OPTIONS, POST');
    const version = await handle(makeRequest('OPTIONS', '/api/3'));
    expect(version.headers['allow']).toBe('GET, HEAD, OPTIONS');
  });

  it.each(['PUT', 'DELETE', 'PATCH'])('answers %s with a 405 HTML page and Allow', async (method) => {
    const response = await handle(makeRequest(method, '/api/3/action/echo', { body: '{}', headers: { 'content-type': 'application/json' } }));
    expect(response.status).toBe(405);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.headers['allow']).toBe('GET, HEAD, OPTIONS, POST');
    expect(response.body.toString()).toContain('405 Method Not Allowed');
  });

  // recordings of every version: POST /zz/api/action/datastore_search is a 405 (CKAN's catch-all static route)
  it.each(['/zz/api/action/echo', '/api/1/action/echo', '/api/3/action/echo/', '/fr'])('answers POST %s with 405 and Allow GET, HEAD, OPTIONS', async (url) => {
    const response = await handle(makeRequest('POST', url, { body: '{}', headers: { 'content-type': 'application/json' } }));
    expect(response.status).toBe(405);
    expect(response.headers['allow']).toBe('GET, HEAD, OPTIONS');
    expect(response.body.toString()).toContain('405 Method Not Allowed');
  });

  it('answers POST on a version route with 405', async () => {
    expect((await handle(makeRequest('POST', '/api/3'))).status).toBe(405);
  });

  it('checks the method before the action name', async () => {
    expect((await handle(makeRequest('DELETE', '/api/action/unknown_thing'))).status).toBe(405);
  });
});

describe('createApp envelope and errors', () => {
  it('answers a validation error with 409, the keys plus __type and no message', async () => {
    const { handle } = createTestApp();
    const response = await handle(makeRequest('GET', '/api/action/invalid'));
    expect(response.status).toBe(409);
    expect(readJson(response)).toEqual({
      help: 'http://data.example.org/api/3/action/help_show?name=invalid',
      success: false,
      error: { limit: ['Invalid integer'], __junk: ["The input field [('foo',)] was not expected."], __type: 'Validation Error' },
    });
  });

  it.each([
    ['missing', 404, { __type: 'Not Found Error', message: 'Not found: Resource "nope" was not found.' }],
    ['missingBare', 404, { __type: 'Not Found Error', message: 'Not found' }],
    ['denied', 403, { __type: 'Authorization Error', message: 'Access denied: User  not authorized to read resource abc' }],
  ])('maps %s to %i', async (name, status, error) => {
    const { handle } = createTestApp();
    const response = await handle(makeRequest('GET', `/api/action/${name}`));
    expect(response.status).toBe(status);
    expect(readJson(response)).toEqual({ help: `http://data.example.org/api/3/action/help_show?name=${name}`, success: false, error });
  });

  it('answers an unexpected failure with a 500 envelope, logs it and leaks nothing', async () => {
    const { handle, logged } = createTestApp();
    const response = await handle(makeRequest('GET', '/api/action/boom'));
    expect(response.status).toBe(500);
    expect(readJson(response)).toEqual({
      help: 'http://data.example.org/api/3/action/help_show?name=boom',
      success: false,
      error: { __type: 'Internal Server Error', message: 'Internal Server Error' },
    });
    expect(response.body.toString()).not.toContain('secret');
    expect(String(logged[0])).toContain('secret database password');
  });

  it('splices raw records JSON verbatim', async () => {
    const { handle } = createTestApp();
    const response = await handle(makeRequest('GET', '/api/action/raw'));
    expect(response.body.toString()).toContain('"result": {"records": [{"_id":1,"title":"Café"}], "total": 1}');
  });

  it('builds the help link from siteUrl when configured', async () => {
    const { handle } = createTestApp({ siteUrl: 'https://ckan.example.com/' });
    const response = await handle(makeRequest('GET', '/de/api/action/echo'));
    expect(readJson(response)).toMatchObject({ help: 'https://ckan.example.com/de/api/3/action/help_show?name=echo' });
  });
});

describe('createDefaultActions', () => {
  it('registers status_show, datastore_search, and datastore_search_sql only when SQL is enabled', () => {
    expect(Object.keys(createDefaultActions(resolveServerConfig()))).toEqual(['status_show', 'datastore_search', 'datastore_search_sql']);
    expect(Object.keys(createDefaultActions(resolveServerConfig({ sqlEnabled: false })))).toEqual(['status_show', 'datastore_search']);
  });

  it('answers datastore_search_sql with "Action name not known" when SQL is off', async () => {
    const config = resolveServerConfig({ sqlEnabled: false });
    const handle = createApp({ engine: emptyEngine, datastore: emptyDatastore, config });
    const response = await handle(makeRequest('GET', '/api/3/action/datastore_search_sql?sql=SELECT+1'));
    expect(response.status).toBe(400);
    expect(readJson(response)).toBe('Bad request - Action name not known: datastore_search_sql');
  });

  it('answers datastore_search_sql without sql with 409 Missing value when SQL is on', async () => {
    const handle = createApp({ engine: emptyEngine, datastore: emptyDatastore, config: resolveServerConfig() });
    const response = await handle(makeRequest('GET', '/api/3/action/datastore_search_sql'));
    expect(response.status).toBe(409);
    expect(readJson(response)).toMatchObject({ success: false, error: { sql: ['Missing value'], __type: 'Validation Error' } });
  });
});
