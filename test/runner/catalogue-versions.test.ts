// Self-conformance per CKAN release: the whole catalogue against the reference server answering as each recorded
// release (2.9.11, 2.10.0, 2.10.7, 2.10.10, 2.11.0, 2.11.2, 2.11.5, 2.12's dev branch), over real HTTP. One engine is
// opened and shared by the servers (each a port-0 listener with its own release), so the cost is one engine open
// plus one run per release. A failure the release's known CKAN bugs explain is `known`, never a failure.
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveRunOptions, runCatalogue, startReferenceServer, type RunResult } from '../../src/index.ts';
import { toCkanVersion } from '../../src/schema/index.ts';
import { openPgliteEngine, type Engine } from '../../src/server/engines/index.ts';
import { loadFixtures } from '../../src/server/fixtures/index.ts';
import { makeTempDir, removeDir } from './helpers.ts';

const releases = ['2.9.11', '2.10.0', '2.10.7', '2.10.10', '2.11.0', '2.11.2', '2.11.5', '2.12.0b0'] as const;
const results = new Map<string, RunResult>();
let engine: Engine | undefined;
let outDir: string;

beforeAll(async () => {
  outDir = await makeTempDir('dsk-versions-');
  const fixturesDir = path.resolve('fixtures');
  engine = await openPgliteEngine(await loadFixtures(fixturesDir));
  const token = randomBytes(18).toString('base64url');
  for (const release of releases) {
    const server = await startReferenceServer({ fixturesDir, engine, config: { apiTokens: [token], ckanRelease: release } });
    try {
      const options = resolveRunOptions({
        cwd: path.resolve('.'),
        target: { kind: 'url', url: server.url },
        profileFile: 'profiles/reference.yaml',
        token,
        contract: 'ckan',
        ckanVersion: toCkanVersion(release),
        reportFormats: 'json',
        outDir: path.join(outDir, release),
      });
      results.set(release, (await runCatalogue(options, { hostname: 'test' })).result);
    } finally {
      await server.close();
    }
  }
}, 600_000);

afterAll(async () => {
  await engine?.close();
  if (outDir !== undefined) await removeDir(outDir);
});

/** Every variant that failed or errored, with its findings (the contract checks the version the server answers as). */
function listNotPassed(result: RunResult): string[] {
  return result.cases
    .filter((c) => c.status === 'fail' || c.status === 'error')
    .map((c) => `${c.id}: ${c.status} ${c.findings.map((f) => `${f.rule} ${f.message}`).join('; ')}${c.error?.message ?? ''}`);
}

describe.each(releases)('the catalogue against the reference server answering as CKAN %s', (release) => {
  const version = toCkanVersion(release) ?? '';
  it('passes every applicable variant: no fail, no error', () => {
    const result = results.get(release);
    expect(result).toBeDefined();
    if (result === undefined) return;
    expect(listNotPassed(result)).toEqual([]);
    expect(result.target.ckan?.version).toBe(version);
    expect(result.target.ckan?.release).toBe(release);
    // a known deviation is one of the release the server imitates (and says in status_show), never another's
    expect(result.cases.filter((c) => c.status === 'known' && c.known?.release !== result.target.ckan?.release)).toEqual([]);
    expect(result.cases.filter((c) => c.status !== 'not-applicable' && c.status !== 'skipped').length).toBeGreaterThanOrEqual(150);
  });

  it('runs the version-specific cases of its version and judges the others not applicable', () => {
    const cases = results.get(release)?.cases ?? [];
    const own = cases.filter((c) => c.caseId === `ckan/status/v${version.replace('.', '-')}`);
    expect(own.length).toBeGreaterThan(0);
    expect(own.every((c) => c.status === 'pass')).toBe(true);
    const others = cases.filter((c) => /^ckan\/status\/v/.test(c.caseId) && !own.includes(c));
    expect(others.length).toBeGreaterThan(0);
    expect(others.every((c) => c.status === 'not-applicable' && /CKAN/.test(c.reason ?? ''))).toBe(true);
  });
});
