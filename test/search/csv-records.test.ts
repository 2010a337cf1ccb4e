// records_format=csv/tsv text as the database builds it (copyCsvSql), run on the real PGlite engine: the quoting
// rules of PostgreSQL's `COPY ... TO STDOUT csv`, cell by cell.
import { describe, expect, it } from 'vitest';
import { copyCsvSql, copyText, type CopyCsvCell } from '../../src/server/search/csv.ts';
import { useBooks } from './books.ts';

const harness = useBooks();

/** The records text of `rows` (SQL literals, one array a row) as columns of `types`. */
async function render(types: readonly string[], rows: readonly (readonly string[])[], delimiter: ',' | '\t' = ','): Promise<string | null> {
  const names = types.map((_, index) => `c${index}`);
  const values = rows.map((row) => `(${row.join(', ')})`).join(', ');
  const cells: CopyCsvCell[] = types.map((type, index) => ({ text: copyText(`z.c${index}`, type), type }));
  const source = `(SELECT ${names.map((name, index) => `${name}::${types[index]}`).join(', ')} FROM (VALUES ${values}) AS v(${names.join(', ')})) AS z`;
  const result = await harness.context.engine.query(copyCsvSql(cells, source, delimiter));
  return result.rows[0]?.[0] ?? null;
}

describe('copyCsvSql', () => {
  it('quotes only what COPY CSV quotes: empty strings, delimiters, quotes, CR and LF', async () => {
    const texts = ["'plain'", 'NULL', "''", "'a,b'", `'say "hi"'`, "E'two\\nlines'", "' spaced '", "E'x\\ry'", "E'tab\\there'", "'\\.'"];
    const types = texts.map(() => 'text');
    expect(await render(types, [texts])).toBe('plain,,"","a,b","say ""hi""","two\nlines", spaced ,"x\ry",tab\there,\\.\n');
  });

  it('prints values with their output functions: t/f booleans, numbers and dates as stored, NULL empty', async () => {
    const types = ['int4', 'numeric', 'float8', 'bool', 'bool', 'date', 'interval', 'int8'];
    const row = ['7', "'1.50'", "'1e20'", 'true', 'false', "'2025-01-02'", "'1 day 02:00'", 'NULL'];
    expect(await render(types, [row])).toBe('7,1.50,1e+20,t,f,2025-01-02,1 day 02:00:00,\n');
  });

  it('uses tab as the delimiter for tsv, quoting tabs and not commas', async () => {
    expect(await render(['text', 'text'], [["'a,b'", "E'c\\td'"]], '\t')).toBe('a,b\t"c\td"\n');
  });

  it('quotes a lone \\. cell, and gives NULL for no rows', async () => {
    expect(await render(['text'], [["'\\.'"]])).toBe('"\\."\n');
    expect(await render(['text'], [["'x'"], ["'\\.x'"]])).toBe('x\n\\.x\n');
    const none = await harness.context.engine.query(copyCsvSql([{ text: 'z.c0', type: 'text' }], '(SELECT 1::text AS c0 WHERE false) AS z', ','));
    expect(none.rows[0]?.[0]).toBeNull();
  });
});
