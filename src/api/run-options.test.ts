import { describe, expect, it } from 'vitest';
import { resolveRunOptions, type RunSettings } from './run-options.ts';

const url: RunSettings = { target: { kind: 'url', url: 'http://t:1' } };
const reference: RunSettings = { target: { kind: 'reference', fixturesDir: 'fixtures' } };

describe('resolveRunOptions', () => {
  it('fills defaults for a URL target: contract and CKAN version left to the profile, no profile', () => {
    const o = resolveRunOptions(url);
    expect(o).toMatchObject({
      casesDir: 'cases',
      concurrency: 8,
      timeoutMs: 30_000,
      retries: 0,
      contract: undefined,
      ckanVersion: undefined,
      outDir: 'reports',
      bail: false,
    });
    expect(o.profileFile).toBeUndefined();
    expect(Object.isFrozen(o)).toBe(true);
  });

  it('uses the reference profile with the reference server', () => {
    const o = resolveRunOptions(reference);
    expect(o.profileFile).toBe('profiles/reference.yaml');
  });

  it('keeps --contract and --ckan-version as given, a release read into its version', () => {
    expect(resolveRunOptions({ ...url, contract: 'seed', ckanVersion: 'auto' })).toMatchObject({ contract: 'seed', ckanVersion: 'auto' });
    expect(resolveRunOptions({ ...reference, ckanVersion: '2.11.2' })).toMatchObject({ ckanVersion: '2.11', ckanRelease: '2.11.2' });
  });

  it('resolves its own output to itself', () => {
    const once = resolveRunOptions({ ...url, baselineDir: 'b', updateBaseline: 'all', ckanVersion: '2.11.2', tags: ['a'] });
    expect(resolveRunOptions(once)).toEqual(once);
  });

  it('lets the settings win over the fallback, field by field', () => {
    const o = resolveRunOptions({ concurrency: 4, ...reference }, { concurrency: 3, retries: 2, ...url });
    expect([o.concurrency, o.retries, o.timeoutMs, o.target.kind]).toEqual([4, 2, 30_000, 'reference']);
  });

  it('does not mutate its inputs', () => {
    const flags: RunSettings = { ...url, tags: ['a'] };
    const copy = structuredClone(flags);
    resolveRunOptions(flags);
    expect(flags).toEqual(copy);
  });

  it.each<[string, RunSettings, RegExp]>([
    ['no target', {}, /name a target/],
    ['a non-http target', { target: { kind: 'url', url: 'ftp://x' } }, /^target must be an http\(s\) URL, got "ftp:\/\/x"/],
    ['a malformed target', { target: { kind: 'url', url: 'not a url' } }, /^target must be an http\(s\) URL/],
    ['zero concurrency', { ...url, concurrency: 0 }, /^concurrency must be a whole number >= 1, got 0/],
    ['a fraction of a request', { ...url, concurrency: 2.5 }, /^concurrency must be a whole number >= 1, got 2.5/],
    ['negative retries', { ...url, retries: -1 }, /^retries must be a whole number from 0 to 20, got -1/],
    ['a zero rate', { ...url, rateRps: 0 }, /^rateRps must be a number > 0, got 0/],
    ['a bad regexp', { ...url, grep: '(' }, /^grep is not a valid regular expression/],
    ['a bad shard', { ...url, shard: { index: 3, count: 2 } }, /^shard must be i\/n/],
    ['a CKAN version that is none', { ...url, ckanVersion: '3.0' }, /^ckanVersion must be one of 2\.8, .* got "3\.0"/],
    ['--update-baseline without a folder', { ...url, updateBaseline: 'all' }, /^updateBaseline needs baselineDir DIR/],
    ['an unknown report format', { ...url, reportFormats: 'json,pdf' }, /unknown report format "pdf"/],
  ])('rejects %s with E_USAGE', (_name, flags, message) => {
    expect(() => resolveRunOptions(flags)).toThrow(message);
    try {
      resolveRunOptions(flags);
    } catch (error) {
      expect(error).toMatchObject({ code: 'E_USAGE', exitCode: 2 });
    }
  });
});

describe('--min-applicable', () => {
  it('refuses a percentage outside 0 to 100', () => {
    expect(() => resolveRunOptions({ target: { kind: 'reference', fixturesDir: 'fixtures' }, minApplicablePct: 120 })).toThrow(
      'minApplicablePct must be a number from 0 to 100, got 120',
    );
  });
});
