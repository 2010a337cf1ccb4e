import { describe, expect, it } from 'vitest';
import type { FieldInfo } from './columns.ts';
import type { SearchParams } from './params.ts';
import { buildSearchQuery } from './query.ts';

const columns = new Map<string, FieldInfo>(
  [
    ['_id', 'int'],
    ['title', 'text'],
    ['n', 'int4'],
    ['at', 'timestamp'],
  ].map(([id = '', type = '']) => [id, { id, type }]),
);
const target = { table: 'r-1', columns };
const base: SearchParams = { resourceId: 'r-1', limit: 10, includeTotal: true, totalEstimationThreshold: null, recordsFormat: 'objects' };

describe('buildSearchQuery', () => {
  it('orders by _id by default and pages after ordering', () => {
    const query = buildSearchQuery(base, target);
    expect(query.recordsSql).toContain('FROM "r-1" ORDER BY "_id" LIMIT 10 OFFSET 0');
    expect(query.countSql).toBe('SELECT count(*) FROM "r-1"');
    expect(query.params).toEqual([]);
  });

  it('applies DISTINCT in the same SELECT as LIMIT, with no ORDER BY unless sorted', () => {
    const query = buildSearchQuery({ ...base, distinct: true, fields: 'title' }, target);
    expect(query.recordsSql).toContain('SELECT DISTINCT "title" AS "c0" FROM "r-1" LIMIT 10 OFFSET 0');
    expect(query.countSql).toBe('SELECT count(*) FROM (SELECT DISTINCT "title" FROM "r-1") AS t');
  });

  it('passes filter and query texts as parameters, never inline', () => {
    const query = buildSearchQuery({ ...base, filters: { title: "O'Neil", n: [1, -2] }, q: 'x; drop' }, target);
    expect(query.params).toEqual(["O'Neil", 'english', 'x; drop']);
    expect(query.countSql).toBe('SELECT count(*) FROM "r-1" WHERE "title" = $1 AND "n" IN (1, (-2)) AND "_full_text" @@ plainto_tsquery($2::regconfig, $3)');
    expect(query.recordsSql).toContain('ORDER BY ts_rank("_full_text", plainto_tsquery($2::regconfig, $3), 32) DESC');
  });

  it('renders timestamps without fractions and keeps fields order', () => {
    const query = buildSearchQuery({ ...base, fields: ['at', 'title'] }, target);
    expect(query.recordsSql).toContain(`to_char(z."c0", 'YYYY-MM-DD"T"HH24:MI:SS') AS "at", z."c1" AS "title"`);
    expect(query.outputs.map((f) => f.id)).toEqual(['at', 'title']);
  });

  it('defers an object filter value to an Invalid query', () => {
    expect(buildSearchQuery({ ...base, filters: { n: { gt: 1 } } }, target).adaptError?.message).toBe("can't adapt type 'dict'");
  });
});
