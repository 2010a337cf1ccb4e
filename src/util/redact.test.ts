import { describe, expect, it } from 'vitest';
import { createRedactor, maskUrlCredentials, redactCurl, redactHeaders, urlSecrets } from './redact.ts';

describe('createRedactor', () => {
  it('replaces the token in every string, key and escaped form', () => {
    const redact = createRedactor(['s3cr"et']);
    const out = redact({ a: 'x s3cr"et y', b: ['s3cr\\"et'], 's3cr"et': 1, c: 's3cr%22et', n: 5 });
    expect(JSON.stringify(out)).not.toContain('s3cr');
    expect(out.n).toBe(5);
  });

  it.each([
    ['HTML-escaped', 'a<b>&"c\'', 'echo a&lt;b&gt;&amp;&quot;c&#39; and a&lt;b&gt;&amp;&#34;c&#x27;'],
    ['URL-encoded, lower-case escapes', 'a+b/c=', 'q=a%2bb%2fc%3d'],
    ['URL-encoded, upper-case escapes', 'a+b/c=', 'q=a%2Bb%2Fc%3D'],
    ['form-encoded', 'a b&c', 'q=a+b%26c'],
  ])('redacts a token echoed %s', (_form, token, echoed) => {
    const out = createRedactor([token])({ body: echoed });
    expect(out.body).toContain('***');
    for (const piece of ['a&lt;b', 'a%2', 'a+b%26']) expect(out.body).not.toContain(piece);
  });

  it('masks URL credentials in every string, with or without a token', () => {
    const redact = createRedactor([undefined, '']);
    const out = redact({ url: 'http://user:pw@h:1/x', line: 'target "https://TOKEN@h/api/3" is down', plain: 'a@b c' });
    expect(out).toEqual({ url: 'http://user:***@h:1/x', line: 'target "https://***@h/api/3" is down', plain: 'a@b c' });
  });
});

describe('createRedactor copies on write', () => {
  const redact = createRedactor(['tok']);

  it('gives back the very same value when nothing in it holds a secret', () => {
    const value = { a: [1, 'x', { b: null }], c: { d: 'y' }, e: true };
    expect(redact(value)).toBe(value);
  });

  it('copies only the path to a masked string, keeping member order and the untouched branches', () => {
    const untouched = { keep: ['x'] };
    const value = { first: 1, branch: untouched, list: ['a', 'has tok', 'c'], tok: 'key', last: 'z' };
    const out = redact(value);
    expect(out).not.toBe(value);
    expect(Object.keys(out)).toEqual(['first', 'branch', 'list', '***', 'last']);
    expect(out.branch).toBe(untouched);
    expect(out.list).toEqual(['a', 'has ***', 'c']);
    expect(value.list[1]).toBe('has tok');
  });
});

describe('maskUrlCredentials', () => {
  it.each([
    ['http://h/x', 'http://h/x'],
    ['run http://user:p%40ss@h:8/x?y=1 now', 'run http://user:***@h:8/x?y=1 now'],
    ['<a href="https://t0k@h/">', '<a href="https://***@h/">'],
    ['mail me at someone@example.org', 'mail me at someone@example.org'],
  ])('%s -> %s', (text, shown) => {
    expect(maskUrlCredentials(text)).toBe(shown);
  });
});

describe('urlSecrets', () => {
  it.each([
    ['http://user:p%40ss@h/', ['p%40ss', 'p@ss']],
    ['https://TOKEN@h/', ['TOKEN']],
    ['http://h/', []],
    ['not a url', []],
  ])('%s -> %j', (url, secrets) => {
    expect(urlSecrets(url)).toEqual(secrets);
  });
});

describe('redactHeaders', () => {
  it('masks the named headers in any case and leaves the input untouched', () => {
    const headers = { Authorization: 'tok', 'X-Api': 'k', Accept: 'application/json' };
    expect(redactHeaders(headers, ['authorization', 'x-api'])).toEqual({ Authorization: '***', 'X-Api': '***', Accept: 'application/json' });
    expect(headers.Authorization).toBe('tok');
  });

  it('masks Authorization and cookies by default', () => {
    expect(redactHeaders({ authorization: 'a', Cookie: 'c', 'x-other': 'o' })).toEqual({ authorization: '***', Cookie: '***', 'x-other': 'o' });
  });
});

describe('redactCurl', () => {
  it('masks every secret header of a curl command, in any case and either quote', () => {
    expect(redactCurl(`curl -H 'Authorization: abc' -H "x-ckan-api-key: k" --header 'Cookie: s=1' -H 'accept: x'`)).toBe(
      `curl -H 'Authorization: ***' -H "x-ckan-api-key: ***" --header 'Cookie: ***' -H 'accept: x'`,
    );
  });
});
