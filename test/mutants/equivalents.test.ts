// The other side of sensitivity: answers that differ from the reference server's text but are just as right must
// pass. status_show with its keys in another order, and a CKAN with ckan.hide_version = true (no ckan_version; the
// run knows 2.11 from other answers), pass ckan/status/v2-11; a status_show naming another release still fails it.
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveRunOptions, runCatalogue, startReferenceServer, type ReferenceServer } from '../../src/index.ts';
import { makeTempDir, removeDir } from '../runner/helpers.ts';
import { alterResult } from './alter.ts';
import { createUpstream, startMutantProxy, type MutantHandler, type Upstream } from './proxy.ts';

const TOKEN = randomBytes(18).toString('base64url');
let reference: ReferenceServer;
let upstream: Upstream;
let outDir: string;

beforeAll(async () => {
  reference = await startReferenceServer({ fixturesDir: path.resolve('fixtures'), port: 0, config: { apiTokens: [TOKEN] } });
  upstream = createUpstream(reference.url).upstream;
  outDir = await makeTempDir('dsk-equivalents-');
}, 120_000);

afterAll(async () => {
  await reference?.close();
  if (outDir !== undefined) await removeDir(outDir);
});

/** The status_show cases run through `handler`, the version `auto` (status_show's, else told from other answers). */
async function runStatusCases(handler: MutantHandler, name: string, ckanVersion: '2.11' | 'auto' = 'auto') {
  const proxy = await startMutantProxy(handler, upstream);
  try {
    const options = resolveRunOptions({
      cwd: path.resolve('.'),
      target: { kind: 'url', url: proxy.url },
      profileFile: 'profiles/reference.yaml',
      token: TOKEN,
      ckanVersion,
      ids: ['ckan/status'],
      reportFormats: 'json',
      outDir: path.join(outDir, name),
      retries: 0,
    });
    const { result } = await runCatalogue(options, { hostname: 'test' });
    return { version: result.target.ckan?.version, own: result.cases.filter((c) => c.caseId === 'ckan/status/v2-11') };
  } finally {
    await proxy.close();
  }
}

const reversedKeys = alterResult('status_show', (result) => Object.fromEntries(Object.entries(result).reverse()));
const hiddenVersion = alterResult('status_show', ({ ckan_version: _hidden, ...rest }) => rest);

describe('status_show checked as JSON', () => {
  it.each([
    ['its keys in another order', reversedKeys],
    ['ckan_version hidden (ckan.hide_version = true)', hiddenVersion],
  ])('passes ckan/status/v2-11 with %s: 8 of 8 variants', async (_what, handler) => {
    const outcome = await runStatusCases(handler, _what.replace(/\W+/g, '-'));
    expect(outcome.version).toBe('2.11');
    expect(outcome.own.map((c) => `${c.status} ${c.findings.map((f) => f.message).join('; ')}`)).toEqual(Array.from({ length: 8 }, () => 'pass '));
  });

  it('fails ckan/status/v2-11 when status_show names another release than the run knows', async () => {
    const other = alterResult('status_show', (result) => ({ ...result, ckan_version: '2.10.4' }));
    const outcome = await runStatusCases(other, 'other-release', '2.11');
    expect(outcome.own.length).toBe(8);
    expect(outcome.own.every((c) => c.status === 'fail' && c.findings.some((f) => f.rule === 'resultMatches' && f.message.includes('2.10.4')))).toBe(true);
  });
});
