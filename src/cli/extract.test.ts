import { describe, expect, it } from 'vitest';
import { toExtractOptions, type ExtractArgs } from './extract.ts';

const base: ExtractArgs = { fixtures: 'fixtures', target: 'https://portal.example', resource: 'r1', out: 'out/x.csv' };

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
    ['http settings', { retries: 0, rate: 2.5, timeoutMs: 500 }, { http: { retries: 0, rateRps: 2.5, timeoutMs: 500 } }],
    ['reference source', { target: undefined, reference: true }, { source: { reference: { fixturesDir: 'fixtures' } } }],
    ['--restart', { restart: true }, { restart: true, resume: false }],
  ] as const)('maps %s', (_name, args, expected) => {
    expect(toExtractOptions({ ...base, ...args }, {})).toMatchObject(expected);
  });

  it('reads the token from the named environment variable, or takes the file token', () => {
    expect(toExtractOptions({ ...base, tokenEnv: 'TOK' }, { TOK: 's3cret' }).source).toEqual({ target: 'https://portal.example', token: 's3cret' });
    expect(toExtractOptions(base, {}, 'from-file').source).toEqual({ target: 'https://portal.example', token: 'from-file' });
  });

  it.each([
    ['no source', { target: undefined }, 'give exactly one of --target URL or --reference'],
    ['two sources', { reference: true }, 'give exactly one of --target URL or --reference'],
    ['no resource or sql', { resource: undefined }, 'give exactly one of --resource ID or --sql "SELECT ..."'],
    ['no out', { out: undefined }, '--out FILE is required'],
    ['filters with sql', { resource: undefined, sql: 'SELECT 1', filters: '{}' }, '--filters, --q and --fields go with --resource'],
    ['bad filters JSON', { filters: '{' }, '--filters is not JSON'],
    ['filters not an object', { filters: '[1]' }, '--filters must be a JSON object'],
    ['a bad page size', { pageSize: 0 }, '--page-size must be a whole number >= 1'],
    ['no request in flight', { parallel: 0 }, '--parallel must be a whole number >= 1'],
    ['too many requests in flight', { parallel: 17 }, '--parallel must be at most 16'],
    ['a negative retry count', { retries: -1 }, '--retries must be a whole number >= 0'],
    ['an unset token variable', { tokenEnv: 'NOPE' }, '--token-env NOPE: the environment variable is not set'],
  ] as const)('refuses %s with E_USAGE', (_name, args, message) => {
    expect(() => toExtractOptions({ ...base, ...args }, {})).toThrow(expect.objectContaining({ code: 'E_USAGE', message: expect.stringContaining(message) }));
  });
});
