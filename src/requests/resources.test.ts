import { describe, expect, it } from 'vitest';
import { listResourceIds, mapResourceIds } from './resources.ts';
import type { TrafficRequest } from './types.ts';

const A = 'df356cc6-0e13-4ba8-bc98-c4706614881b';
const B = '0b6fb5c4-1111-4a4a-8c8c-222233334444';
const get = (query: string): TrafficRequest => ({ method: 'GET', locale: null, apiPath: '/api/3/action', action: 'datastore_search', query, auth: false });
const post = (text: string, contentType = 'application/json'): TrafficRequest => ({ ...get(''), method: 'POST', body: { text, contentType } });

describe('listResourceIds', () => {
  it.each([
    ['a GET resource_id', get(`resource_id=${A}&q=x`), [A]],
    ['an alias', get('resource_id=courses-alias'), ['courses-alias']],
    ['datastore_info id', get(`id=${A}`), [A]],
    ['the ids an SQL statement reads', get(`sql=${encodeURIComponent(`SELECT * FROM "${A}" a JOIN ${B} b ON true`)}`), [A, B]],
    ['no system table', get(`sql=${encodeURIComponent('SELECT * FROM pg_catalog.pg_tables')}`), []],
    ['a JSON body', post(`{"resource_id":"${A}","limit":1}`), [A]],
    ['a form body', post(`resource_id=${A}`, 'application/x-www-form-urlencoded'), [A]],
    ['a body that is not JSON', post('{"resource_id":'), []],
  ])('reads %s', (_name, request, ids) => {
    expect(listResourceIds(request)).toEqual(ids);
  });
});

describe('mapResourceIds', () => {
  it('replaces each id in the query and the body, keeping the other parameters byte for byte', () => {
    const sql = encodeURIComponent(`SELECT * FROM "${A}"`);
    expect(mapResourceIds(get(`q=a+b%20c&resource_id=${A}&sql=${sql}`), { [A]: B }).query).toBe(
      `q=a+b%20c&resource_id=${B}&sql=${encodeURIComponent(`SELECT * FROM "${B}"`)}`,
    );
    expect(mapResourceIds(post(`{"resource_id":"${A}"}`), { [A]: B }).body?.text).toBe(`{"resource_id":"${B}"}`);
  });

  it('gives the request back as it is when no id changes', () => {
    const request = get(`resource_id=${A}`);
    expect(mapResourceIds(request, { [A]: A })).toBe(request);
  });
});
