import { describe, expect, it } from 'vitest';
import { parseJsonLine } from './jsonl.ts';

describe('parseJsonLine', () => {
  it('reads the kit recording format: the path, the body as sent, its content type and the auth flag', () => {
    const line = JSON.stringify({
      seq: 4,
      method: 'POST',
      path: '/api/action/datastore_search',
      request: { headers: { 'content-type': 'application/json' }, auth: true, body: '{"resource_id":"r1","limit":5}' },
      response: { status: 200, headers: {}, body: '{}' },
    });
    expect(parseJsonLine(line)).toEqual({
      kind: 'request',
      secrets: 0,
      request: {
        method: 'POST',
        locale: null,
        apiPath: '/api/action',
        action: 'datastore_search',
        query: '',
        auth: true,
        body: { text: '{"resource_id":"r1","limit":5}', contentType: 'application/json' },
      },
    });
  });

  it('reads the plain form: a URL, a body given as JSON (sent as JSON), and credentials dropped', () => {
    const line = JSON.stringify({
      method: 'post',
      url: 'https://data.example.org/de/api/3/action/datastore_search?api_key=k',
      headers: { Authorization: 'tok', 'X-CKAN-API-Key': 'k2' },
      body: { resource_id: 'r1', q: 'x' },
    });
    expect(parseJsonLine(line)).toEqual({
      kind: 'request',
      secrets: 3,
      request: {
        method: 'POST',
        locale: 'de',
        apiPath: '/api/3/action',
        action: 'datastore_search',
        query: '',
        auth: true,
        body: { text: '{"resource_id":"r1","q":"x"}', contentType: 'application/json' },
      },
    });
  });

  it.each([
    ['text that is not JSON', '{"method": "GET", "path": ', { pointer: '', problem: 'is not JSON (one request object a line)' }],
    ['an array', '[1, 2]', { pointer: '', problem: expect.stringContaining('must be a request object') }],
    ['no method', '{"path": "/api/action/datastore_search"}', { pointer: '/method', problem: 'must be a string (GET or POST)' }],
    ['no path or url', '{"method": "GET"}', { pointer: '/url', problem: 'must be a string: give the path or the URL' }],
    [
      'a header that is not text',
      '{"method": "GET", "path": "/api/action/status_show", "headers": {"x": 1}}',
      { pointer: '/headers/x', problem: 'must be a string' },
    ],
    [
      'a body that is a number',
      '{"method": "POST", "path": "/api/action/status_show", "body": 5}',
      { pointer: '/body', problem: expect.stringContaining('must be the body text') },
    ],
    [
      'a recording whose request is text',
      '{"method": "GET", "path": "/api/action/status_show", "request": "x"}',
      { pointer: '/request', problem: expect.any(String) },
    ],
  ])('names the member that is wrong in %s, quoting none of its values', (_name, line, problem) => {
    expect(parseJsonLine(line)).toEqual(problem);
  });
});
