import { describe, expect, it } from 'vitest';
import { mapRunArgs, mapRunEnv, parseShard, type RunArgs } from './options.ts';

const base: RunArgs = {
  cases: 'cases',
  profile: undefined,
  tag: [],
  grep: undefined,
  id: [],
  shard: undefined,
  allowEmpty: false,
  target: undefined,
  reference: false,
  fixtures: 'fixtures',
  tokenEnv: undefined,
  tokenFile: undefined,
  concurrency: undefined,
  timeoutMs: undefined,
  retries: undefined,
  rate: undefined,
  bail: false,
  report: undefined,
  out: undefined,
  contract: undefined,
};

describe('parseShard', () => {
  it.each([
    ['1/1', { index: 1, count: 1 }],
    ['2/4', { index: 2, count: 4 }],
    [' 3/3 ', { index: 3, count: 3 }],
  ])('%j -> %j', (text, wanted) => {
    expect(parseShard(text)).toEqual(wanted);
  });

  it.each(['0/2', '3/2', '1', 'a/b', '1/0', '-1/2'])('rejects %j', (text) => {
    expect(() => parseShard(text)).toThrow(/--shard must be i\/n/);
  });
});

describe('mapRunArgs', () => {
  it.each<[string, Partial<RunArgs>, Record<string, unknown>]>([
    ['a target URL', { target: 'http://h:1' }, { target: { kind: 'url', url: 'http://h:1' } }],
    ['the reference server', { reference: true, fixtures: 'fx' }, { target: { kind: 'reference', fixturesDir: 'fx' } }],
    ['selection', { tag: ['a', 'b'], id: ['x'], grep: 'q', shard: '1/2' }, { tags: ['a', 'b'], ids: ['x'], grep: 'q', shard: { index: 1, count: 2 } }],
    ['numbers', { concurrency: 3, timeoutMs: 500, retries: 2, rate: 10 }, { concurrency: 3, timeoutMs: 500, retries: 2, rateRps: 10 }],
    ['reports', { report: 'json,junit', out: 'build' }, { reportFormats: 'json,junit', outDir: 'build' }],
    ['contract and bail', { contract: 'ckan', bail: true }, { contract: 'ckan', bail: true }],
    ['profile', { profile: 'p.yaml' }, { profileFile: 'p.yaml' }],
    ['a token from --token-env', { tokenEnv: 'MY_TOKEN' }, { token: 'abc' }],
    ['the CKAN version', { reference: true, ckanVersion: '2.12' }, { target: { kind: 'reference' }, ckanVersion: '2.12' }],
    ['an older CKAN version for a target', { target: 'http://h:1', ckanVersion: '2.8' }, { ckanVersion: '2.8' }],
    ['a CKAN release for the reference server', { reference: true, ckanVersion: '2.11.2' }, { ckanVersion: '2.11', ckanRelease: '2.11.2' }],
  ])('maps %s', (_name, args, wanted) => {
    expect(mapRunArgs({ ...base, ...args }, { MY_TOKEN: ' abc\n' }, '/w')).toMatchObject(wanted);
  });

  it('leaves unset numbers out so the environment can fill them', () => {
    const flags = mapRunArgs(base, {}, '/w');
    expect(Object.keys(flags).sort()).toEqual(['allowEmpty', 'bail', 'casesDir', 'cwd', 'ids', 'tags']);
  });

  it.each<[string, Partial<RunArgs>, RegExp]>([
    ['both targets', { target: 'http://h', reference: true }, /--target and --reference/],
    ['an unset token variable', { tokenEnv: 'NOPE' }, /--token-env NOPE/],
    ['both token sources', { tokenEnv: 'MY_TOKEN', tokenFile: 't' }, /--token-env and --token-file/],
    [
      'an unknown CKAN version',
      { ckanVersion: '3.0' },
      /--ckan-version must be one of 2\.8, 2\.9, 2\.10, 2\.11, 2\.12 \(or a release such as 2\.11\.5\) or auto, got "3\.0"/,
    ],
  ])('rejects %s', (_name, args, message) => {
    expect(() => mapRunArgs({ ...base, ...args }, { MY_TOKEN: 'abc' }, '/w')).toThrow(message);
  });

  it('prefers the token read from --token-file', () => {
    expect(mapRunArgs(base, {}, '/w', 'from-file').token).toBe('from-file');
  });
});

describe('mapRunEnv', () => {
  it('reads only the allowlisted variables', () => {
    expect(
      mapRunEnv({
        DATASTORE_KIT_TARGET: 'http://t',
        DATASTORE_KIT_TOKEN: 'tok',
        DATASTORE_KIT_CONCURRENCY: '4',
        DATASTORE_KIT_TIMEOUT_MS: '900',
        DATASTORE_KIT_RETRIES: '1',
        DATASTORE_KIT_REPORT: 'json',
        DATASTORE_KIT_OUT: 'out',
        HOME: '/root',
        DATASTORE_KIT_OTHER: 'x',
      }),
    ).toEqual({
      target: { kind: 'url', url: 'http://t' },
      token: 'tok',
      concurrency: 4,
      timeoutMs: 900,
      retries: 1,
      reportFormats: 'json',
      outDir: 'out',
    });
  });

  it('rejects a variable that is not a number', () => {
    expect(() => mapRunEnv({ DATASTORE_KIT_CONCURRENCY: 'many' })).toThrow(/DATASTORE_KIT_CONCURRENCY must be a number/);
  });
});
