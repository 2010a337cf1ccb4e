import { describe, expect, it } from 'vitest';
import type { FixtureTable } from '../fixtures/index.ts';
import { buildDatabaseSteps, quoteIdent, toCopyCsv } from './pglite-sql.ts';

const table: FixtureTable = {
  resource: { id: 'aaaaaaaa-bbbb-4ccc-8ddd-eeeeeeeeeeee', aliases: ['things'], private: false, columns: [], rowCount: 2 },
  title: "Bob's things",
  columns: [{ id: 'the year', type: 'int4' }, { id: 'say "hi"', type: 'text' }, { id: 'meta', type: 'json' }],
  rows: [['2020', 'a,"b"', '{"x": 1}'], [null, '', null]],
};
table.resource.columns = table.columns;

describe('quoteIdent', () => {
  it.each([['plain', '"plain"'], ['the year', '"the year"'], ['say "hi"', '"say ""hi"""']])('%s -> %s', (name, quoted) => {
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
    expect(sql).toContain('CREATE TABLE "aaaaaaaa-bbbb-4ccc-8ddd-eeeeeeeeeeee" ("_id" int4 PRIMARY KEY, "_full_text" tsvector, "the year" int4, "say ""hi""" text COLLATE "en-US-x-icu", "meta" json)');
  });

  it('loads rows with one COPY carrying the CSV', () => {
    const copies = steps.filter((s) => 'csv' in s);
    expect(copies.map((s) => s.sql)).toEqual([
      `COPY "aaaaaaaa-bbbb-4ccc-8ddd-eeeeeeeeeeee" ("_id", "the year", "say ""hi""", "meta") FROM '/dev/blob' WITH (FORMAT csv)`,
    ]);
  });

  it('wraps json values for _full_text, creates alias views, and grants only SELECT to the reader', () => {
    expect(sql).toContain(`'{"json": ' || NEW."meta"::text || ', "extra": ""}'`);
    expect(sql).toContain('CREATE VIEW "things" AS SELECT * FROM "aaaaaaaa-bbbb-4ccc-8ddd-eeeeeeeeeeee"');
    expect(sql).toContain(`COMMENT ON TABLE "aaaaaaaa-bbbb-4ccc-8ddd-eeeeeeeeeeee" IS 'Bob''s things'`);
    expect(sql).toContain('GRANT SELECT ON "aaaaaaaa-bbbb-4ccc-8ddd-eeeeeeeeeeee", "things", "_table_metadata" TO "datastore_ro"');
    expect(sql).not.toMatch(/GRANT (INSERT|UPDATE|DELETE|ALL)/);
  });
});
