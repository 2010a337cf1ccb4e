import { describe, expect, it } from 'vitest';
import { isKitError } from '../errors.ts';
import { formatReadyLine, resolveServeOptions, type ServeArgs } from './serve-options.ts';

const defaults: ServeArgs = {
  fixtures: 'fixtures',
  host: '127.0.0.1',
  port: 8800,
  rowsDefault: 100,
  rowsMax: 32000,
  apiToken: [],
  sql: true,
  allowedFunctions: undefined,
  sqlTimeoutMs: undefined,
};

describe('resolveServeOptions', () => {
  it('maps the defaults to server options with the fixtures folder resolved against cwd', () => {
    expect(resolveServeOptions(defaults, {}, '/srv/kit')).toEqual({
      fixturesDir: '/srv/kit/fixtures',
      host: '127.0.0.1',
      port: 8800,
      config: { rowsDefault: 100, rowsMax: 32000, apiTokens: [], sqlEnabled: true },
    });
  });

  it('maps every flag', () => {
    const args: ServeArgs = {
      ...defaults,
      fixtures: '/data/fx',
      host: '0.0.0.0',
      port: 0,
      rowsDefault: 10,
      rowsMax: 50,
      apiToken: ['a', 'b'],
      sql: false,
      allowedFunctions: 'allow.txt',
      sqlTimeoutMs: 500,
    };
    expect(resolveServeOptions(args, {}, '/srv')).toEqual({
      fixturesDir: '/data/fx',
      host: '0.0.0.0',
      port: 0,
      config: { rowsDefault: 10, rowsMax: 50, apiTokens: ['a', 'b'], sqlEnabled: false, sqlTimeoutMs: 500 },
      allowedFunctionsFile: '/srv/allow.txt',
    });
  });

  it('adds the token from DATASTORE_KIT_API_TOKEN', () => {
    const options = resolveServeOptions({ ...defaults, apiToken: ['a'] }, { DATASTORE_KIT_API_TOKEN: ' env-token ' }, '/');
    expect(options.config?.apiTokens).toEqual(['a', 'env-token']);
    expect(resolveServeOptions(defaults, { DATASTORE_KIT_API_TOKEN: '' }, '/').config?.apiTokens).toEqual([]);
  });

  it('adds the tokens of --api-token-file, one a line, between --api-token and the environment', () => {
    const options = resolveServeOptions({ ...defaults, apiToken: ['a'] }, { DATASTORE_KIT_API_TOKEN: 'env' }, '/', [' file-1 ', '', 'file-2\r']);
    expect(options.config?.apiTokens).toEqual(['a', 'file-1', 'file-2', 'env']);
  });

  it('maps the search timeout to the config and the worker counts to the engine', () => {
    expect(resolveServeOptions({ ...defaults, searchTimeoutMs: 1500, searchWorkers: 3, sqlWorkers: 1 }, {}, '/')).toMatchObject({
      config: { searchTimeoutMs: 1500 },
      searchWorkers: 3,
      sqlWorkers: 1,
    });
    expect(resolveServeOptions(defaults, {}, '/')).not.toHaveProperty('searchWorkers');
  });

  it('asks for a reload of the PostgreSQL database only with --reload', () => {
    expect(resolveServeOptions({ ...defaults, databaseUrl: 'postgres://db/x', reload: true }, {}, '/').reloadDatabase).toBe(true);
    expect(resolveServeOptions({ ...defaults, databaseUrl: 'postgres://db/x' }, {}, '/')).not.toHaveProperty('reloadDatabase');
  });

  it('selects the postgres engine from --database-url, else DATASTORE_KIT_DATABASE_URL', () => {
    const env = { DATASTORE_KIT_DATABASE_URL: ' postgres://env@db/x ' };
    expect(resolveServeOptions({ ...defaults, databaseUrl: 'postgres://flag@db/x' }, env, '/').databaseUrl).toBe('postgres://flag@db/x');
    expect(resolveServeOptions(defaults, env, '/').databaseUrl).toBe('postgres://env@db/x');
    expect(resolveServeOptions(defaults, { DATASTORE_KIT_DATABASE_URL: '' }, '/')).not.toHaveProperty('databaseUrl');
  });

  it.each([
    [{ port: -1 }, '--port must be a whole number >= 0, got -1'],
    [{ port: 70000 }, '--port must be at most 65535, got 70000'],
    [{ port: Number.NaN }, '--port must be a whole number >= 0, got NaN'],
    [{ rowsDefault: 1.5 }, '--rows-default must be a whole number >= 0, got 1.5'],
    [{ rowsMax: -3 }, '--rows-max must be a whole number >= 0, got -3'],
    [{ sqlTimeoutMs: 0 }, '--sql-timeout-ms must be a whole number > 0, got 0'],
    [{ searchTimeoutMs: -5 }, '--search-timeout-ms must be a whole number > 0, got -5'],
    [{ searchWorkers: 0 }, '--search-workers must be a whole number > 0, got 0'],
    [{ sqlWorkers: 1.5 }, '--sql-workers must be a whole number > 0, got 1.5'],
    [{ ckanVersion: '2.8' }, '--ckan-version must be one of 2.9, 2.10, 2.11, 2.12 (or a release such as 2.11.5), got "2.8"'],
    [{ ckanVersion: 'latest' }, '--ckan-version must be one of 2.9, 2.10, 2.11, 2.12 (or a release such as 2.11.5), got "latest"'],
    [{ ckanVersion: '2.8.12' }, '--ckan-version must be one of 2.9, 2.10, 2.11, 2.12 (or a release such as 2.11.5), got "2.8.12"'],
  ])('rejects %j as a usage error', (override, message) => {
    let failure: unknown;
    try {
      resolveServeOptions({ ...defaults, ...override }, {}, '/');
    } catch (error) {
      failure = error;
    }
    expect(isKitError(failure) && failure.code).toBe('E_USAGE');
    expect(isKitError(failure) && failure.message).toBe(message);
  });
});

it('maps --ckan-version to the version the server answers as', () => {
  expect(resolveServeOptions({ ...defaults, ckanVersion: ' 2.12 ' }, {}, '/').config?.ckanVersion).toBe('2.12');
  expect(resolveServeOptions(defaults, {}, '/').config).not.toHaveProperty('ckanVersion');
  expect(resolveServeOptions({ ...defaults, ckanVersion: '2.10.7' }, {}, '/').config).toMatchObject({ ckanVersion: '2.10', ckanRelease: '2.10.7' });
});

describe('formatReadyLine', () => {
  it('names the CKAN version the server answers as, when given', () => {
    expect(formatReadyLine('http://127.0.0.1:5', 2, 'fx', '2.10')).toBe(
      'datastore-kit reference server listening on http://127.0.0.1:5 (2 resources, fx/) as CKAN 2.10',
    );
  });

  it('names the URL, the resource count and the folder', () => {
    expect(formatReadyLine('http://127.0.0.1:8800', 3, 'fixtures')).toBe(
      'datastore-kit reference server listening on http://127.0.0.1:8800 (3 resources, fixtures/)',
    );
    expect(formatReadyLine('http://127.0.0.1:5', 1, 'fx/')).toBe('datastore-kit reference server listening on http://127.0.0.1:5 (1 resource, fx/)');
  });
});
