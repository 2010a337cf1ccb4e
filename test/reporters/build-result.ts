// Hand-made RunResult values for reporter tests: fixed time and hostname, every status, hostile text.
import { summarize } from '../../src/reporters/index.ts';
import type { CaseResult, RunResult } from '../../src/model/index.ts';

const baseCase: CaseResult = {
  id: 'search/core/basic',
  caseId: 'search/core/basic',
  title: 'Basic search returns records',
  class: 'search.core',
  tags: ['smoke'],
  spec: ['api.md#datastore_search'],
  file: 'search/core.yaml',
  variant: { method: 'POST', locale: null, apiPath: '/api/action' },
  status: 'pass',
  durationMs: 12,
  findings: [],
};

/** A case result with defaults for every field; `overrides` win. */
export function buildCase(overrides: Partial<CaseResult> = {}): CaseResult {
  return { ...baseCase, ...overrides };
}

/** A RunResult around `cases`, counts computed, time and hostname fixed. */
export function buildRun(cases: readonly CaseResult[], overrides: Partial<RunResult> = {}): RunResult {
  return {
    schemaVersion: 1,
    kit: { name: 'datastore-kit', version: '0.1.0' },
    target: { url: 'http://127.0.0.1:8800', reference: true },
    hostname: 'test-host',
    startedAt: '2026-01-02T03:04:05.000Z',
    finishedAt: '2026-01-02T03:04:06.500Z',
    durationMs: 1500,
    ...summarize(cases),
    cases: [...cases],
    ...overrides,
  };
}

/** One case of each status, including a failure whose data carries markup, `]]>` and control characters. */
export function buildMixedRun(overrides: Partial<RunResult> = {}): RunResult {
  return buildRun(
    [
      buildCase(),
      buildCase({
        id: 'search/filters/either-or [GET fr /api/3/action]',
        caseId: 'search/filters/either-or',
        title: 'Filter with a list <matches> either value',
        class: 'filters',
        file: 'search/filters.yaml',
        variant: { method: 'GET', locale: 'fr', apiPath: '/api/3/action' },
        status: 'fail',
        durationMs: 34,
        findings: [
          {
            rule: 'records.exact',
            path: '/result/records',
            message: 'records differ from the expected <script>alert(1)</script> ]]> set',
            expected: [
              { _id: 1, name: 'Ada' },
              { _id: 2, name: 'Grace' },
            ],
            actual: [
              { _id: 1, name: 'Ada' },
              { _id: 2, name: 'Gr\u0000ace <b>' },
            ],
          },
          { rule: 'total', path: '/result/total', message: 'total is 3, expected 2', expected: 2, actual: 3 },
        ],
        exchange: {
          request: {
            method: 'GET',
            url: 'http://127.0.0.1:8800/api/3/action/datastore_search?filters=%7B%7D',
            headers: { authorization: 'secret-token-value', accept: 'application/json' },
          },
          response: {
            status: 200,
            headers: { 'content-type': 'application/json' },
            body: '{"success": true, "result": {"records": [{"name": "<script>alert(2)</script>"}]}}',
            bodyTruncated: false,
            durationMs: 21,
          },
          attempts: 1,
          curl: "curl -sS -H 'Authorization: secret-token-value' 'http://127.0.0.1:8800/api/3/action/datastore_search?filters=%7B%7D'",
        },
      }),
      buildCase({
        id: 'errors/timeout',
        caseId: 'errors/timeout',
        title: 'Server that hangs',
        class: 'errors',
        file: 'errors/timeout.yaml',
        status: 'error',
        durationMs: 5000,
        error: { code: 'E_TIMEOUT', message: '[POST] "http://127.0.0.1:8800/api/action/datastore_search": timeout after 5000 ms' },
      }),
      buildCase({
        id: 'search/core/retry',
        caseId: 'search/core/retry',
        title: 'Passes on retry',
        status: 'flaky',
        exchange: {
          request: { method: 'POST', url: 'http://127.0.0.1:8800/api/action/datastore_search', headers: {} },
          attempts: 2,
          curl: 'curl -X POST http://127.0.0.1:8800/api/action/datastore_search',
        },
      }),
      buildCase({
        id: 'sql/basic',
        caseId: 'sql/basic',
        title: 'SQL',
        class: 'sql',
        file: 'sql/basic.yaml',
        status: 'not-applicable',
        durationMs: 0,
        reason: 'target lacks capability sql',
      }),
      buildCase({
        id: 'locale/fr',
        caseId: 'locale/fr',
        title: 'French',
        class: 'locale',
        file: 'locale.yaml',
        status: 'skipped',
        durationMs: 0,
        reason: 'skipped by --bail',
      }),
    ],
    overrides,
  );
}
