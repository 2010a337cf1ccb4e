import { describe, expect, it } from 'vitest';
import { parseShard } from './option-flags.ts';
import { mapRunArgs, mapRunEnv } from './options.ts';

const base = { cases: 'cases', tag: [], id: [] };

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
  it.each<[string, Record<string, unknown>, Record<string, unknown>]>([
    ['a target URL', { target: 'http://h:1' }, { target: { kind: 'url', url: 'http://h:1' } }],
    ['the reference server', { reference: true, fixtures: 'fx' }, { target: { kind: 'reference', fixturesDir: 'fx' } }],
    ['selection', { tag: ['a', 'b'], id: ['x'], grep: 'q', shard: '1/2' }, { tags: ['a', 'b'], ids: ['x'], grep: 'q', shard: { index: 1, count: 2 } }],
    ['numbers', { concurrency: 3, 'timeout-ms': 500, retries: 2, rate: 10 }, { concurrency: 3, timeoutMs: 500, retries: 2, rateRps: 10 }],
    ['reports', { report: 'json,junit', out: 'build' }, { reportFormats: 'json,junit', outDir: 'build' }],
    ['contract and bail', { contract: 'ckan', bail: true }, { contract: 'ckan', bail: true }],
    ['profile', { profile: 'p.yaml' }, { profileFile: 'p.yaml' }],
    ['a token from --token-env', { 'token-env': 'MY_TOKEN' }, { token: 'abc' }],
    ['the CKAN version, read when resolved', { reference: true, 'ckan-version': '2.11.2' }, { target: { kind: 'reference' }, ckanVersion: '2.11.2' }],
    ['a baseline, missing ones recorded off CI', { baseline: 'b' }, { baselineDir: 'b', updateBaseline: 'missing' }],
  ])('maps %s', (_name, args, wanted) => {
    expect(mapRunArgs({ ...base, ...args }, { MY_TOKEN: ' abc\n' }, '/w')).toMatchObject(wanted);
  });

  it('leaves unset options out so the environment can fill them', () => {
    const flags = mapRunArgs(base, {}, '/w');
    expect(Object.keys(flags).sort()).toEqual(['casesDir', 'cwd', 'ids', 'tags']);
  });

  it.each<[string, Record<string, unknown>, RegExp]>([
    ['both targets', { target: 'http://h', reference: true }, /--target and --reference/],
    ['an unset token variable', { 'token-env': 'NOPE' }, /--token-env NOPE/],
    ['both token sources', { 'token-env': 'MY_TOKEN', 'token-file': 't' }, /--token-env and --token-file/],
    ['zero concurrency', { concurrency: 0 }, /^--concurrency must be a whole number >= 1, got 0 \(E_USAGE\)$/],
    ['a contract that is none', { contract: 'full' }, /^--contract must be one of seed, ckan, got "full"/],
    ['a bad --update-baseline', { baseline: 'b', 'update-baseline': 'some' }, /^--update-baseline must be one of none, missing, changed, all, got "some"/],
    ['a percentage above 100', { 'min-applicable': 120 }, /^--min-applicable must be a number from 0 to 100, got 120/],
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
    expect(() => mapRunEnv({ DATASTORE_KIT_CONCURRENCY: 'many' })).toThrow('DATASTORE_KIT_CONCURRENCY must be a number, got "many"');
    expect(() => mapRunEnv({ DATASTORE_KIT_RETRIES: '-1' })).toThrow('DATASTORE_KIT_RETRIES must be a whole number from 0 to 20, got -1');
  });
});
