import { describe, expect, it } from 'vitest';
import { buildLinks } from './links.ts';

const path = '/api/3/action/datastore_search';

describe('buildLinks', () => {
  it('builds POST links from the bare path', () => {
    expect(buildLinks(path, '', 100, 0)).toEqual({ start: path, next: `${path}?offset=100` });
  });

  it('appends offset to a GET query string', () => {
    expect(buildLinks(path, 'resource_id=X&limit=1', 1, 0)).toEqual({
      start: `${path}?resource_id=X&limit=1`,
      next: `${path}?resource_id=X&limit=1&offset=1`,
    });
  });

  it('replaces an existing offset in place and adds prev only when offset > limit', () => {
    expect(buildLinks(path, 'offset=20&resource_id=X&limit=5', 5, 20)).toEqual({
      start: `${path}?resource_id=X&limit=5`,
      next: `${path}?offset=25&resource_id=X&limit=5`,
      prev: `${path}?offset=15&resource_id=X&limit=5`,
    });
    expect(buildLinks(path, 'limit=5&offset=5', 5, 5).prev).toBeUndefined();
  });

  it('re-encodes values as urlencode does and drops blank values', () => {
    const links = buildLinks(path, 'q=caf%C3%A9+au%20lait&fields=a,b&empty=&filters=%7B%22a%22%3A1%7D', 10, 0);
    expect(links.start).toBe(`${path}?q=caf%C3%A9+au+lait&fields=a%2Cb&filters=%7B%22a%22%3A1%7D`);
  });

  it('keeps the last value of a repeated key at its first position', () => {
    expect(buildLinks(path, 'a=1&b=2&a=3', 10, 0).start).toBe(`${path}?a=3&b=2`);
  });

  it('decodes twice, as CKAN unquotes before parse_qsl', () => {
    expect(buildLinks(path, 'q=a%26b', 10, 0).start).toBe(`${path}?q=a`);
  });
});
