// Handler-level tests of CKAN's input dict (form, query string, JSON body), JSONP and auth.
import { describe, expect, it } from 'vitest';
import { createTestApp, makeRequest, readJson } from './helpers.ts';

const { handle } = createTestApp();

async function paramsOf(method: string, url: string, options: { headers?: Record<string, string>; body?: string | Buffer } = {}): Promise<unknown> {
  const response = await handle(makeRequest(method, url, options));
  expect(response.status).toBe(200);
  const body = readJson(response);
  return typeof body === 'object' && body !== null && 'result' in body ? (body.result as { params: unknown }).params : undefined;
}

async function badRequest(method: string, url: string, options: { headers?: Record<string, string>; body?: string | Buffer }): Promise<unknown> {
  const response = await handle(makeRequest(method, url, options));
  expect(response.status).toBe(400);
  expect(response.headers['content-type']).toBe('application/json;charset=utf-8');
  return readJson(response);
}

const json = { 'content-type': 'application/json' };
const form = { 'content-type': 'application/x-www-form-urlencoded' };

describe('input dict: query string', () => {
  it('gives strings, and a list of strings for a repeated key', async () => {
    expect(await paramsOf('GET', '/api/action/echo?resource_id=abc&limit=5&fields=a&fields=b&q=caf%C3%A9+bar')).toEqual({
      resource_id: 'abc',
      limit: '5',
      fields: ['a', 'b'],
      q: 'café bar',
    });
  });

  it('does not JSON-decode anything', async () => {
    expect(await paramsOf('GET', '/api/action/echo?filters=%7B%22a%22%3A1%7D')).toEqual({ filters: '{"a":1}' });
  });

  it('wins over a JSON body on POST (the CKAN quirk)', async () => {
    const params = await paramsOf('POST', '/api/3/action/echo?x=y', { headers: json, body: '{"resource_id": "abc"}' });
    expect(params).toEqual({ x: 'y' });
  });

  it('wins over a body of another content type, so no 415', async () => {
    expect(await paramsOf('POST', '/api/action/echo?x=y', { headers: { 'content-type': 'text/plain' }, body: 'hello' })).toEqual({ x: 'y' });
  });

  it('gives the raw query string and the locale-free path to the action', async () => {
    const response = await handle(makeRequest('GET', '/fr/api/action/echo?limit=5&offset=0'));
    expect(readJson(response)).toMatchObject({ result: { path: '/api/action/echo', queryString: 'limit=5&offset=0' } });
  });
});

describe('input dict: JSON body', () => {
  it('parses an application/json body', async () => {
    const body = '{"resource_id": "abc", "filters": {"stage": ["A", "B"]}, "limit": 5, "q": {"title": "x"}}';
    expect(await paramsOf('POST', '/api/action/echo', { headers: json, body })).toEqual(JSON.parse(body));
  });

  it('accepts application/*+json and charset parameters', async () => {
    expect(await paramsOf('POST', '/api/action/echo', { headers: { 'content-type': 'application/vnd.api+json' }, body: '{"a": 1}' })).toEqual({ a: 1 });
    expect(await paramsOf('POST', '/api/action/echo', { headers: { 'content-type': 'Application/JSON; charset=UTF-8' }, body: '{"a": 1}' })).toEqual({ a: 1 });
  });

  it('reads a JSON body on GET when there is no query string', async () => {
    expect(await paramsOf('GET', '/api/action/echo', { headers: json, body: '{"a": "b"}' })).toEqual({ a: 'b' });
  });

  it('gives {} for an empty body', async () => {
    expect(await paramsOf('POST', '/api/action/echo', { headers: json })).toEqual({});
    expect(await paramsOf('POST', '/api/action/echo')).toEqual({});
  });

  it.each(['{"a": ', '{a: 1}', "{'a': 1}", '{"a": 1}}'])('answers invalid JSON %j with the bare 400 string', async (body) => {
    expect(await badRequest('POST', '/api/action/echo', { headers: json, body })).toBe(
      "Bad request - JSON Error: Error decoding JSON data. Error: <BadRequest '400: Bad Request'> JSON data extracted from the request: {}",
    );
  });

  it('answers a body that is not UTF-8 as invalid JSON', async () => {
    const body = Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0x22, 0x7d]);
    expect(await badRequest('POST', '/api/action/echo', { headers: json, body })).toContain('Error decoding JSON data');
  });

  it.each([
    ['[1, 2]', '[1, 2]'],
    ['"abc"', "'abc'"],
    ['5', '5'],
    ['2.0', '2.0'],
    ['null', 'None'],
    ['true', 'True'],
    ['[{"a": null}, "it\'s"]', `[{'a': None}, "it's"]`],
  ])('answers a non-object %s with its Python repr', async (body, repr) => {
    expect(await badRequest('POST', '/api/action/echo', { headers: json, body })).toBe(
      `Bad request - JSON Error: Request data JSON decoded to ${repr} but it needs to be a dictionary.`,
    );
  });

  it.each([
    ['text/plain', 'hello'],
    ['application/xml', '<a/>'],
    [undefined, '{"resource_id": "abc"}'],
  ])('answers a %s body with a 415 HTML page', async (contentType, body) => {
    const headers: Record<string, string> = contentType === undefined ? {} : { 'content-type': contentType };
    const response = await handle(makeRequest('POST', '/api/action/echo', { headers, body }));
    expect(response.status).toBe(415);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.body.toString()).toContain('415 Unsupported Media Type');
  });
});

describe('input dict: form data', () => {
  it('maps form fields to params, repeated fields to lists', async () => {
    expect(await paramsOf('POST', '/api/action/echo', { headers: form, body: 'resource_id=abc&fields=a&fields=b&q=x+y' })).toEqual({
      resource_id: 'abc',
      fields: ['a', 'b'],
      q: 'x y',
    });
  });

  it('reads JSON sent as the only form key (what curl -d sends)', async () => {
    const body = '{"resource_id": "abc", "filters": {"stage": "A"}, "limit": 2}';
    expect(await paramsOf('POST', '/api/action/echo', { headers: form, body })).toEqual({ resource_id: 'abc', filters: { stage: 'A' }, limit: 2 });
  });

  it('applies the legacy rule when the only key is valued "1"', async () => {
    expect(await paramsOf('POST', '/api/action/echo', { headers: form, body: '{"a": "b"}=1' })).toEqual({ a: 'b' });
  });

  it('takes a single field with another value as a plain param', async () => {
    expect(await paramsOf('POST', '/api/action/echo', { headers: form, body: 'resource_id=abc' })).toEqual({ resource_id: 'abc' });
  });

  it("answers a lone form key that is not JSON with Python's decoder message", async () => {
    expect(await badRequest('POST', '/api/action/echo', { headers: form, body: 'foo' })).toBe(
      "Bad request - JSON Error: Error decoding JSON data. Error: JSONDecodeError('Expecting value: line 1 column 1 (char 0)') JSON data extracted from the request: {}",
    );
    expect(await badRequest('POST', '/api/action/echo', { headers: form, body: '[1' })).toBe(
      'Bad request - JSON Error: Error decoding JSON data. Error: JSONDecodeError("Expecting \',\' delimiter: line 1 column 3 (char 2)") JSON data extracted from the request: {}',
    );
  });

  it('answers a lone form key that is JSON but not an object with its repr', async () => {
    expect(await badRequest('POST', '/api/action/echo', { headers: form, body: '[1,2]' })).toBe(
      'Bad request - JSON Error: Request data JSON decoded to [1, 2] but it needs to be a dictionary.',
    );
  });

  it('prefers form data over the query string on POST', async () => {
    expect(await paramsOf('POST', '/api/action/echo?x=1', { headers: form, body: 'y=2' })).toEqual({ y: '2' });
  });

  it('ignores a form body on GET', async () => {
    expect(await paramsOf('GET', '/api/action/echo', { headers: form, body: 'y=2' })).toEqual({});
  });

  it('reads multipart fields, and files under their field names', async () => {
    const body = [
      '--b0undary',
      'Content-Disposition: form-data; name="resource_id"',
      '',
      'abc',
      '--b0undary',
      'Content-Disposition: form-data; name="upload"; filename="x.txt"',
      'Content-Type: text/plain',
      '',
      'file text',
      '--b0undary--',
      '',
    ].join('\r\n');
    const headers = { 'content-type': 'multipart/form-data; boundary=b0undary' };
    expect(await paramsOf('POST', '/api/action/echo', { headers, body })).toEqual({ resource_id: 'abc', upload: 'file text' });
  });
});

describe('JSONP', () => {
  it('wraps a 200 GET with callback and removes callback from the params', async () => {
    const response = await handle(makeRequest('GET', '/api/action/echo?callback=cb&a=1'));
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe('application/javascript;charset=utf-8');
    const text = response.body.toString();
    expect(text.startsWith('cb({"help": ')).toBe(true);
    expect(text.endsWith('});')).toBe(true);
    expect(JSON.parse(text.slice(3, -2))).toMatchObject({ result: { params: { a: '1' } } });
  });

  it('HTML-escapes the callback name', async () => {
    const response = await handle(makeRequest('GET', `/api/action/echo?callback=${encodeURIComponent(`a<b>&"c'`)}`));
    expect(response.body.toString().startsWith('a&lt;b&gt;&amp;&quot;c&#x27;({')).toBe(true);
  });

  it('makes the call anonymous even with a valid token', async () => {
    const headers = { authorization: 'good-token' };
    const response = await handle(makeRequest('GET', '/api/action/echo?callback=cb', { headers }));
    expect(JSON.parse(response.body.toString().slice(3, -2))).toMatchObject({ result: { authorized: false } });
  });

  it('does not wrap a POST, but still drops callback and the user', async () => {
    const headers = { ...json, authorization: 'good-token' };
    const response = await handle(makeRequest('POST', '/api/action/echo', { headers, body: '{"callback": "cb", "a": 1}' }));
    expect(response.headers['content-type']).toBe('application/json;charset=utf-8');
    expect(readJson(response)).toMatchObject({ result: { params: { a: 1 }, authorized: false } });
  });

  it('does not wrap an error response', async () => {
    const response = await handle(makeRequest('GET', '/api/action/missing?callback=cb'));
    expect(response.status).toBe(404);
    expect(response.headers['content-type']).toBe('application/json;charset=utf-8');
    expect(response.body.toString().startsWith('{"help"')).toBe(true);
  });

  it('wraps the version endpoint too', async () => {
    const response = await handle(makeRequest('GET', '/api/3?callback=v'));
    expect(response.body.toString()).toBe('v({"version": 3});');
  });
});

describe('auth', () => {
  it.each([
    [{ authorization: 'good-token' }, true],
    [{ authorization: '  good-token ' }, true],
    [{ 'x-ckan-api-key': 'good-token' }, true],
    [{ authorization: 'Bearer good-token' }, false],
    [{ authorization: 'wrong' }, false],
    [{}, false],
  ])('with headers %j the caller is authorized: %s', async (headers, authorized) => {
    const response = await handle(makeRequest('GET', '/api/action/echo', { headers }));
    expect(response.status).toBe(200);
    expect(readJson(response)).toMatchObject({ result: { authorized } });
  });

  it('never authorizes when no token is configured', async () => {
    const app = createTestApp({ apiTokens: [] });
    const response = await app.handle(makeRequest('GET', '/api/action/echo', { headers: { authorization: '' } }));
    expect(readJson(response)).toMatchObject({ result: { authorized: false } });
  });
});
