import { describe, expect, it } from 'vitest';
import type { FixtureTable } from '../fixtures/index.ts';
import { buildDatabasePlan, buildDatabaseSteps, quoteIdent, toCopyCsv } from './pglite-sql.ts';

const table: FixtureTable = {
  resource: { id: 'aaaaaaaa-bbbb-4ccc-8ddd-eeeeeeeeeeee', aliases: ['things'], private: false, columns: [], rowCount: 2 },
  title: "Bob's things",
  columns: [
    { id: 'the year', type: 'int4' },
    { id: 'say "hi"', type: 'text' },
    { id: 'meta', type: 'json' },
  ],
  rows: [
    ['2020', 'a,"b"', '{"x": 1}'],
    [null, '', null],
  ],
};
table.resource.columns = table.columns;

describe('quoteIdent', () => {
  it.each([
    ['plain', '"plain"'],
    ['the year', '"the year"'],
    ['say "hi"', '"say ""hi"""'],
  ])('%s -> %s', (name, quoted) => {
    expect(quoteIdent(name)).toBe(quoted);
  });
});

describe('toCopyCsv', () => {
  it('numbers rows from 1, quotes every value and leaves NULL as an unquoted empty field', () => {
    expect(toCopyCsv(table.rows)).toBe('1,"2020","a,""b""","{""x"": 1}"\n2,,"",\n');
  });
});

describe('toCopyCsv with ids', () => {
  it("writes each row's own _id when the fixtures give them", () => {
    expect(toCopyCsv(table.rows, 1, [40, 7])).toBe('40,"2020","a,""b""","{""x"": 1}"\n7,,"",\n');
    const fill = buildDatabasePlan([{ ...table, ids: [40, 7] }]).fills[0] ?? [];
    expect(fill.map((step) => ('csv' in step ? step.csv().slice(0, 3) : ''))).toContain('40,');
  });
});

describe('buildDatabaseSteps', () => {
  const steps = buildDatabaseSteps([table]);
  const sql = steps.map((s) => s.sql).join(';\n');

  it('creates the table CKAN-style with _id, _full_text and collated text columns', () => {
    expect(sql).toContain(
      'CREATE TABLE "aaaaaaaa-bbbb-4ccc-8ddd-eeeeeeeeeeee" ("_id" int4 NOT NULL, "_full_text" tsvector, "the year" int4, "say ""hi""" text COLLATE "C", "meta" json)',
    );
    expect(sql).toContain('ALTER TABLE "aaaaaaaa-bbbb-4ccc-8ddd-eeeeeeeeeeee" ADD PRIMARY KEY ("_id")');
  });

  it('loads rows with one COPY into a staging table and one INSERT computing _full_text, before the indexes', () => {
    const copies = steps.filter((s) => 'csv' in s);
    expect(copies.map((s) => s.sql)).toEqual([`COPY "_dsk_load_0" ("_id", "the year", "say ""hi""", "meta") FROM '/dev/blob' WITH (FORMAT csv)`]);
    const order = ['COPY "_dsk_load_0"', 'INSERT INTO "aaaaaaaa-bbbb-4ccc-8ddd-eeeeeeeeeeee"', 'DROP TABLE "_dsk_load_0"', 'ADD PRIMARY KEY', 'USING gin'];
    const positions = order.map((part) => sql.indexOf(part));
    expect(positions.every((at) => at >= 0)).toBe(true);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
    expect(sql).not.toMatch(/TRIGGER|plpgsql/);
  });

  it('wraps json values for _full_text, creates alias views, and grants only SELECT to the reader', () => {
    expect(sql).toContain(`'{"json": ' || z."meta"::text || ', "extra": ""}'`);
    expect(sql).toContain('CREATE VIEW "things" AS SELECT * FROM "aaaaaaaa-bbbb-4ccc-8ddd-eeeeeeeeeeee"');
    expect(sql).toContain(`COMMENT ON TABLE "aaaaaaaa-bbbb-4ccc-8ddd-eeeeeeeeeeee" IS 'Bob''s things'`);
    expect(sql).toContain('GRANT SELECT ON "aaaaaaaa-bbbb-4ccc-8ddd-eeeeeeeeeeee", "things", "_table_metadata" TO "datastore_ro"');
    expect(sql).not.toMatch(/GRANT (INSERT|UPDATE|DELETE|ALL)/);
  });
});

describe('buildDatabasePlan', () => {
  const rows = Array.from({ length: 5 }, (_, n) => [String(n), `t${n}`, null]);
  const five: FixtureTable = { ...table, rows };

  it('creates the table and its views first, fills after, and indexes and grants last', () => {
    const plan = buildDatabasePlan([five]);
    expect(plan.create.map((s) => s.sql.split(' ').slice(0, 2).join(' '))).toEqual(['CREATE TABLE', 'COMMENT ON', 'CREATE VIEW']);
    expect(plan.fills).toHaveLength(1);
    expect(plan.finish.at(0)?.sql).toContain('ADD PRIMARY KEY');
    expect(plan.finish.at(-1)?.sql).toMatch(/^GRANT SELECT/);
    const rendered = plan.fills.flat().map((step) => ('csv' in step ? { sql: step.sql, csv: step.csv() } : step));
    expect(buildDatabaseSteps([five])).toEqual([...plan.create, ...rendered, ...plan.finish]);
  });

  it('analyzes only the tables autovacuum would have analyzed under CKAN (more than 50 rows)', () => {
    const many: FixtureTable = { ...table, rows: Array.from({ length: 51 }, (_, n) => [String(n), `t${n}`, null]) };
    expect(buildDatabasePlan([five]).finish.filter((step) => step.sql.startsWith('ANALYZE'))).toEqual([]);
    expect(buildDatabasePlan([many]).finish.at(-1)?.sql).toBe(`ANALYZE "${table.resource.id}"`);
  });

  it('fills a table in the slices asked for, each with its own staging table and _ids, every row once', () => {
    const plan = buildDatabasePlan([five], { copyFrom: 'stdin' }, () => 2);
    const copies = plan.fills.map((fill) => fill.find((step) => 'csv' in step));
    expect(copies.map((step) => step?.sql.split(' ')[1])).toEqual(['"_dsk_load_0_0"', '"_dsk_load_0_1"']);
    const ids = copies.flatMap((step) => (step !== undefined && 'csv' in step ? step.csv().trim().split('\n') : [])).map((line) => line.split(',')[0]);
    expect(ids).toEqual(['1', '2', '3', '4', '5']);
  });

  it('never makes more slices than rows, nor any fill for an empty table', () => {
    expect(buildDatabasePlan([five], {}, () => 9).fills).toHaveLength(5);
    expect(buildDatabasePlan([{ ...table, rows: [] }], {}, () => 3).fills).toEqual([]);
  });
});
