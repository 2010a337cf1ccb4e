import { describe, expect, it } from 'vitest';
import { ckanLocales } from './config.ts';
import { decodePath, matchRoute, splitTarget } from './routes.ts';

describe('matchRoute', () => {
  it.each([
    ['/api/action/datastore_search', { kind: 'action', name: 'datastore_search', locale: undefined, path: '/api/action/datastore_search' }],
    ['/api/3/action/x', { kind: 'action', name: 'x', locale: undefined, path: '/api/3/action/x' }],
    ['/fr/api/action/x', { kind: 'action', name: 'x', locale: 'fr', path: '/api/action/x' }],
    ['/pt_BR/api/3/action/x', { kind: 'action', name: 'x', locale: 'pt_BR', path: '/api/3/action/x' }],
    ['/api', { kind: 'version', version: 1, locale: undefined }],
    ['/api/', { kind: 'version', version: 1, locale: undefined }],
    ['/api/2', { kind: 'version', version: 2, locale: undefined }],
    ['/de/api/3/', { kind: 'version', version: 3, locale: 'de' }],
  ])('matches %s', (path, expected) => {
    expect(matchRoute(path, ckanLocales)).toEqual(expected);
  });

  it.each([
    '/api/1/action/x',
    '/api/2/action/x',
    '/api/4',
    '/api/action/x/',
    '/api/action/',
    '/xx/api/action/x',
    '/fr/fr/api/action/x',
    '/FR/api/action/x',
    '/',
    '/fr',
    '/dataset',
  ])('does not match %s', (path) => {
    expect(matchRoute(path, ckanLocales)).toEqual({ kind: 'none' });
  });
});

describe('splitTarget / decodePath', () => {
  it('splits path and raw query string', () => {
    expect(splitTarget('/api/3?x=%20&y')).toEqual({ path: '/api/3', queryString: 'x=%20&y' });
    expect(splitTarget('/api')).toEqual({ path: '/api', queryString: '' });
  });

  it('percent-decodes a path as UTF-8, replacing bad bytes', () => {
    expect(decodePath('/api/action/datastore%5Fsearch')).toBe('/api/action/datastore_search');
    expect(decodePath('/api/action/caf%C3%A9')).toBe('/api/action/café');
    expect(decodePath('/api/action/%FF')).toBe('/api/action/\ufffd');
  });
});
