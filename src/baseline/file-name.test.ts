import { describe, expect, it } from 'vitest';
import { baselineFilePath, formatVariantName, toSafeName } from './file-name.ts';

describe('baselineFilePath', () => {
  it.each([
    ['search/filters/either-or', { method: 'GET', locale: null, apiPath: '/api/3/action' }, 'search/filters/either-or/get-api3.json'],
    ['search/q', { method: 'POST', locale: 'fr', apiPath: '/api/3/action' }, 'search/q/post-fr-api3.json'],
    ['locale/x', { method: 'GET', locale: 'pt_BR', apiPath: '/api/action' }, 'locale/x/get-pt_BR-api.json'],
  ] as const)('names %s %j by case id and variant', (caseId, variant, file) => {
    expect(baselineFilePath(caseId, variant)).toBe(file);
  });

  it('keeps variant names apart even when a part holds the separator', () => {
    const a = formatVariantName({ method: 'GET', locale: 'a-b', apiPath: '/api/action' });
    const b = formatVariantName({ method: 'GET', locale: 'a', apiPath: '/b/api/action' });
    expect(a).not.toBe(b);
  });
});

describe('toSafeName', () => {
  it.each([
    ['either-or', 'either-or'],
    ['..', '%2E.'],
    ['.hidden', '%2Ehidden'],
    ['a/b', 'a%2Fb'],
    ['50%', '50%25'],
    ['é', '%C3%A9'],
    ['', '%'],
  ])('%j -> %j', (text, safe) => {
    expect(toSafeName(text)).toBe(safe);
  });
});
