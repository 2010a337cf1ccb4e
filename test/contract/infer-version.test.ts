import { describe, expect, it } from 'vitest';
import { inferCkanVersion, type ObservedAnswer } from '../../src/contract/index.ts';
import { CKAN_VERSIONS, type CkanVersion } from '../../src/schema/index.ts';
import { genuineSearch, genuineSql, TRAFFIC } from './genuine.ts';

const search = (version: CkanVersion): ObservedAnswer => ({
  action: 'datastore_search',
  status: 200,
  body: genuineSearch(version, { params: { resource_id: TRAFFIC } }),
});
const sql = (version: CkanVersion): ObservedAnswer => ({ action: 'datastore_search_sql', status: 200, body: genuineSql(version) });
const sql403 = (message: string): ObservedAnswer => ({
  action: 'datastore_search_sql',
  status: 403,
  body: { help: 'https://x/api/3/action/help_show?name=datastore_search_sql', success: false, error: { __type: 'Authorization Error', message } },
});
const status = (ckanVersion: string): ObservedAnswer => ({
  action: 'status_show',
  status: 200,
  body: { help: 'h', success: true, result: { site_title: 'City data', ckan_version: ckanVersion, extensions: ['datastore'] } },
});

describe('inferCkanVersion', () => {
  it('reads status_show first, whatever the markers say', () => {
    expect(inferCkanVersion([search('2.8'), status('2.10.4')])).toEqual({
      version: '2.10',
      range: { min: '2.10', max: '2.10' },
      reason: 'from status_show: 2.10.4',
    });
  });

  it('says a status_show version it does not know, without guessing', () => {
    expect(inferCkanVersion([status('2.13.0')])).toMatchObject({
      version: undefined,
      reason: 'unknown: status_show says 2.13.0, a version the kit does not know',
    });
  });

  it('tells 2.8 from a search answer alone', () => {
    expect(inferCkanVersion([search('2.8')])).toMatchObject({
      version: '2.8',
      reason: expect.stringMatching(/^from markers: .*no total_estimation_threshold/),
    });
  });

  it('tells 2.12 from a search answer alone', () => {
    expect(inferCkanVersion([search('2.12')])).toMatchObject({
      version: '2.12',
      reason: 'from markers: datastore_search has include_next_page and no _links (2.12)',
    });
  });

  it.each<[CkanVersion, string]>([
    ['2.9', "Access denied: {'permissions': ['Not authorized to access system tables']}"],
    ['2.10', 'Access denied: Not authorized to access system tables'],
  ])('tells %s from search, SQL numerics and the SQL 403 detail', (version, message) => {
    expect(inferCkanVersion([search(version), sql(version), sql403(message)]).version).toBe(version);
  });

  it('tells 2.11 from search and SQL numerics', () => {
    expect(inferCkanVersion([search('2.11'), sql('2.11')])).toMatchObject({
      version: '2.11',
      reason:
        'from markers: datastore_search has _links (≤2.11); datastore_search echoes total_estimation_threshold (2.9–2.11); datastore_search_sql renders numeric "avg" as a number (≥2.11)',
    });
  });

  it('says the range when the answers fit more than one version', () => {
    expect(inferCkanVersion([search('2.10'), sql('2.10')])).toMatchObject({
      version: undefined,
      range: { min: '2.9', max: '2.10' },
      reason: expect.stringMatching(/^unknown: the responses fit 2\.9–2\.10: /),
    });
  });

  it('says when the markers contradict each other', () => {
    expect(inferCkanVersion([search('2.8'), sql('2.11')])).toMatchObject({
      version: undefined,
      range: undefined,
      reason: expect.stringContaining('contradict'),
    });
  });

  it('says unknown when nothing tells', () => {
    expect(inferCkanVersion([{ action: 'datastore_search', status: 404, body: {} }])).toEqual({
      version: undefined,
      range: undefined,
      reason: 'unknown: no status_show and no version marker in the responses',
    });
  });

  it.each(CKAN_VERSIONS.map((v) => [v]))('never names another version than the one that answered (%s)', (version) => {
    const inferred = inferCkanVersion([search(version), sql(version)]);
    if (inferred.version !== undefined) expect(inferred.version).toBe(version);
    else expect(inferred.range).toBeDefined();
  });
});
