import { describe, expect, it } from 'vitest';
import type { CaseResult } from '../model/index.ts';
import { formatExchangeText } from './exchange-text.ts';

const base: CaseResult = {
  id: 'search/q',
  caseId: 'search/q',
  title: 'q',
  class: 'search.core',
  tags: [],
  spec: [],
  file: 'cases/q.yaml',
  variant: { method: 'GET', locale: null, apiPath: '/api/3/action' },
  status: 'pass',
  durationMs: 3,
  findings: [],
};

describe('formatExchangeText', () => {
  it('shows the request, the answer with its headers masked where secret, and the related requests', () => {
    const text = formatExchangeText({
      ...base,
      status: 'fail',
      exchange: {
        request: { method: 'GET', url: 'http://h/api/3/action/datastore_search?q=a', headers: { Authorization: 'tok' } },
        response: {
          status: 200,
          headers: { 'set-cookie': 'session=abc', 'content-type': 'application/json' },
          body: '{\n  "a": 1\n}',
          bodyTruncated: false,
          durationMs: 12,
        },
        attempts: 2,
        curl: "curl 'http://h'",
      },
      related: [{ curl: "curl 'http://h/other'", status: 409 }],
    });
    expect(text).toBe(
      [
        '── search/q (fail)',
        '> GET http://h/api/3/action/datastore_search?q=a',
        '> Authorization: ***',
        '< 200 (12 ms, 2 attempts)',
        '< set-cookie: ***',
        '< content-type: application/json',
        '< { "a": 1 }',
        "related: curl 'http://h/other' -> HTTP 409",
        '',
      ].join('\n'),
    );
  });

  it('says why no answer came, and shows nothing for a variant that sent nothing', () => {
    const text = formatExchangeText({
      ...base,
      status: 'error',
      error: { code: 'E_TIMEOUT', message: 'no answer within 100 ms' },
      exchange: { request: { method: 'POST', url: 'http://h/x', headers: {}, body: '{"q":"a"}' }, attempts: 1, curl: '' },
    });
    expect(text).toBe('── search/q (error)\n> POST http://h/x\n> {"q":"a"}\n< no answer: no answer within 100 ms\n');
    expect(formatExchangeText({ ...base, status: 'skipped' })).toBe('');
  });

  it('cuts a long body and says how long it was', () => {
    const body = 'x'.repeat(5000);
    const text = formatExchangeText({
      ...base,
      exchange: {
        request: { method: 'GET', url: 'http://h', headers: {} },
        response: { status: 200, headers: {}, body, bodyTruncated: true, durationMs: 1 },
        attempts: 1,
        curl: '',
      },
    });
    expect(text).toContain(`< ${'x'.repeat(1999)}… (5,000 characters kept of a longer body)\n`);
  });
});
