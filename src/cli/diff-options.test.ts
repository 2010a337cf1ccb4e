import { describe, expect, it } from 'vitest';
import { mapDiffArgs, readDiffArgs, replayCommand, type DiffArgs } from './diff-options.ts';

const base: DiffArgs = { targets: [], reference: false, profiles: [], fixtures: 'fixtures', tokenEnvs: [], tokenFiles: [], ckanVersion: undefined };

describe('mapDiffArgs', () => {
  it.each([
    [{ targets: ['http://a', 'http://b'], profiles: ['p.yaml'] }, ['p.yaml', 'p.yaml']],
    [{ targets: ['http://a', 'http://b'], profiles: ['pa.yaml', 'pb.yaml'] }, ['pa.yaml', 'pb.yaml']],
    [{ targets: ['http://a'], reference: true, profiles: ['mine.yaml'] }, ['mine.yaml', undefined]],
    [{ targets: ['http://a'], reference: true, profiles: ['mine.yaml', 'ref.yaml'] }, ['mine.yaml', 'ref.yaml']],
  ])('gives each target its profile: %j', (args, profiles) => {
    const settings = mapDiffArgs({ ...base, ...args }, {}, '/w', undefined);
    expect(settings.sides.map((side) => side.profileFile)).toEqual(profiles);
  });

  it('sends each --target only its own token, and none to the reference server', () => {
    const env = { TA: 'token-a', TB: 'token-b' };
    const two = mapDiffArgs({ ...base, targets: ['http://a', 'http://b'], tokenEnvs: ['TA', 'TB'] }, env, '/w', undefined);
    expect(two.sides.map((side) => side.token)).toEqual(['token-a', 'token-b']);
    const reference = mapDiffArgs({ ...base, targets: ['http://a'], reference: true, tokenEnvs: ['TA'] }, env, '/w', undefined);
    expect(reference.sides.map((side) => side.token)).toEqual(['token-a', undefined]);
    expect(reference.sides[1]?.target).toEqual({ kind: 'reference', fixturesDir: 'fixtures' });
  });

  it("sends each --target the token of its --token-file (the files' texts, read by the handler), one file serving both", () => {
    const two = mapDiffArgs({ ...base, targets: ['http://a', 'http://b'], tokenFiles: ['a.token', 'b.token'] }, {}, '/w', undefined, ['token-a', 'token-b']);
    expect(two.sides.map((side) => side.token)).toEqual(['token-a', 'token-b']);
    const one = mapDiffArgs({ ...base, targets: ['http://a', 'http://b'], tokenFiles: ['site.token'] }, {}, '/w', undefined, ['token-s']);
    expect(one.sides.map((side) => side.token)).toEqual(['token-s', 'token-s']);
    const reference = mapDiffArgs({ ...base, targets: ['http://a'], reference: true, tokenFiles: ['a.token'] }, {}, '/w', undefined, ['token-a']);
    expect(reference.sides.map((side) => side.token)).toEqual(['token-a', undefined]);
    expect(() => mapDiffArgs({ ...base, targets: ['http://a'], reference: true }, {}, '/w', undefined, ['t1', 't2'])).toThrow(
      '--token-file names one file per --target, at most 1 (got 2)',
    );
  });

  it.each([
    [{ targets: ['http://a'] }, /diff needs two targets/],
    [{ targets: ['http://a', 'http://b', 'http://c'] }, /diff needs two targets/],
    [{ targets: ['http://a', 'http://b'], profiles: ['1', '2', '3'] }, /at most 2/],
    [{ targets: ['http://a'], reference: true, tokenEnvs: ['TA', 'TB'] }, /at most 1/],
    [{ targets: ['http://a', 'http://b'], tokenEnvs: ['NOT_SET'] }, /NOT_SET: that environment variable is not set/],
  ])('refuses %j', (args, message) => {
    expect(() => mapDiffArgs({ ...base, ...args }, { TA: 't' }, '/w', undefined)).toThrow(message);
  });
});

describe('replayCommand', () => {
  it('repeats the targets, profiles and selection with the seed', () => {
    const args = { ...base, targets: ['http://a'], reference: true, profiles: ['my profile.yaml'], tags: ['smoke'], catalogue: false, generate: 50 };
    expect(replayCommand(args, 9)).toBe(
      "datastore-kit diff --target http://a --reference --profile 'my profile.yaml' --tag smoke --no-catalogue --generate 50 --seed 9",
    );
  });

  it('repeats the traffic file and its sample', () => {
    const args = { ...base, targets: ['http://a', 'http://b'], catalogue: false, requests: 'logs/access.log', sample: 200 };
    expect(replayCommand(args, 4)).toBe(
      'datastore-kit diff --target http://a --target http://b --no-catalogue --requests logs/access.log --sample 200 --seed 4',
    );
  });
});

describe('readDiffArgs', () => {
  it("reads the repeated flags per target and run's shared ones, by their declarations", () => {
    expect(readDiffArgs({ target: ['http://a', 'http://b'], 'token-env': ['TA'], concurrency: 3, shard: '1/2', generate: 5 })).toMatchObject({
      targets: ['http://a', 'http://b'],
      tokenEnvs: ['TA'],
      reference: false,
      concurrency: 3,
      shard: { index: 1, count: 2 },
      generate: 5,
    });
  });

  it.each([
    [{ generate: 0 }, '--generate must be a whole number >= 1, got 0'],
    [{ seed: 2 ** 31 }, '--seed must be a whole number from -2147483647 to 2147483647, got 2147483648'],
    [{ concurrency: 0 }, '--concurrency must be a whole number >= 1, got 0'],
    [{ sample: 0 }, '--sample must be a whole number >= 1, got 0'],
    [{ requests: ' ' }, '--requests must'],
    [{ 'token-env': ['not a name'] }, '--token-env item 1 must match ^[A-Za-z_][A-Za-z0-9_]*$, got "not a name"'],
  ])('refuses %j naming the flag', (flags, message) => {
    expect(() => readDiffArgs(flags)).toThrow(message);
  });
});
