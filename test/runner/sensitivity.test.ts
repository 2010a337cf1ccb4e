// The kit must catch wrong answers: proxies in front of the reference server break it in one way each, and the
// run must name the broken rule.
import { readFile } from 'node:fs/promises';
import type { IncomingMessage } from 'node:http';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../src/cli/main.ts';
import { startReferenceServer, type CaseResult, type ReferenceServer, type RunResult } from '../../src/index.ts';
import { createCapturedIo, makeTempDir, readBody, removeDir, startTestServer, writeJsonFiles, type TestServer } from './helpers.ts';

const PROFILE = path.resolve('profiles/reference.yaml');
const base = { class: 'search.core', spec: ['api.md#4.1'] };
const scenario = {
  'cases/search.json': {
    cases: [
      {
        ...base,
        id: 'limit',
        title: 'limit caps the records',
        request: { action: 'datastore_search', params: { resource_id: '${resources.courses}', limit: 5 } },
        expect: { success: true, records: { atMostLimit: true } },
      },
      {
        ...base,
        id: 'filter',
        title: 'filters keep matching records',
        request: { action: 'datastore_search', params: { resource_id: '${resources.courses}', filters: { stage: 'Advanced' } } },
        expect: { success: true, records: { every: [{ field: 'stage', equals: 'Advanced' }] } },
      },
      {
        ...base,
        id: 'agree',
        title: 'GET and POST agree',
        request: { action: 'datastore_search', params: { resource_id: '${resources.courses}', limit: 4, sort: '_id' } },
        variants: { method: ['POST', 'GET'] },
        expect: { success: true },
      },
    ],
  },
};

type Alter = {
  /** Rewrites the request's JSON params (POST body or GET query). */
  params?: (params: Record<string, unknown>) => Record<string, unknown>;
  /** Rewrites the parsed response body. */
  body?: (body: Record<string, unknown>, method: string) => unknown;
};

let reference: ReferenceServer;
let dir: string;

beforeAll(async () => {
  reference = await startReferenceServer({ fixturesDir: path.resolve('fixtures'), port: 0 });
  dir = await makeTempDir();
  await writeJsonFiles(dir, scenario);
});

afterAll(async () => {
  await reference?.close();
  if (dir !== undefined) await removeDir(dir);
});

/** A proxy to the reference server that alters requests and/or responses. */
async function startProxy(alter: Alter): Promise<TestServer> {
  return startTestServer((req, res) => {
    void forward(req, alter).then(({ status, text }) => {
      res.statusCode = status;
      res.setHeader('content-type', 'application/json;charset=utf-8');
      res.end(text);
    });
  });
}

async function forward(req: IncomingMessage, alter: Alter): Promise<{ status: number; text: string }> {
  const url = new URL(req.url ?? '/', reference.url);
  const method = req.method ?? 'GET';
  let body: string | undefined = await readBody(req);
  if (alter.params !== undefined) {
    if (method === 'POST') body = JSON.stringify(alter.params(JSON.parse(body) as Record<string, unknown>));
    else {
      const altered = alter.params(Object.fromEntries(url.searchParams));
      url.search = new URLSearchParams(Object.entries(altered).map(([k, v]): [string, string] => [k, String(v)])).toString();
    }
  }
  const response = await fetch(url, { method, headers: { 'content-type': 'application/json' }, ...(method === 'POST' ? { body } : {}) });
  const text = await response.text();
  if (alter.body === undefined || !url.pathname.includes('/action/')) return { status: response.status, text };
  return { status: response.status, text: JSON.stringify(alter.body(JSON.parse(text) as Record<string, unknown>, method)) };
}

async function runThrough(alter: Alter, contract: 'seed' | 'ckan' = 'seed'): Promise<{ code: number; cases: CaseResult[] }> {
  const proxy = await startProxy(alter);
  try {
    const { io } = createCapturedIo(dir);
    const code = await main(['run', '--target', proxy.url, '--profile', PROFILE, '--contract', contract, '--report', 'json'], io);
    const report = JSON.parse(await readFile(path.join(dir, 'reports', 'report.json'), 'utf8')) as RunResult;
    return { code, cases: report.cases };
  } finally {
    await proxy.close();
  }
}

const rulesOf = (cases: CaseResult[], id: string): string[] => cases.find((c) => c.id === id)?.findings.map((f) => f.rule) ?? [];

describe('sensitivity: wrong answers are caught', () => {
  it('passes through an honest proxy', async () => {
    const { code, cases } = await runThrough({});
    expect(cases.map((c) => c.status)).toEqual(['pass', 'pass', 'pass', 'pass']);
    expect(code).toBe(0);
  });

  it('catches a target that drops limit', async () => {
    const { code, cases } = await runThrough({ params: ({ limit: _dropped, ...rest }) => rest });
    expect(code).toBe(1);
    expect(rulesOf(cases, 'limit')).toEqual(['records.atMostLimit']);
    expect(cases.find((c) => c.id === 'limit')?.findings[0]?.message).toBe('got 100 records, more than the limit 5');
  });

  it('catches a target that ignores a filter', async () => {
    const { code, cases } = await runThrough({ params: ({ filters: _ignored, ...rest }) => rest });
    expect(code).toBe(1);
    expect(rulesOf(cases, 'filter')).toEqual(['records.every[0]']);
    expect(cases.find((c) => c.id === 'filter')?.findings[0]?.message).toMatch(
      /^\d+ of 100 records break stage equals "Advanced": record \d+ has "(?!Advanced)/,
    );
  });

  it('catches a target that returns rows instead of records', async () => {
    const { code, cases } = await runThrough({
      body: (body) => {
        const result = body['result'];
        if (typeof result !== 'object' || result === null || !('records' in result)) return body;
        const { records, ...rest } = result as Record<string, unknown>;
        return { ...body, result: { ...rest, rows: records } };
      },
    });
    expect(code).toBe(1);
    expect(rulesOf(cases, 'limit')).toEqual(['contract.seed', 'records']);
    expect(cases.find((c) => c.id === 'limit')?.findings[1]?.message).toMatch(/result\.records is missing .*"rows"/);
  });

  it('catches variants that disagree', async () => {
    const { cases } = await runThrough({
      body: (body, method) => {
        const result = body['result'] as Record<string, unknown> | undefined;
        if (method !== 'GET' || !Array.isArray(result?.['records'])) return body;
        return { ...body, result: { ...result, records: result['records'].slice(1) } };
      },
    });
    expect(cases.find((c) => c.id === 'agree [POST - /api/action]')?.status).toBe('pass');
    const get = cases.find((c) => c.id === 'agree [GET - /api/action]');
    expect(get?.status).toBe('fail');
    expect(get?.findings.map((f) => f.rule)).toEqual(['variants.agree']);
    expect(get?.findings[0]?.message).toBe('records differ from variant POST - /api/action of the same case');
  });
});
