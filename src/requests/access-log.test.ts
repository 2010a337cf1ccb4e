import { describe, expect, it } from 'vitest';
import { TRAFFIC_SKIP_REASONS } from '../schema/traffic.ts';
import { parseAccessLogLine } from './access-log.ts';

const line = (request: string, tail = ' "-" "curl/8.5.0"'): string => `203.0.113.7 - - [01/Dec/2026:10:00:00 +0000] "${request}" 200 512${tail}`;

describe('parseAccessLogLine', () => {
  it.each([
    [
      'a GET search of /api/3/action',
      line('GET /api/3/action/datastore_search?resource_id=abc&q=jones HTTP/1.1'),
      { locale: null, apiPath: '/api/3/action', action: 'datastore_search', query: 'resource_id=abc&q=jones' },
    ],
    [
      'a locale segment and /api/action',
      line('GET /fr/api/action/datastore_search?resource_id=abc HTTP/1.1'),
      { locale: 'fr', apiPath: '/api/action', action: 'datastore_search', query: 'resource_id=abc' },
    ],
    [
      'an SQL search, in the common log format (no referer, no agent)',
      line('GET /api/3/action/datastore_search_sql?sql=SELECT%201 HTTP/1.0', ''),
      { action: 'datastore_search_sql', query: 'sql=SELECT%201' },
    ],
    ['a locale with a region, and no query', line('GET /pt_BR/api/3/action/status_show HTTP/1.1'), { locale: 'pt_BR', action: 'status_show', query: '' }],
  ])('reads %s', (_name, text, expected) => {
    const entry = parseAccessLogLine(text);
    expect(entry).toMatchObject({ kind: 'request', request: { method: 'GET', auth: false, ...expected } });
  });

  it('drops api_key and token parameters, counts them and marks the request as sent with a credential', () => {
    const entry = parseAccessLogLine(line('GET /api/3/action/datastore_search?api_key=s3cret&resource_id=abc&Token=t0k HTTP/1.1'));
    expect(entry).toEqual({
      kind: 'request',
      secrets: 2,
      request: { method: 'GET', locale: null, apiPath: '/api/3/action', action: 'datastore_search', query: 'resource_id=abc', auth: true },
    });
  });

  it.each([
    ['a page of the site', line('GET /dataset/courses HTTP/1.1'), TRAFFIC_SKIP_REASONS.notApi],
    ['a dump', line('GET /datastore/dump/abc HTTP/1.1'), TRAFFIC_SKIP_REASONS.notApi],
    ['a write action', line('GET /api/3/action/datastore_delete?resource_id=abc HTTP/1.1'), TRAFFIC_SKIP_REASONS.notRead],
    ['a POST (a log keeps no body)', line('POST /api/3/action/datastore_search HTTP/1.1'), TRAFFIC_SKIP_REASONS.noBody],
    ['a HEAD', line('HEAD /api/3/action/datastore_search?resource_id=abc HTTP/1.1'), TRAFFIC_SKIP_REASONS.method],
    ['an empty request line', line('-'), TRAFFIC_SKIP_REASONS.method],
    ['bytes sent to the HTTP port', line('\\x16\\x03\\x01\\x00\\xa5\\x01'), TRAFFIC_SKIP_REASONS.method],
  ])('skips %s', (_name, text, reason) => {
    expect(parseAccessLogLine(text)).toEqual({ kind: 'skip', reason });
  });

  it('reads nginx and Apache escapes in the request line', () => {
    const entry = parseAccessLogLine(line('GET /api/3/action/datastore_search?q=\\x22a\\x22 HTTP/1.1'));
    expect(entry).toMatchObject({ kind: 'request', request: { query: 'q="a"' } });
  });

  it('says what is wrong with a line that is not in the log format, and reads a blank one as blank', () => {
    expect(parseAccessLogLine('{"method": "GET"}')).toEqual({ problem: expect.stringContaining('not a line of the common or combined log format') });
    expect(parseAccessLogLine('   ')).toEqual({ kind: 'blank' });
  });
});
