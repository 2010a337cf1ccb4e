// Development harness: an in-memory PGlite with tables laid out like the engine's (used until the
// real engine lands; the integration tests switch to openPgliteEngine then).
import { PGlite } from '@electric-sql/pglite';
import type { Engine, EngineResult } from '../../src/server/engines/types.ts';
import { EngineQueryError } from '../../src/server/engines/types.ts';

import type { LoadedFixtures } from '../../src/server/fixtures/index.ts';

export async function openDevEngine(fixtures: LoadedFixtures): Promise<Engine> {
  const db = await PGlite.create();
  for (const { resource, rows } of fixtures.tables) {
    const table = { id: resource.id, columns: resource.columns, rows };
    const cols = table.columns.map((c) => `"${c.id}" ${c.type === '_text' ? 'text[]' : c.type === '_int4' ? 'int4[]' : c.type}`);
    await db.exec(`CREATE TABLE "${table.id}" ("_id" serial, "_full_text" tsvector, ${cols.join(', ')})`);
    for (const row of table.rows) {
      const placeholders = row.map((_, i) => `$${i + 1}`).join(', ');
      await db.query(`INSERT INTO "${table.id}" (${table.columns.map((c) => `"${c.id}"`).join(', ')}) VALUES (${placeholders})`, [...row]);
    }
    const text = table.columns.map((c) => `coalesce("${c.id}"::text, '')`).join(` || ' ' || `);
    await db.exec(`UPDATE "${table.id}" SET "_full_text" = to_tsvector(${text})`);
  }
  return {
    name: 'dev',
    async query(sql, params = []): Promise<EngineResult> {
      try {
        const result = await db.query<Record<string, unknown>>(sql, [...params], { rowMode: 'array', parsers: textParsers });
        return {
          fields: result.fields.map((f) => ({ name: f.name, typeName: String(f.dataTypeID) })),
          rows: (result.rows as unknown as unknown[][]).map((row) => row.map((v) => (v === null ? null : String(v)))),
        };
      } catch (error) {
        throw new EngineQueryError(error instanceof Error ? error.message : String(error), undefined, { cause: error });
      }
    },
    close: () => db.close(),
  };
}

const identity = (value: string): string => value;
const textParsers: Record<number, (value: string) => string> = Object.fromEntries(
  [16, 20, 21, 23, 25, 114, 700, 701, 1007, 1009, 1016, 1082, 1083, 1114, 1184, 1700, 3802, 26, 19].map((oid) => [oid, identity]),
);
