// --generate against a planted bug: a real HTTP proxy in front of the reference server drops the second field of
// `filters`. The generated requests find it, and each disagreement shrinks to two filter fields and nothing else,
// also when another difference shows in every answer (it is reported once and does not swallow the bug), and a
// disagreement that only a distinct search shows keeps `distinct`.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { diffTargets, resolveDiffOptions, type ReferenceServer } from '../../src/index.ts';
import type { DiffReport } from '../../src/schema/diff-report.ts';
import { alterBody } from '../mutants/alter.ts';
import { createUpstream, startMutantProxy, type MutantServer, type ProxiedRequest, type ProxiedResponse } from '../mutants/proxy.ts';
import { ROOT, startServer, TOKEN } from './helpers.ts';

/** The request with the second key of its `filters` (query parameter or JSON body) left out. */
function dropSecondFilter(request: ProxiedRequest): ProxiedRequest {
  const drop = (filters: unknown): unknown => {
    if (typeof filters !== 'object' || filters === null || Array.isArray(filters)) return filters;
    return Object.fromEntries(Object.entries(filters).filter((_, index) => index !== 1));
  };
  if (!request.path.endsWith('/datastore_search')) return request;
  if (request.method === 'GET') {
    const search = new URLSearchParams(request.search);
    const text = search.get('filters');
    if (text !== null) search.set('filters', JSON.stringify(drop(JSON.parse(text))));
    return { ...request, search: search.toString() };
  }
  const body: unknown = JSON.parse(request.body);
  if (typeof body !== 'object' || body === null || !('filters' in body)) return request;
  return { ...request, body: JSON.stringify({ ...body, filters: drop(body.filters) }) };
}

/**
 * The answer with the upstream's base URL (in `help`) replaced by the proxy's, as a site names itself. `diff` drops
 * `help` from JSON answers, but compares the text of the SQL answers that carry CKAN's bare NaN tokens whole.
 */
function presentAsProxy(response: ProxiedResponse): ProxiedResponse {
  return { ...response, body: response.body.split(server.url).join(proxy.url) };
}

/** The requests the bug's proxy was sent, in order (method, path, query and body). */
let sent: string[] = [];

let server: ReferenceServer;
let proxy: MutantServer;
let signing: MutantServer;
let out = '';

beforeAll(async () => {
  server = await startServer(path.join(ROOT, 'fixtures'));
  const { upstream } = createUpstream(server.url);
  proxy = await startMutantProxy(async (request, send) => {
    sent.push(`${request.method} ${request.path}?${request.search} ${request.body}`);
    return presentAsProxy(await send(dropSecondFilter(request)));
  }, upstream);
  // why: a key of its own in every answer, as a deployment may add: a difference in every pair
  const signed = alterBody(
    undefined,
    (body) => ({ ...body, served_by: 'proxy' }),
    (request, send) => send(dropSecondFilter(request)),
  );
  signing = await startMutantProxy(signed, upstream);
  out = await mkdtemp(path.join(tmpdir(), 'dsk-diff-gen-'));
});

afterAll(async () => {
  await proxy?.close();
  await signing?.close();
  await server?.close();
  await rm(out, { recursive: true, force: true });
});

async function generate(seed: number, count = 200, other = proxy): Promise<DiffReport> {
  const side = (url: string) => ({ target: { kind: 'url' as const, url }, profileFile: 'profiles/reference.yaml', token: TOKEN });
  const options = resolveDiffOptions({
    shared: { cwd: ROOT, outDir: out },
    sides: [side(server.url), side(other.url)],
    catalogue: false,
    generate: count,
    seed,
  });
  return (await diffTargets(options)).report;
}

/** `GET [/locale] datastore_search {json}` -> the parameters. */
function paramsOf(request: string): Record<string, unknown> {
  const match = /^(GET|POST) (?:\/\S+ )?datastore_search (\{.*\})$/.exec(request);
  expect(match, request).not.toBeNull();
  return JSON.parse(match?.[2] ?? '{}') as Record<string, unknown>;
}

/**
 * Whether a shrunk pair has as many filter fields as its kind of difference needs: two where records differ; where
 * only the echo of the filters does (both answers empty), two or three, since a shrink keeps its kind and a third
 * filter on a value no record has may be what empties both.
 */
function filterCount(pair: { request: string; differences: ReadonlyArray<{ kind: string }> }): boolean {
  const count = Object.keys(paramsOf(pair.request)['filters'] ?? {}).length;
  const echoOnly = pair.differences.every((d) => d.kind === 'body');
  return count === 2 || (echoOnly && count === 3);
}

describe('diff --generate', () => {
  it('finds the dropped second filter field within 200 requests and shrinks it to two filter fields and nothing else', { timeout: 180_000 }, async () => {
    const report = await generate(20261123);
    const generated = report.generated;
    expect(generated?.count).toBe(200);
    expect(generated?.disagreements.length).toBeGreaterThan(0);
    for (const found of generated?.disagreements ?? []) {
      expect(found.pair.outcome).toBe('differ');
      const params = paramsOf(found.pair.request);
      // why: a shrink keeps its kind of difference: an error that only a distinct search raises keeps `distinct`
      const keeps = found.pair.differences[0]?.kind === 'error' ? ['distinct', 'filters', 'resource_id'] : ['filters', 'resource_id'];
      expect(Object.keys(params).sort()).toEqual(keeps);
      expect(filterCount(found.pair)).toBe(true);
      expect(found.pair.a.curl).toContain('"authorization: $TOKEN"');
      expect(found.pair.b.curl).toContain(proxy.url);
    }
    // every disagreement found is the planted bug: a request with two filter fields or more
    for (const pair of report.pairs) expect(Object.keys(paramsOf(pair.request)['filters'] as object).length).toBeGreaterThanOrEqual(2);
  });

  it('sends no request twice while shrinking, beyond one per shrunk disagreement (sent again under its own id)', { timeout: 180_000 }, async () => {
    sent = [];
    const report = await generate(20261123);
    // the generated requests are all sent before the first shrink starts
    const generated = new Set(sent.slice(0, 200));
    const shrinking = sent.slice(200);
    const repeats = shrinking.filter((request, index) => generated.has(request) || shrinking.indexOf(request) < index);
    expect(shrinking.length).toBeGreaterThan(0);
    expect(repeats.length).toBeLessThanOrEqual(report.generated?.disagreements.length ?? 0);
  });

  it('shrinks to the planted bug when another difference shows in every answer, and names that one once', { timeout: 180_000 }, async () => {
    const report = await generate(20261123, 200, signing);
    expect(report.sharedDifferences?.map((shared) => shared.kind)).toEqual(['body /served_by']);
    const found = report.generated?.disagreements ?? [];
    expect(found.length).toBeGreaterThan(0);
    for (const disagreement of found) {
      expect(filterCount(disagreement.pair), disagreement.pair.request).toBe(true);
    }
  });

  // why: 20 requests show determinism as well as 200 (each run still finds and shrinks disagreements) and keep
  // three runs quick on a loaded machine
  it('sends the same requests for the same seed, and others for another seed', async () => {
    const [first, second, other] = [await generate(5, 20), await generate(5, 20), await generate(6, 20)];
    const requests = (report: DiffReport) => report.pairs.map((pair) => `${pair.id} ${pair.request}`);
    expect(requests(first).length).toBeGreaterThan(0);
    expect(first.generated?.disagreements.length).toBeGreaterThan(0);
    expect(requests(second)).toEqual(requests(first));
    expect(first.generated?.disagreements.map((d) => d.pair.request)).toEqual(second.generated?.disagreements.map((d) => d.pair.request));
    expect(requests(other)).not.toEqual(requests(first));
  });
});
