// Defence in depth, layer 2 alone: the engine's read-only path refuses every write the parser would also refuse.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPgliteEngine } from '../../src/server/engines/index.ts';
import { EngineQueryError, type Engine } from '../../src/server/engines/index.ts';
import { loadFixtures } from '../../src/server/fixtures/index.ts';
import type { Datastore } from '../../src/server/types.ts';
import { fixturesDir, ids } from './helpers.ts';

let engine: Engine;
let datastore: Datastore;

beforeAll(async () => {
  const fixtures = await loadFixtures(fixturesDir);
  datastore = fixtures.datastore;
  engine = await openPgliteEngine(fixtures);
});

afterAll(async () => {
  await engine?.close();
});

const id = ids.types;
const writes = [
  `INSERT INTO "${id}" (label) VALUES ('x')`,
  `UPDATE "${id}" SET label = 'x'`,
  `DELETE FROM "${id}"`,
  `DROP TABLE "${id}"`,
  `TRUNCATE "${id}"`,
  `ALTER TABLE "${id}" ADD COLUMN x int`,
  `CREATE TABLE t (x int)`,
  `SELECT 1; DELETE FROM "${id}"`,
  `WITH x AS (DELETE FROM "${id}" RETURNING *) SELECT * FROM x`,
  `SELECT * INTO t FROM "${id}"`,
  `SELECT * FROM "${id}" FOR UPDATE`,
  `SELECT pg_read_file('/etc/passwd')`,
  `SELECT lo_import('/etc/passwd')`,
];

describe('engine read-only layer', () => {
  it.each(writes)('refuses %s with a database error', async (sql) => {
    await expect(engine.query(sql, [], { readOnly: true })).rejects.toBeInstanceOf(EngineQueryError);
  });

  it('has written nothing: every table keeps its row count', async () => {
    for (const resource of datastore.resources) {
      const result = await engine.query(`SELECT count(*) FROM "${resource.id}"`, [], { readOnly: true });
      expect(result.rows, resource.id).toEqual([[String(resource.rowCount)]]);
    }
  });
});
