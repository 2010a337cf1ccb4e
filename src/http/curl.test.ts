import { describe, expect, it } from 'vitest';
import { toCurl } from './curl.ts';

describe('toCurl', () => {
  it.each([
    [
      { method: 'GET' as const, url: 'http://127.0.0.1:8800/api/action/datastore_search?resource_id=r&limit=1' },
      `curl --compressed 'http://127.0.0.1:8800/api/action/datastore_search?resource_id=r&limit=1'`,
    ],
    [
      {
        method: 'POST' as const,
        url: 'http://h/api/action/datastore_search',
        headers: { 'content-type': 'application/json', Authorization: 'eyJ.secret' },
        body: `{"q":"it's"}`,
      },
      `curl --compressed -X POST http://h/api/action/datastore_search -H 'content-type: application/json' -H 'Authorization: ***' --data-raw '{"q":"it'\\''s"}'`,
    ],
  ])('renders %j as a shell-safe command', (request, expected) => {
    expect(toCurl(request)).toBe(expected);
  });

  it('masks extra secret headers on request', () => {
    const curl = toCurl({ method: 'GET', url: 'http://h/', headers: { 'X-Token': 'abc' } }, { redact: ['x-token'] });
    expect(curl).toBe(`curl --compressed http://h/ -H 'X-Token: ***'`);
  });

  it('writes secret headers as a shell variable in double quotes when asked, for replay', () => {
    const request = { method: 'GET' as const, url: 'http://h/api/3/action/x', headers: { Authorization: 'eyJ.secret', accept: 'application/json' } };
    const curl = toCurl(request, { secretAs: '$TOKEN' });
    expect(curl).toBe(`curl --compressed http://h/api/3/action/x -H "Authorization: $TOKEN" -H 'accept: application/json'`);
    expect(curl).not.toContain('eyJ');
  });

  it('leaves out --compressed when the request names its own Accept-Encoding', () => {
    expect(toCurl({ method: 'GET', url: 'http://h/', headers: { 'Accept-Encoding': 'identity' } })).toBe(`curl http://h/ -H 'Accept-Encoding: identity'`);
  });
});
