// The shared engine suite: every engine (pglite now, postgres later) must pass it over the bundled fixtures.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadFixtures, type LoadedFixtures } from '../../src/server/fixtures/index.ts';
import { EngineQueryError, EngineTimeoutError, type Engine } from '../../src/server/engines/index.ts';

export const COURSES = 'df356cc6-0e13-4ba8-bc98-c4706614881b';
export const SAMPLES = '618532cb-ff3b-40c9-8e30-2ab721a38603';

/** A cold open builds the engine's database (seconds; minutes on a loaded 2-core machine). */
const OPEN_TIMEOUT_MS = 300_000;

/** Resolves to the error a promise rejects with (fails the test if it resolves). */
export async function rejectionOf(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    (value) => expect.fail(`expected a rejection, got ${JSON.stringify(value)}`),
    (e: unknown) => e,
  );
}

/** Registers the engine suite; `open` gets the loaded bundled fixtures and returns a fresh engine. */
export function describeEngineSuite(name: string, open: (fixtures: LoadedFixtures) => Promise<Engine>): void {
  describe(`engine suite: ${name}`, () => {
    let fixtures: LoadedFixtures;
    let engine: Engine;

    beforeAll(async () => {
      fixtures = await loadFixtures('fixtures');
      engine = await open(fixtures);
    }, OPEN_TIMEOUT_MS);
    afterAll(async () => {
      await engine?.close();
    });

    const column = async (sql: string, params: (string | null)[] = []): Promise<(string | null)[]> =>
      (await engine.query(sql, params)).rows.map((row) => row[0] ?? null);

    it('loads every resource with its row count and _id 1..n', async () => {
      for (const resource of fixtures.datastore.resources) {
        const [row] = (await engine.query(`SELECT count(*), min(_id), max(_id), count(DISTINCT _id) FROM "${resource.id}"`)).rows;
        const n = String(resource.rowCount);
        expect(row).toEqual([n, '1', n, n]);
      }
    });

    it('keeps CSV row order in _id', async () => {
      expect(await column(`SELECT title FROM "${COURSES}" WHERE _id IN (5, 77, 103) ORDER BY _id`)).toEqual([
        'Quokka Field Ecology',
        'The Zeppelin Age',
        '日本語 入門',
      ]);
    });

    it('reports _id, _full_text and user columns with their pg type names', async () => {
      for (const resource of fixtures.datastore.resources) {
        const result = await engine.query(`SELECT * FROM "${resource.id}" LIMIT 0`);
        expect(result.fields).toEqual([
          { name: '_id', typeName: 'int4' },
          { name: '_full_text', typeName: 'tsvector' },
          ...resource.columns.map((c) => ({ name: c.id, typeName: c.type })),
        ]);
      }
    });

    it('returns every value in PostgreSQL text form', async () => {
      const result = await engine.query(`SELECT label, "bük", "rating with %", big, ratio, nums, nested, day, at, stamp, flag
        FROM "${SAMPLES}" ORDER BY _id`);
      expect(result.rows).toEqual([
        ['plain', 'eins', '1.50', '9007199254740993', '13.4', '{1,2,3}', '["b", {"moo": "moo"}]', '2011-01-01', '12:42:00', '2005-03-01 00:00:00', 't'],
        ['', 'zwei', '0.10', '-9223372036854775808', '1e+20', '{}', '{"foo": 2014}', '2020-02-29', '00:00:00', '2020-01-01 10:11:12.345678', 'f'],
        [null, 'drei', null, '42', 'NaN', null, null, null, null, null, null],
        ['quote "inside", comma', 'vier', '-2014.5000000000000000', '0', 'Infinity', '{NULL,4}', null, '1999-12-31', '23:59:59.5', '1999-12-31 23:59:59', 'f'],
        ['multi\nline', 'fünf', '100', '2147483648', '-0.5', '{-7}', '"just a string"', '2024-06-30', '06:30:00', '2024-06-30 06:30:00', 't'],
      ]);
      const [courses] = (await engine.query(`SELECT tags, meta, updated, "the year", online FROM "${COURSES}" WHERE _id = 50`)).rows;
      expect(courses?.[2]).toBe('2025-03-23 02:50:50.25');
      expect(result.fields.map((f) => f.typeName)).toEqual(['text', 'text', 'numeric', 'int8', 'float8', '_int4', 'json', 'date', 'time', 'timestamp', 'bool']);
    });

    it('matches full text with english stemming, like CKAN', async () => {
      const match = (q: string): Promise<(string | null)[]> =>
        column(`SELECT _id FROM "${COURSES}" WHERE _full_text @@ plainto_tsquery('english', $1) ORDER BY _id`, [q]);
      expect(await match('fourths')).toEqual(['31', '199']);
      expect(await match('Fourth')).toEqual(['31', '199']);
      expect(await match('running')).toEqual(['12', '57', '88', '140']);
      expect(await match('study')).toEqual(['44', '160', '210']);
      expect(await match('quokka')).toEqual(['5', '250']);
      expect(await match('the')).toEqual([]);
    });

    it('builds _full_text from every non-null value, json wrapped as {"json": ..., "extra": ""}', async () => {
      const [vector] = await column(`SELECT _full_text::text FROM "${SAMPLES}" WHERE _id = 1`);
      for (const lexeme of ["'plain'", "'ein'", "'1.50'", "'9007199254740993'", "'13.4'", "'moo'", "'json'", "'extra'", "'2005'", "'t00'", "'true'"]) {
        expect(vector).toContain(lexeme);
      }
      // why: row 4's json null is SQL NULL, as CKAN stores None: its recorded vector has no 'json' (2.11 generated-seed1#158)
      expect(await column(`SELECT _id FROM "${SAMPLES}" WHERE _full_text @@ to_tsquery('json') ORDER BY _id`)).toEqual(['1', '2', '5']);
    });

    it("computes _full_text row by row as CKAN's trigger does (every value as JSON text, NULLs skipped)", async () => {
      for (const resource of fixtures.datastore.resources) {
        // why: the trigger's formula, applied per row here as the oracle for the set-based load
        const parts = resource.columns.map((c) => {
          const ref = `z."${c.id.replaceAll('"', '""')}"`;
          return c.type === 'json' ? `'{"json": ' || ${ref}::text || ', "extra": ""}'` : `to_json(${ref}) #>> '{}'`;
        });
        const expected = `to_tsvector((SELECT string_agg(v, ' ') FROM unnest(ARRAY[${parts.join(', ')}]::text[]) AS v))`;
        const differing = await column(`SELECT count(*) FROM "${resource.id}" AS z WHERE z._full_text IS DISTINCT FROM ${expected}`);
        expect(differing, resource.id).toEqual(['0']);
      }
    });

    it('serves aliases as views of their table', async () => {
      expect(await column('SELECT count(*) FROM courses')).toEqual(['260']);
      expect(await column('SELECT title FROM courses WHERE _id = 77')).toEqual(['The Zeppelin Age']);
    });

    // recordings: CKAN's _table_metadata holds the 4 tables and 3 aliases, not itself (catalogue-reference#58)
    it('lists exactly the tables and aliases in _table_metadata', async () => {
      const rows = (await engine.query('SELECT name, alias_of, length(_id) FROM _table_metadata ORDER BY name')).rows;
      expect(rows).toEqual([
        ['2085cfd3-7f59-4dbd-a534-ae7fe0d3c19a', null, '16'],
        ['618532cb-ff3b-40c9-8e30-2ab721a38603', null, '16'],
        ['courses', COURSES, '16'],
        [COURSES, null, '16'],
        ['ff5f4ee6-14e2-4eb2-892c-abf6872814ff', null, '16'],
        ['measurements', '2085cfd3-7f59-4dbd-a534-ae7fe0d3c19a', '16'],
        ['staff', 'ff5f4ee6-14e2-4eb2-892c-abf6872814ff', '16'],
      ]);
    });

    // recordings: ORDER BY title DESC puts "日本語 入門" and "Über ..." before "Xylophone ..." (2.11 generated-seed2#1312)
    it('compares text columns by bytes, as the recorded CKAN databases do', async () => {
      expect(
        await column(`SELECT x FROM (SELECT lower(title) AS x FROM "${COURSES}" WHERE _id = 101
        UNION ALL SELECT title FROM "${COURSES}" WHERE _id = 5) s ORDER BY x`),
      ).toEqual(['Quokka Field Ecology', 'café culture and société']);
      expect(await column(`SELECT count(*) FROM "${COURSES}" WHERE title < 'a'`)).not.toEqual(['0']);
      expect(await column(`SELECT title FROM "${COURSES}" WHERE title > 'X' ORDER BY title DESC LIMIT 2`)).toEqual([
        '日本語 入門',
        'Über die Brücke: Deutsche Literatur',
      ]);
    });

    it('passes parameters as text and lets PostgreSQL cast them', async () => {
      expect(await column(`SELECT title FROM "${COURSES}" WHERE _id = $1`, ['31'])).toEqual(['The Fourth Dimension']);
      expect(await column('SELECT $1::json', ['{"a": 1}'])).toEqual(['{"a": 1}']);
      expect(await column('SELECT $1::text IS NULL', [null])).toEqual(['t']);
    });

    it('reports PostgreSQL errors with their message and SQLSTATE', async () => {
      const error = await rejectionOf(engine.query('SELECT * FROM no_such_table'));
      expect(error).toBeInstanceOf(EngineQueryError);
      expect(error).toMatchObject({ message: 'relation "no_such_table" does not exist', sqlState: '42P01', position: 15 });
      const cast = await rejectionOf(engine.query(`SELECT * FROM "${COURSES}" WHERE credits = $1`, ['abc']));
      expect(cast).toMatchObject({ message: 'invalid input syntax for type integer: "abc"', sqlState: '22P02' });
    });

    it('refuses several statements in one call, with or without parameters', async () => {
      const message = 'cannot insert multiple commands into a prepared statement';
      const bare = await rejectionOf(engine.query(`SELECT 1; DELETE FROM "${COURSES}"`));
      expect(bare).toMatchObject({ message, sqlState: '42601' });
      const withParams = await rejectionOf(engine.query('SELECT $1::int; SELECT 2', ['1'], { readOnly: true }));
      expect(withParams).toMatchObject({ message, sqlState: '42601' });
      expect(await column(`SELECT count(*) FROM "${COURSES}"`)).toEqual(['260']);
    });

    describe('read-only queries', () => {
      const refused = async (sql: string): Promise<unknown> => rejectionOf(engine.query(sql, [], { readOnly: true }));

      it('can read resource tables, aliases and _table_metadata', async () => {
        const result = await engine.query(
          `SELECT (SELECT count(*) FROM "${COURSES}"), (SELECT count(*) FROM courses),
          (SELECT count(*) > 0 FROM _table_metadata), current_user`,
          [],
          { readOnly: true },
        );
        expect(result.rows).toEqual([['260', '260', 't', 'datastore_ro']]);
      });

      it.each([
        [`INSERT INTO "${COURSES}" (_id) VALUES (999)`],
        [`UPDATE "${COURSES}" SET title = 'x'`],
        [`DELETE FROM courses`],
        ['CREATE TABLE evil (a int)'],
        ['CREATE TEMP TABLE evil (a int)'],
        [`SELECT pg_read_file('/etc/passwd')`],
        [`COPY "${COURSES}" TO '/dev/blob'`],
        [`DROP TABLE "${COURSES}"`],
        ['SELECT * FROM pg_authid'],
      ])('refuses %s', async (sql) => {
        const error = await refused(sql);
        expect(error).toBeInstanceOf(EngineQueryError);
        expect(['42501', '25006']).toContain(error instanceof EngineQueryError ? error.sqlState : '');
      });

      it('leaves no trace: role and settings are back to normal after each statement', async () => {
        const [searchPath] = await column(`SELECT current_setting('search_path')`);
        await engine.query(`SELECT set_config('search_path', 'pg_catalog', false)`, [], { readOnly: true });
        await engine.query('SET ROLE postgres', [], { readOnly: true }).catch(() => undefined);
        const insert = await rejectionOf(engine.query(`INSERT INTO "${COURSES}" (_id) VALUES (999)`, [], { readOnly: true }));
        expect(insert).toBeInstanceOf(EngineQueryError);
        expect(await column(`SELECT current_setting('search_path'), count(*) FROM "${COURSES}"`)).toEqual([searchPath]);
        expect((await engine.query('SELECT current_user', [], { readOnly: true })).rows).toEqual([['datastore_ro']]);
      });
    });

    it('answers concurrent callers in full', async () => {
      const results = await Promise.all(Array.from({ length: 8 }, (_, i) => column(`SELECT ${i} + count(*) FROM courses`)));
      expect(results).toEqual(Array.from({ length: 8 }, (_, i) => [String(260 + i)]));
    });

    it('times out a long statement at timeoutMs and answers the next query', async () => {
      const slow = engine.query('SELECT count(*) FROM generate_series(1, 1e10)', [], { timeoutMs: 300, readOnly: true });
      const next = engine.query(`SELECT count(*) FROM "${COURSES}"`);
      const error = await rejectionOf(slow);
      expect(error).toBeInstanceOf(EngineTimeoutError);
      expect(error).toMatchObject({ message: 'canceling statement due to statement timeout', sqlState: '57014' });
      expect((await next).rows).toEqual([['260']]);
    });
  });
}
