import { beforeAll, describe, expect, it } from 'vitest';
import type { ActionRequest, Datastore, ResourceDef } from '../types.ts';
import { ActionAuthorizationError, ActionValidationError } from '../types.ts';
import { loadAllowedFunctions } from './allow-list.ts';
import { ckanTraits } from '../ckan-versions.ts';
import { resolveServerConfig } from '../config.ts';
import { checkFunctions, checkRelations, inspectStatement } from './checks.ts';
import { createSqlStatement } from './statement.ts';
import { loadParser } from './parse.ts';

const publicId = 'df356cc6-0e13-4ba8-bc98-c4706614881b';
const privateId = 'ff5f4ee6-14e2-4eb2-892c-abf6872814ff';

function makeDatastore(resources: ResourceDef[]): Datastore {
  return {
    resources,
    resolve: (name) => resources.find((r) => r.id === name || r.aliases.includes(name)),
  };
}

const datastore = makeDatastore([
  { id: publicId, aliases: ['courses'], private: false, columns: [{ id: 'title', type: 'text' }], rowCount: 3 },
  { id: privateId, aliases: ['salaries'], private: true, columns: [{ id: 'pay', type: 'numeric' }], rowCount: 2 },
]);

function request(authorized: boolean): ActionRequest {
  return { params: {}, path: '/api/3/action/datastore_search_sql', queryString: '', method: 'POST', authorized };
}

let allowed: string[] = [];
beforeAll(async () => {
  await loadParser();
  allowed = await loadAllowedFunctions();
});

const statementOf = (sql: string) => createSqlStatement(sql, 100, ckanTraits('2.11'));
const context = { datastore, config: resolveServerConfig() };

/** Runs every check the action makes before the engine; returns the thrown error, or undefined. */
function check(sql: string, authorized = false): unknown {
  const statement = statementOf(sql);
  try {
    const found = inspectStatement(statement);
    checkRelations(found, statement, request(authorized), context);
    checkFunctions(found, allowed, sql);
    return undefined;
  } catch (error: unknown) {
    return error;
  }
}

function validationErrors(error: unknown): unknown {
  expect(error).toBeInstanceOf(ActionValidationError);
  return error instanceof ActionValidationError ? error.errors : undefined;
}

function denial(error: unknown): string {
  expect(error).toBeInstanceOf(ActionAuthorizationError);
  return error instanceof ActionAuthorizationError ? error.detail : '';
}

describe('datastore_search_sql checks', () => {
  it.each([
    `SELECT * FROM "${publicId}" WHERE title LIKE 'Intro%'`,
    `SELECT count(*), upper(title) FROM public."${publicId}" GROUP BY title ORDER BY 1`,
    `SELECT * FROM courses`,
    `WITH x AS (SELECT title FROM "${publicId}") SELECT * FROM x`,
    `SELECT title, row_number() OVER (ORDER BY title) FROM "${publicId}"`,
    `SELECT a.title FROM "${publicId}" a JOIN "${publicId}" b ON a.title = b.title`,
    `SELECT * FROM generate_series(1, 3)`,
    `SELECT EXTRACT(year FROM now()), coalesce(NULL, 1), greatest(1, 2), nullif(1, 2), x::int FROM (VALUES ('1')) v(x)`,
    `SELECT * FROM "${privateId}"`,
    `VALUES (1), (2)`,
    `TABLE "${publicId}"`,
    `SELECT "count"(*) FROM "${publicId}"`,
    `SELECT LEAST(1, 2), Json_Object('a': 1), json_array(1, 2), JSON_VALUE('{"a":1}', '$.a'), NULLIF(1, 1)`,
    `SELECT subject, GROUPING(subject) FROM "${publicId}" GROUP BY ROLLUP (subject)`,
  ])('accepts %s (authorized)', (sql) => {
    expect(check(sql, true)).toBeUndefined();
  });

  it.each([[`SELECT 1; DROP TABLE "${publicId}"`], [`SELECT 1; SELECT 2`], [`SELECT 'a\\'b'`], [`SELECT 1;;`]])(
    'refuses %s as not a single statement',
    (sql) => {
      expect(validationErrors(check(sql))).toEqual({ query: ['Query is not a single statement.'] });
    },
  );

  it.each([
    [`INSERT INTO "${publicId}" VALUES ('x')`, 'syntax error at or near "INTO"'],
    [`UPDATE "${publicId}" SET title = 'x'`, 'syntax error at or near "SET"'],
    [`DELETE FROM "${publicId}"`, 'syntax error at or near "FROM"'],
    [`DROP TABLE "${publicId}"`, 'syntax error at or near "TABLE"'],
    [`TRUNCATE "${publicId}"`, 'syntax error at or near ")"'],
    [`ALTER TABLE "${publicId}" ADD COLUMN x int`, 'syntax error at or near "TABLE"'],
    [`CREATE TABLE t (x int)`, 'syntax error at or near "CREATE"'],
    [`GRANT ALL ON "${publicId}" TO PUBLIC`, 'syntax error at or near "GRANT"'],
    [`SET statement_timeout = 0`, 'syntax error at or near "="'],
    [`COPY "${publicId}" TO '/tmp/x'`, 'syntax error at or near "TO"'],
    [`DO $$ BEGIN END $$`, 'syntax error at or near "DO"'],
    [`SELECT 1;`, 'syntax error at or near ";"'],
    [`SELECT FROM FROM`, 'syntax error at or near "FROM"'],
    [`   `, 'syntax error at or near ")"'],
    [`SELECT * INTO t FROM "${publicId}"`, 'SELECT ... INTO is not allowed here'],
    [`SELECT * FROM nope`, 'relation "nope" does not exist'],
    [`SELECT * FROM public.nope`, 'relation "public.nope" does not exist'],
    [`SELECT * FROM other."${publicId}"`, `relation "other.${publicId}" does not exist`],
  ])('refuses %s with 409 %s', (sql, message) => {
    const errors = validationErrors(check(sql, true));
    expect(errors).toMatchObject({ info: { statement: [`${statementOf(sql).wrapped} ;`], params: [{}] } });
    const texts = errors as { query: string[]; info: { orig: string[] } };
    expect(texts.info.orig[0]?.startsWith(`${message}\n`)).toBe(true);
    expect(texts.query[0]).toMatch(/^\(psycopg2\.errors\.\w+\) /);
    expect(texts.query[0]).toContain(message);
  });

  it("refuses a data-modifying CTE before it reaches the engine, with 409 and PostgreSQL's message", () => {
    const errors = validationErrors(check(`WITH x AS (DELETE FROM "${publicId}" RETURNING *) SELECT * FROM x`, true));
    expect(errors).toMatchObject({ info: { orig: ['WITH clause containing a data-modifying statement must be at the top level\n'] } });
  });

  it.each([
    `SELECT * FROM "${publicId}" FOR UPDATE`,
    `SELECT * FROM "${publicId}" FOR SHARE`,
    `SELECT * FROM (SELECT 1 FROM "${publicId}" FOR NO KEY UPDATE) s`,
  ])('refuses row locks (%s) with the 403 CKAN gives', (sql) => {
    expect(denial(check(sql, true))).toBe('Not authorized to read resource.');
  });

  it.each([
    'SELECT * FROM pg_roles',
    'SELECT * FROM pg_catalog.pg_class',
    'SELECT * FROM information_schema.tables',
    'SELECT * FROM "_table_metadata"',
    'SELECT * FROM pg_temp.x',
    `WITH pg_x AS (SELECT 1) SELECT * FROM pg_x`,
  ])('refuses system tables: %s', (sql) => {
    expect(denial(check(sql, true))).toBe('Not authorized to access system tables');
  });

  it.each([
    [`SELECT * FROM "${privateId}"`],
    [`SELECT * FROM salaries`],
    [`SELECT * FROM "${publicId}" JOIN "${privateId}" ON true`],
    // A CTE of the same name never hides a reference to the real table.
    [`WITH a AS (SELECT * FROM "${privateId}"), "${privateId}" AS (SELECT 1) SELECT * FROM a`],
  ])('refuses a private resource to an anonymous caller: %s', (sql) => {
    expect(denial(check(sql, false))).toBe(`User  not authorized to read resource ${privateId}`);
  });

  it.each([
    ['SELECT pg_sleep(100)', 'pg_sleep'],
    ['SELECT PG_SLEEP(1)', 'PG_SLEEP'],
    [`SELECT query_to_xml('select 1', true, true, '')`, 'query_to_xml'],
    [`SELECT * FROM dblink('host=x', 'select 1') AS t(a int)`, 'dblink'],
    [`SELECT lo_import('/etc/passwd')`, 'lo_import'],
    [`SELECT pg_read_file('/etc/passwd')`, 'pg_read_file'],
    [`SELECT set_config('statement_timeout', '0', false)`, 'set_config'],
    [`SELECT nextval('s')`, 'nextval'],
    [`SELECT current_setting('data_directory')`, 'current_setting'],
    [`SELECT CAST(1 AS text)`, 'CAST'],
    [`SELECT public.upper('x')`, 'upper'],
    [`SELECT upper(title) FROM "${publicId}" WHERE title = (SELECT pg_sleep(1)::text)`, 'pg_sleep'],
    [`SELECT * FROM "${publicId}" TABLESAMPLE bernoulli(10)`, 'bernoulli'],
    [`SELECT 'é' || pg_catalog.pg_sleep(1)`, 'pg_sleep'],
    [`SELECT XmlElement(name a)`, 'XmlElement'],
    [`SELECT x IS DOCUMENT FROM (VALUES ('<a/>'::xml)) v(x)`, 'xmlelement'],
    [`SELECT * FROM XMLTABLE('/a' PASSING '<a/>' COLUMNS b int)`, 'XMLTABLE'],
  ])('refuses %s: function %s is not allowed', (sql, name) => {
    expect(denial(check(sql, true))).toBe(`Not authorized to call function ${name}`);
  });

  it('matches quoted allow-list entries by exact spelling only', () => {
    const found = inspectStatement(statementOf('SELECT count(*), CoUnT(*)'));
    expect(() => checkFunctions(found, ['"count"'], 'SELECT count(*), CoUnT(*)')).toThrow('Not authorized to call function CoUnT');
    expect(() => checkFunctions(found, ['count'], 'SELECT count(*), CoUnT(*)')).not.toThrow();
  });

  it.each([
    ['SELECT count(distinct(x)) FROM t', 'distinct'],
    ['SELECT COUNT(DISTINCT(x)) FROM t', 'DISTINCT'],
    ['SELECT DISTINCT(x) FROM t', 'DISTINCT'],
  ])("refuses %s as a call to %s, as CKAN's tokenizer sees it", (sql, name) => {
    const found = inspectStatement(statementOf(sql));
    expect(() => checkFunctions(found, ['count'], sql)).toThrow(`Not authorized to call function ${name}`);
  });

  it.each([
    'SELECT count(DISTINCT x) FROM t',
    'SELECT DISTINCT x FROM t',
    `SELECT 'distinct(' AS a FROM t`,
    'SELECT "distinct(" FROM t',
    'SELECT 1 -- distinct(x)\n',
  ])('allows %s: no keyword written as a call', (sql) => {
    const found = inspectStatement(statementOf(sql));
    expect(() => checkFunctions(found, ['count'], sql)).not.toThrow();
  });

  it('checks tables before functions, as CKAN does', () => {
    expect(denial(check(`SELECT pg_sleep(1) FROM "${privateId}"`, false))).toMatch(/^User {2}not authorized/);
  });

  it('parses 100 KB of SQL and still finds the function inside', () => {
    const filler = Array.from({ length: 10_000 }, (_, i) => `'v${i}'`).join(', ');
    const sql = `SELECT title FROM "${publicId}" WHERE title IN (${filler}) OR pg_sleep(1) IS NULL`;
    expect(sql.length).toBeGreaterThan(80_000);
    expect(denial(check(sql + ' '.repeat(100_000 - sql.length), true))).toBe('Not authorized to call function pg_sleep');
  });
});
