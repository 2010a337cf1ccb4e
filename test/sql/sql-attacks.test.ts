// The bad input of issue 3 over real HTTP: each gets CKAN's status, __type and message, nothing is written,
// and the server lives on.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startReferenceServer, type ReferenceServer } from '../../src/server/index.ts';
import { errorOf, fixturesDir, ids, postAction, postSql, recordsOf, token } from './helpers.ts';

let server: ReferenceServer;
const loggedErrors: unknown[] = [];

beforeAll(async () => {
  server = await startReferenceServer({
    fixturesDir,
    config: { apiTokens: [token] },
    logError: (error) => loggedErrors.push(error),
  });
});

afterAll(async () => {
  await server?.close();
});

const id = ids.courses;
/** CKAN's 409 for a PostgreSQL error: psycopg2's class, then the message and libpq's excerpt (a new line). */
const pgError = (message: string) => ({
  __type: 'Validation Error',
  query: [expect.stringContaining(`) ${message}\n`)],
  info: { orig: [expect.stringContaining(`${message}\n`)] },
});
const syntax = (near: string) => pgError(`syntax error at or near "${near}"`);
const denied = (detail: string) => ({ __type: 'Authorization Error', message: `Access denied: ${detail}` });
const notSingle = { __type: 'Validation Error', query: ['Query is not a single statement.'] };
const missing = { __type: 'Validation Error', sql: ['Missing value'] };

const matrix: [string, unknown, number, Record<string, unknown>][] = [
  ['INSERT', `INSERT INTO "${id}" (title) VALUES ('x')`, 409, syntax('INTO')],
  ['UPDATE', `UPDATE "${id}" SET title = 'x'`, 409, syntax('SET')],
  ['DELETE', `DELETE FROM "${id}"`, 409, syntax('FROM')],
  ['DROP', `DROP TABLE "${id}"`, 409, syntax('TABLE')],
  ['TRUNCATE', `TRUNCATE "${id}"`, 409, syntax(')')],
  ['ALTER', `ALTER TABLE "${id}" ADD COLUMN x int`, 409, syntax('TABLE')],
  ['CREATE', 'CREATE TABLE t (x int)', 409, syntax('CREATE')],
  ['GRANT', `GRANT ALL ON "${id}" TO PUBLIC`, 409, syntax('GRANT')],
  ['a second statement', `SELECT 1; DROP TABLE "${id}"`, 409, notSingle],
  ['backslash-quote', `SELECT * FROM "${id}" WHERE title = 'a\\'; DROP TABLE x; --'`, 409, notSingle],
  [
    'a data-modifying CTE',
    `WITH x AS (DELETE FROM "${id}" RETURNING *) SELECT * FROM x`,
    409,
    pgError('WITH clause containing a data-modifying statement must be at the top level'),
  ],
  ['SELECT INTO', `SELECT * INTO t FROM "${id}"`, 409, pgError('SELECT ... INTO is not allowed here')],
  ['FOR UPDATE', `SELECT * FROM "${id}" FOR UPDATE`, 403, denied('Not authorized to read resource.')],
  ['pg_sleep', 'SELECT pg_sleep(100)', 403, denied('Not authorized to call function pg_sleep')],
  ['query_to_xml', `SELECT query_to_xml('DELETE FROM "${id}" RETURNING 1', true, true, '')`, 403, denied('Not authorized to call function query_to_xml')],
  ['dblink', `SELECT * FROM dblink('dbname=postgres', 'DROP TABLE x') AS t(a text)`, 403, denied('Not authorized to call function dblink')],
  ['lo_import', `SELECT lo_import('/etc/passwd')`, 403, denied('Not authorized to call function lo_import')],
  ['pg_read_file', `SELECT pg_read_file('/etc/passwd')`, 403, denied('Not authorized to call function pg_read_file')],
  ['set_config', `SELECT set_config('default_transaction_read_only', 'off', false)`, 403, denied('Not authorized to call function set_config')],
  ['nextval', `SELECT nextval('x')`, 403, denied('Not authorized to call function nextval')],
  ['pg_roles', 'SELECT * FROM pg_roles', 403, denied('Not authorized to access system tables')],
  ['information_schema', 'SELECT * FROM information_schema.tables', 403, denied('Not authorized to access system tables')],
  ['an empty string', '', 409, missing],
  ['null', null, 409, missing],
  ['a number', 42, 409, syntax('42')],
  ['an object', { a: 1 }, 409, syntax('{')],
  ['a list', ['SELECT 1'], 409, syntax('[')],
  ['a boolean', true, 409, syntax('True')],
  ['a division by zero (a runtime error)', 'SELECT 1/0 AS x', 409, pgError('division by zero')],
  ['100 KB of junk', 'x'.repeat(100_000), 409, syntax(')')],
];

describe('datastore_search_sql: bad input', () => {
  it.each(matrix)('answers %s as CKAN does', async (_name, sql, status, error) => {
    const answer = await postSql(server.url, sql, true);
    expect(answer.status, answer.text).toBe(status);
    expect(errorOf(answer)).toMatchObject(error);
  });

  it('answers a missing sql with 409 Missing value', async () => {
    const answer = await postAction(server.url, '/api/3/action/datastore_search_sql', {});
    expect(answer.status).toBe(409);
    expect(errorOf(answer)).toEqual(missing);
  });

  it('runs 100 KB of valid SQL', async () => {
    const values = Array.from({ length: 9000 }, (_, i) => `'no such title ${i}'`).join(',');
    const sql = `SELECT count(*) AS n FROM "${id}" WHERE title IN (${values})`;
    expect(sql.length).toBeGreaterThan(100_000);
    expect(recordsOf(await postSql(server.url, sql))).toEqual([{ n: 0 }]);
  });

  it('has written nothing: every fixture table keeps its original row count, and the server still answers', async () => {
    for (const resource of server.datastore.resources) {
      const answer = await postSql(server.url, `SELECT count(*) AS n FROM "${resource.id}"`, true);
      expect(recordsOf(answer), resource.id).toEqual([{ n: resource.rowCount }]);
    }
  });
});

describe('datastore_search_sql: statements nested too deeply', () => {
  const fromSubqueries = (n: number): string => {
    let sql = `SELECT _id FROM "${id}" WHERE _id = 7`;
    for (let i = 0; i < n; i += 1) sql = `SELECT * FROM (${sql}) AS t${i}`;
    return sql;
  };
  const scalarSubqueries = (n: number): string => `SELECT ${'(SELECT '.repeat(n)}1${')'.repeat(n)} AS x`;
  const tooDeep = pgError('stack depth limit exceeded');

  it.each([
    ['900 nested FROM subqueries', fromSubqueries(900)],
    ['1,200 nested scalar subqueries', scalarSubqueries(1200)],
    ['3,000 nested function calls', `SELECT ${'abs('.repeat(3000)}1${')'.repeat(3000)} AS x`],
  ])('answers %s with 409 stack depth limit exceeded, and logs no internal error', async (_name, sql) => {
    const before = loggedErrors.length;
    const answer = await postSql(server.url, sql);
    expect(answer.status, answer.text.slice(0, 300)).toBe(409);
    expect(errorOf(answer)).toMatchObject(tooDeep);
    expect(loggedErrors.slice(before)).toEqual([]);
  });

  it('still runs a statement nested as deeply as real queries are (100 subqueries)', async () => {
    expect(recordsOf(await postSql(server.url, fromSubqueries(100)))).toEqual([{ _id: 7 }]);
  });
});
