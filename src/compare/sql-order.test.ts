import { describe, expect, it } from 'vitest';
import { compareSnapshots } from './compare.ts';
import { promisedOrder } from './record-order.ts';
import { readSqlPromise } from './sql-order.ts';

describe('readSqlPromise', () => {
  it.each([
    ['SELECT * FROM "t"', { orderKeys: [], orderStrict: false, limited: false, offset: false }],
    ['SELECT * FROM "t" ORDER BY "_id" LIMIT 5', { orderKeys: ['_id'], orderStrict: false, limited: true, offset: false }],
    ['select a, b from t order by T.Title desc nulls last, "b c" offset 2', { orderKeys: ['title', 'b c'], orderStrict: false, limited: false, offset: true }],
    ['SELECT * FROM t ORDER BY upper(a)', { orderKeys: [], orderStrict: true, limited: false, offset: false }],
    ['SELECT * FROM t ORDER BY 1', { orderKeys: [], orderStrict: true, limited: false, offset: false }],
  ])('reads %s', (sql, promise) => {
    expect(readSqlPromise(sql)).toEqual(promise);
  });

  it('ignores ORDER BY and LIMIT inside subqueries, strings, quoted names and comments', () => {
    const sql = `SELECT * FROM (SELECT * FROM t ORDER BY a LIMIT 3) AS s WHERE b = 'order by x limit 1' AND "limit" > 0 -- ORDER BY c
      /* LIMIT 2 */`;
    expect(readSqlPromise(sql)).toEqual({ orderKeys: [], orderStrict: false, limited: false, offset: false });
  });
});

describe('SQL answers in the order their statement promises', () => {
  const answer = (sql: string, records: unknown[]) => ({ status: 200, body: { success: true, result: { sql, records } } });
  const kinds = (sql: string, a: unknown[], b: unknown[]) => compareSnapshots(answer(sql, a), answer(sql, b)).differences.map((d) => d.kind);
  const rows = [
    { title: 'a', n: 1 },
    { title: 'b', n: 2 },
    { title: 'b', n: 3 },
  ];

  it('compares the rows of a statement without ORDER BY as a multiset', () => {
    expect(promisedOrder({ sql: 'SELECT title FROM t' })).toEqual({ kind: 'none', selection: 'any' });
    expect(kinds('SELECT title, n FROM t', rows, [...rows].reverse())).toEqual([]);
  });

  it('still finds a row lost or changed without ORDER BY, and rows out of an ORDER BY', () => {
    expect(kinds('SELECT title, n FROM t', rows, rows.slice(1))).toEqual(['record-removed']);
    expect(kinds('SELECT title, n FROM t', rows, [rows[0], rows[1], { title: 'b', n: 4 }])).toEqual(['record-removed', 'record-added']);
    expect(kinds('SELECT title, n FROM t ORDER BY n', rows, [...rows].reverse())).not.toEqual([]);
  });

  it('lets rows tied on the ORDER BY columns come in any order', () => {
    expect(kinds('SELECT title, n FROM t ORDER BY title', rows, [rows[0], rows[2], rows[1]])).toEqual([]);
  });

  it('promises only how many rows a LIMIT without ORDER BY cuts', () => {
    expect(kinds('SELECT title, n FROM t LIMIT 2', rows.slice(0, 2), rows.slice(1))).toEqual([]);
    expect(kinds('SELECT title, n FROM t LIMIT 2', rows.slice(0, 2), rows.slice(0, 1))).not.toEqual([]);
  });
});
