import { describe, expect, it } from 'vitest';
import type { HttpClient, HttpRequest, HttpResponse } from '../http/index.ts';
import type { CaseResult } from '../model/index.ts';
import { INTERRUPTED_REASON, run } from './run.ts';
import type { RunOptions, RunVariant } from './types.ts';

/** An in-memory HttpClient: answers from a function, records requests. */
function createClient(answer: (request: HttpRequest) => Partial<HttpResponse>): HttpClient & { sent: HttpRequest[] } {
  const sent: HttpRequest[] = [];
  return {
    sent,
    send: async (request) => {
      sent.push(request);
      return { status: 200, headers: { 'content-type': 'application/json' }, body: '{}', bodyTruncated: false, durationMs: 3, attempts: 1, ...answer(request) };
    },
    close: async () => undefined,
  };
}

function variant(caseId: string, method: 'GET' | 'POST', hasVariants = false): RunVariant {
  return {
    id: hasVariants ? `${caseId} [${method}]` : caseId,
    caseId,
    title: caseId,
    class: 'search.core',
    tags: [],
    spec: ['s'],
    file: 'a.json',
    variant: { method, locale: null, apiPath: '/api/action' },
    hasVariants,
    request: { action: 'datastore_search', method, locale: null, apiPath: '/api/action', params: { resource_id: 'r' } },
    expect: { contract: 'none', success: true },
  };
}

const clock = { now: () => 1_700_000_000_000 };
const options = (variants: RunVariant[], extra: Partial<RunOptions> = {}): RunOptions => ({
  variants,
  targetUrl: 'http://t',
  reference: false,
  contract: 'seed',
  concurrency: 4,
  bail: false,
  hostname: 'h',
  ...extra,
});
const success = (records: unknown[]): string => JSON.stringify({ success: true, result: { records } });

describe('run', () => {
  it('hands every case on in catalogue order, redacted, and keeps none when asked (counts still complete)', async () => {
    // answers come back in reverse order of sending, so completion order differs from catalogue order
    const ids = ['a', 'b', 'c', 'd', 'e', 'f'];
    let inFlight: Array<() => void> = [];
    const client: HttpClient = {
      send: (request) =>
        new Promise<HttpResponse>((resolve) => {
          inFlight.push(() =>
            resolve({
              status: 200,
              headers: {},
              body: JSON.stringify({ success: true, result: { echo: `${request.url} s3cret` } }),
              bodyTruncated: false,
              durationMs: 1,
              attempts: 1,
            }),
          );
          if (inFlight.length === 3) {
            const batch = inFlight.reverse();
            inFlight = [];
            for (const answer of batch) answer();
          }
        }),
      close: async () => undefined,
    };
    const handed: CaseResult[] = [];
    const finished: string[] = [];
    const result = await run(
      options(
        ids.map((id) => variant(id, 'POST')),
        { concurrency: 3, keepCases: false, token: 's3cret' },
      ),
      {
        client,
        clock,
        listener: { onCaseEnd: (r) => finished.push(r.id) },
        onResult: (r) => handed.push(r),
      },
    );
    expect(finished).not.toEqual(ids);
    expect(handed.map((r) => r.id)).toEqual(ids);
    expect(JSON.stringify(handed)).not.toContain('s3cret');
    expect(JSON.stringify(handed)).toContain('***');
    expect(result.cases).toEqual([]);
    expect(result.summary).toMatchObject({ total: 6, pass: 6 });
  });

  it('reports results in catalogue order, each once, after its case agreement check', async () => {
    const client = createClient((r) => ({ body: success(r.method === 'GET' ? [{ a: 2 }] : [{ a: 1 }]) }));
    const ended: CaseResult[] = [];
    const variants = [variant('c', 'POST', true), variant('c', 'GET', true), variant('d', 'POST')];
    const result = await run(options(variants), { client, clock, listener: { onCaseEnd: (r) => ended.push(r) } });
    expect(result.cases.map((c) => [c.id, c.status])).toEqual([
      ['c [POST]', 'pass'],
      ['c [GET]', 'fail'],
      ['d', 'pass'],
    ]);
    expect(ended.map((r) => r.id).sort()).toEqual(['c [GET]', 'c [POST]', 'd']);
    expect(ended.find((r) => r.id === 'c [GET]')?.status).toBe('fail');
    expect(result.summary).toMatchObject({ total: 3, pass: 2, fail: 1 });
    expect(result.startedAt).toBe('2023-11-14T22:13:20.000Z');
  });

  it('reports the variants not started after an abort as skipped', async () => {
    const controller = new AbortController();
    const client = createClient(() => {
      controller.abort();
      return { body: success([]) };
    });
    const variants = [variant('a', 'POST'), variant('b', 'POST'), variant('c', 'POST')];
    const result = await run(options(variants, { concurrency: 1, signal: controller.signal }), { client, clock });
    expect(result.cases.map((c) => [c.status, c.reason])).toEqual([
      ['pass', undefined],
      ['skipped', INTERRUPTED_REASON],
      ['skipped', INTERRUPTED_REASON],
    ]);
    expect(client.sent).toHaveLength(1);
  });

  it('does not send skipped or not-applicable variants', async () => {
    const client = createClient(() => ({ body: success([]) }));
    const variants = [
      { ...variant('a', 'POST'), skip: 'later' },
      { ...variant('b', 'POST'), notApplicable: 'needs sql' },
    ];
    const result = await run(options(variants), { client, clock });
    expect(result.cases.map((c) => [c.status, c.reason])).toEqual([
      ['skipped', 'later'],
      ['not-applicable', 'needs sql'],
    ]);
    expect(client.sent).toEqual([]);
  });

  it('marks a truncated body as an error', async () => {
    const client = createClient(() => ({ body: '{"success": tr', bodyTruncated: true }));
    const result = await run(options([variant('a', 'POST')]), { client, clock });
    expect(result.cases[0]?.error).toEqual({
      code: 'E_BODY_TOO_LARGE',
      message: '[POST] "http://t/api/action/datastore_search": HTTP 200, response body too large, cut after 14 bytes',
    });
  });
});

describe('run with non-JSON answers', () => {
  const html = { status: 405, headers: { 'content-type': 'text/html' }, body: '<html>Method Not Allowed</html>' };

  it('checks only the status of an HTML error answer when the case asks for nothing more', async () => {
    const client = createClient(() => html);
    const v = { ...variant('a', 'POST'), expect: { status: 405 } };
    const result = await run(options([v], { contract: 'ckan' }), { client, clock });
    expect(result.cases[0]?.status).toBe('pass');
  });

  it('is a case error when the case expects a JSON body', async () => {
    const client = createClient(() => html);
    const v = { ...variant('a', 'POST'), expect: { status: 405, success: false } };
    const result = await run(options([v]), { client, clock });
    expect(result.cases[0]?.error?.message).toBe(
      '[POST] "http://t/api/action/datastore_search": HTTP 405, response is not JSON (text/html): <html>Method Not Allowed</html>',
    );
  });
});
