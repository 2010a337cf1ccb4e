import { describe, expect, it } from 'vitest';
import { ckanTraits } from '../ckan-versions.ts';
import type { FieldInfo } from './columns.ts';
import type { SearchParams } from './params.ts';
import { buildSearchStatements } from './statement.ts';

const table = 'df356cc6-0e13-4ba8-bc98-c4706614881b';
const columns = new Map<string, FieldInfo>(
  [
    ['_id', 'int'],
    ['title', 'text'],
    ['updated', 'timestamp'],
    ['tags', '_text'],
    ['meta', 'json'],
    ['rating with %', 'numeric'],
  ].map(([id = '', type = '']) => [id, { id, type }]),
);
const base: SearchParams = { resourceId: table, limit: 100, includeTotal: true, totalEstimationThreshold: null, recordsFormat: 'objects' };
const select =
  `"_id" as "_id", "title" as "title", to_char("updated", 'YYYY-MM-DD"T"HH24:MI:SS') as "updated", ` +
  `coalesce(array_to_json("tags"),'null') as "tags", coalesce(("meta").json,'null') as "meta", "rating with %%" as "rating with %%"`;

describe('buildSearchStatements', () => {
  it('writes 2.11.5 statements as CKAN does: inner sorted page, %(value_N)s, a dict of params (catalogue-reference#95)', () => {
    const { records, count } = buildSearchStatements({ ...base, filters: { _id: 'not-a-number' } }, columns, table, { traits: ckanTraits('2.11') });
    expect(records.text).toBe(
      `\n            SELECT array_to_json(array_agg(j))::text FROM (\n                SELECT  ${select}\n                FROM (\n` +
        `                    SELECT * FROM "${table}" \n                    WHERE (_id = %(value_0)s) ORDER BY _id LIMIT 100 OFFSET 0\n` +
        '                ) as z\n            ) AS j',
    );
    expect(records.params).toEqual({ value_0: 'not-a-number' });
    expect(count.text).toBe(`SELECT count(*) FROM (\n                SELECT  ${select}\n                FROM "${table}"  WHERE (_id = %(value_0)s)) as t;`);
  });

  it('writes 2.9 statements flat with %s, a list of params and text filters as given', () => {
    const { records } = buildSearchStatements({ ...base, filters: { title: 25, 'rating with %': [1, 2] } }, columns, table, { traits: ckanTraits('2.9') });
    expect(records.text).toContain(
      `FROM "${table}" \n                WHERE ("title" = %s) AND ("rating with %%" in (%s,%s)) ORDER BY _id LIMIT 100 OFFSET 0\n            ) AS j`,
    );
    expect(records.params).toEqual([25, 1, 2]);
  });

  it('stringifies text filters from 2.11 and quotes columns as SQLAlchemy does', () => {
    const { records } = buildSearchStatements({ ...base, filters: { title: [25, null], 'rating with %': 4.5 } }, columns, table, {
      traits: ckanTraits('2.11'),
    });
    expect(records.text).toContain('WHERE (title in (%(value_0)s,%(value_1)s)) AND ("rating with %%" = %(value_2)s)');
    expect(records.params).toEqual({ value_0: '25', value_1: 'None', value_2: 4.5 });
  });

  it('applies DISTINCT after the sorted page in 2.10.8+/2.11.3+ and before it in older releases and 2.12', () => {
    const params: SearchParams = { ...base, distinct: true, fields: 'title', sort: 'updated desc' };
    const inner = buildSearchStatements(params, columns, table, { traits: ckanTraits('2.11.5') }).records.text;
    expect(inner).toMatch(/SELECT DISTINCT "title" as "title"\n {16}FROM \(\n {20}SELECT \* FROM "[^"]+" \n {20} ORDER BY "updated" desc LIMIT 100/);
    const flat = buildSearchStatements(params, columns, table, { traits: ckanTraits('2.11.2') }).records.text;
    expect(flat).toContain(`SELECT DISTINCT "title" as "title"\n                FROM "${table}" \n                 ORDER BY "updated" desc LIMIT 100`);
    const cte = buildSearchStatements(params, columns, table, { traits: ckanTraits('2.12') }).records.text;
    expect(cte).toContain(
      `SELECT * FROM "${table}"  \n            ), select_cols AS (\n                SELECT DISTINCT "title" as "title" FROM records_page ORDER BY "updated" desc LIMIT 100 OFFSET 0`,
    );
  });

  it('ranks and sorts by the text query alone, with no tie-breaker', () => {
    const { records } = buildSearchStatements({ ...base, q: "it's", fields: '_id,rank' }, columns, table, { traits: ckanTraits('2.10') });
    expect(records.text).toContain(`SELECT  "_id" as "_id", ts_rank(_full_text, "query", 32) as "rank"`);
    expect(records.text).toContain(
      `SELECT * FROM "${table}" , plainto_tsquery('english', 'it''s') "query"\n                    WHERE (_full_text @@ "query") ORDER BY ts_rank(_full_text, "query", 32) DESC LIMIT 100`,
    );
  });

  it('leaves `%` in a 2.10.8+ sort unescaped, as CKAN does (so psycopg2 fails on it)', () => {
    const sort = 'rating with % desc';
    expect(buildSearchStatements({ ...base, sort }, columns, table, { traits: ckanTraits('2.10') }).records.text).toContain('ORDER BY "rating with %" desc');
    expect(buildSearchStatements({ ...base, sort }, columns, table, { traits: ckanTraits('2.10.7') }).records.text).toContain('ORDER BY "rating with %%" desc');
  });

  it('reads the next page id in the same 2.12 statement', () => {
    const statements = buildSearchStatements({ ...base, includeNextPage: true, sort: '_id desc' }, columns, table, { traits: ckanTraits('2.12') });
    expect(statements.records.text).toContain(
      '), next_id AS (\n                SELECT min(_id) n FROM records_page\n            ) SELECT json_cols.j, next_id.n from json_cols, next_id\n',
    );
    expect(statements.nextPage).toEqual({ operator: 'lt' });
  });
});
