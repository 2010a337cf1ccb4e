import { describe, expect, it } from 'vitest';
import { isKitError } from '../../errors.ts';
import { databaseOf, parseDatabaseUrl, redactDatabaseUrl, withDatabase } from './postgres-url.ts';

describe('parseDatabaseUrl', () => {
  it.each([
    ['not a url', 'the database URL is not a URL (expected postgres://user:password@host:port/database)'],
    ['mysql://u:pw@h/db', 'the database URL must start with postgres:// or postgresql://, got mysql://'],
    ['http://h/db', 'the database URL must start with postgres:// or postgresql://, got http://'],
  ])('rejects %s as a usage error', (input, message) => {
    let failure: unknown;
    try {
      parseDatabaseUrl(input);
    } catch (e) {
      failure = e;
    }
    expect(isKitError(failure) && failure.code).toBe('E_USAGE');
    expect(isKitError(failure) && failure.message).toBe(message);
  });

  it.each([['postgres://u@h:5432/db'], ['postgresql://u:pw@h/db?sslmode=require']])('accepts %s', (input) => {
    expect(parseDatabaseUrl(input).href).toBe(input);
  });
});

describe('connection URL helpers', () => {
  it.each([
    ['postgres://kit:s3cret@db:5432/app', 'postgres://kit:***@db:5432/app'],
    ['postgres://kit@db/app', 'postgres://kit@db/app'],
  ])('masks the password of %s', (input, shown) => {
    expect(redactDatabaseUrl(parseDatabaseUrl(input))).toBe(shown);
  });

  it.each([
    ['postgres://u@h/app', 'app'],
    ['postgres://u@h', ''],
    ['postgres://u@h/my%20db', 'my db'],
  ])('reads the database of %s', (input, database) => {
    expect(databaseOf(parseDatabaseUrl(input))).toBe(database);
  });

  it('points the same server, credentials and parameters at another database', () => {
    const url = parseDatabaseUrl('postgres://kit:pw@db:6543/app?sslmode=require');
    expect(withDatabase(url, 'datastore_kit')).toBe('postgres://kit:pw@db:6543/datastore_kit?sslmode=require');
    expect(withDatabase(parseDatabaseUrl('postgres://kit@db'), 'x y')).toBe('postgres://kit@db/x%20y');
  });
});
