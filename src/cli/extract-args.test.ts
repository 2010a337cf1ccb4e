import { describe, expect, it } from 'vitest';
import { toExtractOptions, toJobFlags } from './extract-args.ts';

/** Flags as yargs hands them over (kebab-case names). */
const base = { target: 'https://portal.example', resource: 'r1', out: 'out/x.csv' };

describe('toExtractOptions', () => {
  it.each([
    ['format from the extension', { out: 'x.jsonl' }, { format: 'jsonl', gzip: false }],
    ['gzip from .gz', { out: 'x.tsv.gz' }, { format: 'tsv', gzip: true }],
    ['csv for a name without an extension', { out: 'out/x' }, { format: 'csv' }],
    ['parquet from the extension', { out: 'x.parquet' }, { format: 'parquet', gzip: false }],
    ['an unknown extension with --format', { out: 'x.data', format: 'tsv' }, { format: 'tsv' }],
    ['an explicit format wins', { out: 'x.jsonl', format: 'json' }, { format: 'json' }],
    ['fields split on commas', { fields: 'a, b,,c' }, { fields: ['a', 'b', 'c'] }],
    ['filters parsed as JSON', { filters: '{"stage": ["a", "b"]}' }, { filters: { stage: ['a', 'b'] } }],
    ['http settings', { retries: 0, rate: 2.5, 'timeout-ms': 500 }, { http: { retries: 0, rateRps: 2.5, timeoutMs: 500 } }],
    ['the http defaults', {}, { http: { retries: 5, timeoutMs: 60_000, rateRps: undefined } }],
    ['--max-shrink as maxShrinkPct', { 'max-shrink': 20 }, { maxShrinkPct: 20 }],
    ['reference source', { target: undefined, reference: true }, { source: { reference: { fixturesDir: 'fixtures' } } }],
    ['--restart', { restart: true }, { restart: true, resume: false }],
  ] as const)('maps %s', (_name, flags, expected) => {
    expect(toExtractOptions({ ...base, ...flags }, {})).toMatchObject(expected);
  });

  it('reads the token from the named environment variable, or takes the file token', () => {
    expect(toExtractOptions({ ...base, 'token-env': 'TOK' }, { TOK: 's3cret' }).source).toEqual({ target: 'https://portal.example', token: 's3cret' });
    expect(toExtractOptions(base, {}, 'from-file').source).toEqual({ target: 'https://portal.example', token: 'from-file' });
  });

  it.each([
    ['no source', { target: undefined }, 'give exactly one of --target URL or --reference'],
    ['two sources', { reference: true }, 'give exactly one of --target URL or --reference'],
    ['no resource or sql', { resource: undefined }, 'give exactly one of --resource or --sql'],
    ['no out', { out: undefined }, '--out FILE is required'],
    ['filters with sql', { resource: undefined, sql: 'SELECT 1', filters: '{}' }, '--filters, -q and --fields go with --resource, not with --sql'],
    ['bad filters JSON', { filters: '{' }, '--filters is not JSON'],
    ['filters not an object', { filters: '[1]' }, '--filters must be an object, got [1]'],
    ['a bad page size', { 'page-size': 0 }, '--page-size must be a whole number from 1 to 1000000, got 0'],
    ['no request in flight', { parallel: 0 }, '--parallel must be a whole number from 1 to 16, got 0'],
    ['too many requests in flight', { parallel: 17 }, '--parallel must be a whole number from 1 to 16, got 17'],
    ['a negative retry count', { retries: -1 }, '--retries must be a whole number from 0 to 20, got -1'],
    ['a target that is no URL', { target: 'portal.example' }, '--target must be an http(s) URL, got "portal.example"'],
    ['gzip for parquet', { out: 'x.parquet', gzip: true }, '--gzip does not go with parquet, which compresses its columns itself'],
    ['an unset token variable', { 'token-env': 'NOPE' }, '--token-env NOPE: the environment variable is not set'],
  ] as const)('refuses %s with E_USAGE', (_name, flags, message) => {
    expect(() => toExtractOptions({ ...base, ...flags }, {})).toThrow(expect.objectContaining({ code: 'E_USAGE', message: expect.stringContaining(message) }));
  });

  it('lists every refused value, one line each', () => {
    expect(() => toExtractOptions({ ...base, 'page-size': 0, retries: 99 }, {})).toThrow(
      '--page-size must be a whole number from 1 to 1000000, got 0 (E_USAGE)\n--retries must be a whole number from 0 to 20, got 99 (E_USAGE)',
    );
  });
});

describe('toJobFlags', () => {
  it('takes --restart for every extract of the job', () => {
    expect(toJobFlags({ job: 'x.yaml', restart: true })).toEqual({ restart: true });
  });

  it('refuses the options of one extract beside --job, naming them', () => {
    expect(() => toJobFlags({ job: 'x.yaml', 'page-size': 5, target: 'http://x' })).toThrow(
      '--page-size, --target do not go with --job: the job file gives each extract its options',
    );
  });
});
