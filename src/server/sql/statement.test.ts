import { describe, expect, it } from 'vitest';
import { ckanTraits } from '../ckan-versions.ts';
import { ActionValidationError } from '../types.ts';
import { describeErrorPosition } from '../error-position.ts';
import { psycopgErrorName, sqlalchemyErrorCode } from './psycopg-errors.ts';
import { createSqlStatement, databaseError } from './statement.ts';

const insert = `INSERT INTO "df356cc6-0e13-4ba8-bc98-c4706614881b" ("title") VALUES ('intruder')`;
const caret = `${' '.repeat(61)}^\n`;

describe('databaseError', () => {
  // recordings 2.9/2.11/2.12 catalogue-reference: INSERT INTO ... (the answers, verbatim)
  it.each([
    ['2.9', 'http://sqlalche.me/e/f405'],
    ['2.11', 'https://sqlalche.me/e/14/f405'],
    ['2.12', 'https://sqlalche.me/e/20/f405'],
  ] as const)('writes a syntax error as CKAN %s does, down to the SQLAlchemy link', (version, link) => {
    const statement = createSqlStatement(insert, 32000, ckanTraits(version));
    const error = databaseError(statement, { message: 'syntax error at or near "INTO"', sqlState: '42601', position: 23 });
    const orig = `syntax error at or near "INTO"\nLINE 1: ...LAIN (VERBOSE, FORMAT JSON) SELECT * FROM (INSERT INTO "df35...\n${caret}`;
    const sent = `SELECT * FROM (${insert}) AS blah LIMIT 32001 ;`;
    expect(error).toBeInstanceOf(ActionValidationError);
    expect(error.errors).toEqual({
      query: [`(psycopg2.errors.SyntaxError) ${orig}\n[SQL: ${sent}]\n(Background on this error at: ${link})`],
      info: { statement: [sent], params: [{}], orig: [orig] },
    });
  });

  it('adds DETAIL and HINT lines after the excerpt, and nothing but the message without a position', () => {
    const statement = createSqlStatement('SELECT f(1)', 100, ckanTraits('2.11'));
    const hinted = databaseError(statement, { message: 'function f(integer) does not exist', sqlState: '42883', hint: 'Add casts.' });
    expect(hinted.errors['info']).toMatchObject({ orig: ['function f(integer) does not exist\nHINT:  Add casts.\n'] });
    expect(String((hinted.errors['query'] as string[])[0])).toMatch(/^\(psycopg2\.errors\.UndefinedFunction\) function f/);
  });

  it("removes EXPLAIN wherever CKAN does, from the caller's own SQL too", () => {
    const statement = createSqlStatement("SELECT 'EXPLAIN this' AS x FROM nope", 100, ckanTraits('2.11'));
    const error = databaseError(statement, { message: 'relation "nope" does not exist', sqlState: '42P01' });
    expect(error.errors['info']).toMatchObject({ statement: ["SELECT * FROM (SELECT 'this' AS x FROM nope) AS blah LIMIT 101 ;"] });
  });
});

describe('describeErrorPosition', () => {
  it('shows a short line whole, the caret under the position', () => {
    expect(describeErrorPosition('SELECT nope', 8)).toBe('LINE 1: SELECT nope\n               ^\n');
  });

  it('cuts a long line at 60 columns, keeping 10 right of the position (recording 2.11 catalogue-reference#168)', () => {
    const explained = 'EXPLAIN (VERBOSE, FORMAT JSON) SELECT * FROM (SELECT * FROM "00000000-0000-4000-8000-00000000dead") AS blah LIMIT 32001 ;';
    expect(describeErrorPosition(explained, 61)).toBe(`LINE 1: ...ERBOSE, FORMAT JSON) SELECT * FROM (SELECT * FROM "00000000-...\n${caret}`);
  });

  it('cuts only the right when the position is near the start, and names the line it is on', () => {
    const line = `SELECT ${'x, '.repeat(40)}y`;
    expect(describeErrorPosition(line, 1)).toBe(`LINE 1: ${line.slice(0, 60)}...\n        ^\n`);
    expect(describeErrorPosition('SELECT 1\nFROM\tnope', 15)).toBe('LINE 2: FROM nope\n             ^\n');
  });

  it('points past the end for an error at the end of input, and gives nothing outside the query', () => {
    expect(describeErrorPosition('SELECT (', 9)).toBe('LINE 1: SELECT (\n                ^\n');
    expect(describeErrorPosition('SELECT 1', 20)).toBe('');
  });

  it('counts wide characters as two columns', () => {
    expect(describeErrorPosition("SELECT '東京' || x", 16)).toBe(`LINE 1: SELECT '東京' || x\n${' '.repeat(25)}^\n`);
  });
});

describe('psycopgErrorName', () => {
  it.each([
    ['42601', 'psycopg2.errors.SyntaxError', 'f405'],
    ['42P01', 'psycopg2.errors.UndefinedTable', 'f405'],
    ['22012', 'psycopg2.errors.DivisionByZero', '9h9h'],
    ['42P99', 'psycopg2.ProgrammingError', 'f405'],
    ['0A000', 'psycopg2.errors.FeatureNotSupported', 'tw8g'],
  ])('names SQLSTATE %s %s (SQLAlchemy code %s)', (sqlState, name, code) => {
    expect(psycopgErrorName(sqlState)).toBe(name);
    expect(sqlalchemyErrorCode(sqlState)).toBe(code);
  });
});
