import { describe, expect, it } from 'vitest';
import type { FixtureTable } from '../fixtures/index.ts';
import { buildDatabaseSteps, quoteIdent, toCopyCsv } from './pglite-sql.ts';

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

describe('buildDatabaseSteps', () => {
  const steps = buildDatabaseSteps([table]);
  const sql = steps.map((s) => s.sql).join(';\n');

  it('creates the table CKAN-style with _id, _full_text and collated text columns', () => {
    expect(sql).toContain(
      'CREATE TABLE "aaaaaaaa-bbbb-4ccc-8ddd-eeeeeeeeeeee" ("_id" int4 NOT NULL, "_full_text" tsvector, "the year" int4, "say ""hi""" text COLLATE "en-US-x-icu", "meta" json)',
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
