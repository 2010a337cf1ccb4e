import { describe, expect, it } from 'vitest';
import { buildRequest, encodeQuery } from './build-request.ts';
import type { RunVariant } from './types.ts';

function variant(overrides: Partial<RunVariant['request']>, key: Partial<RunVariant['variant']> = {}): RunVariant {
  return {
    id: 'a/b',
    caseId: 'a/b',
    title: 't',
    class: 'search.core',
    tags: [],
    spec: ['x'],
    file: 'a.yaml',
    variant: { method: 'POST', locale: null, apiPath: '/api/action', ...key },
    hasVariants: false,
    request: { action: 'datastore_search', method: 'POST', locale: null, apiPath: '/api/action', ...overrides },
    expect: {},
  };
}

describe('encodeQuery', () => {
  it.each([
    [{ resource_id: 'abc', limit: 5 }, 'resource_id=abc&limit=5'],
    [{ flag: true }, 'flag=true'],
    [{ filters: { a: 'x y' } }, 'filters=%7B%22a%22%3A%22x+y%22%7D'],
    [{ fields: ['a', 'b'] }, 'fields=a&fields=b'],
    [{ q: 'é&=' }, 'q=%C3%A9%26%3D'],
    [{ n: null }, 'n=null'],
  ])('%j -> %s', (params, wanted) => {
    expect(encodeQuery(params)).toBe(wanted);
  });
});

describe('buildRequest', () => {
  it('posts params as JSON with a bare token', () => {
    const r = buildRequest(variant({ params: { resource_id: 'r', limit: 2 } }), 'http://h:1/', 'tok');
    expect(r).toEqual({
      method: 'POST',
      url: 'http://h:1/api/action/datastore_search',
      headers: { 'content-type': 'application/json', authorization: 'tok' },
      body: '{"resource_id":"r","limit":2}',
    });
  });

  it('puts GET params in the query, after the locale segment and api path', () => {
    const r = buildRequest(
      variant({ params: { resource_id: 'r' }, query: 'x=1' }, { method: 'GET', locale: 'fr', apiPath: '/api/3/action' }),
      'http://h:1',
      undefined,
    );
    expect(r).toEqual({ method: 'GET', url: 'http://h:1/fr/api/3/action/datastore_search?resource_id=r&x=1', headers: {} });
  });

  it('sends a raw body with its content type and no token when auth is false', () => {
    const r = buildRequest(variant({ body: '{bad', contentType: 'text/plain', auth: false }), 'http://h', 'tok');
    expect(r.body).toBe('{bad');
    expect(r.headers).toEqual({ 'content-type': 'text/plain' });
  });

  it('keeps an Authorization header the case sets itself', () => {
    const r = buildRequest(variant({ headers: { Authorization: 'wrong' } }), 'http://h', 'tok');
    expect(r.headers?.['authorization']).toBe('wrong');
  });
});
