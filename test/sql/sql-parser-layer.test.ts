// Defence in depth, layer 1 alone: the parser checks refuse every write before any engine sees it.
import { describe, expect, it } from 'vitest';
import type { Engine, EngineResult } from '../../src/server/engine.ts';
import { resolveServerConfig } from '../../src/server/index.ts';
import { datastoreSearchSql } from '../../src/server/sql/index.ts';
import type { ActionRequest, Datastore, ResourceDef, ServerContext } from '../../src/server/types.ts';
import { ids } from './helpers.ts';

/** An engine that records every statement it is asked to run, and runs none. */
function createRecordingEngine(): Engine & { statements: string[] } {
  const statements: string[] = [];
  return {
    name: 'recording',
    statements,
    query: async (sql: string): Promise<EngineResult> => {
      statements.push(sql);
      return { fields: [], rows: [] };
    },
    close: async () => {},
  };
}

const resources: ResourceDef[] = [{ id: ids.courses, aliases: ['courses'], private: false, columns: [{ id: 'title', type: 'text' }], rowCount: 1 }];
const datastore: Datastore = { resources, resolve: (name) => resources.find((r) => r.id === name || r.aliases.includes(name)) };

function request(sql: string): ActionRequest {
  return { params: { sql }, path: '/api/3/action/datastore_search_sql', queryString: '', method: 'POST', authorized: true };
}

const writes = [
  `INSERT INTO "${ids.courses}" (title) VALUES ('x')`,
  `UPDATE "${ids.courses}" SET title = 'x'`,
  `DELETE FROM "${ids.courses}"`,
  `DROP TABLE "${ids.courses}"`,
  `TRUNCATE "${ids.courses}"`,
  `ALTER TABLE "${ids.courses}" ADD COLUMN x int`,
  `CREATE TABLE t (x int)`,
  `GRANT ALL ON "${ids.courses}" TO PUBLIC`,
  `SELECT 1; DROP TABLE "${ids.courses}"`,
  `WITH x AS (DELETE FROM "${ids.courses}" RETURNING *) SELECT * FROM x`,
  `WITH x AS (INSERT INTO "${ids.courses}" (title) VALUES ('x') RETURNING *) SELECT * FROM x`,
  `SELECT * INTO t FROM "${ids.courses}"`,
  `SELECT * FROM "${ids.courses}" FOR UPDATE`,
  `SELECT set_config('default_transaction_read_only', 'off', false)`,
  `SELECT query_to_xml('DELETE FROM "${ids.courses}" RETURNING 1', true, true, '')`,
  `SELECT lo_import('/etc/passwd')`,
  `COPY "${ids.courses}" TO '/tmp/x'`,
  `DO $$ BEGIN DELETE FROM "${ids.courses}"; END $$`,
  `SET default_transaction_read_only = off`,
  `SELECT 1) AS a; DELETE FROM "${ids.courses}"; SELECT * FROM (SELECT 1`,
];

describe('datastore_search_sql parser layer', () => {
  it.each(writes)('refuses %s without calling the engine', async (sql) => {
    const engine = createRecordingEngine();
    const context: ServerContext = { engine, datastore, config: resolveServerConfig({}) };
    await expect(datastoreSearchSql(request(sql), context)).rejects.toThrow();
    expect(engine.statements).toEqual([]);
  });

  it('sends an accepted query to the engine wrapped, read-only, with the SQL timeout', async () => {
    const seen: unknown[] = [];
    const engine: Engine = {
      name: 'recording',
      query: async (sql, params, options) => {
        seen.push({ sql, params, options });
        return { fields: [{ name: 'one', typeName: 'int4' }], rows: [['1']] };
      },
      close: async () => {},
    };
    const config = resolveServerConfig({ rowsMax: 10, sqlTimeoutMs: 1234 });
    const result = await datastoreSearchSql(request('SELECT 1 AS one'), { engine, datastore, config });
    expect(seen).toEqual([{ sql: 'SELECT * FROM (SELECT 1 AS one) AS blah LIMIT 11', params: [], options: { readOnly: true, timeoutMs: 1234 } }]);
    expect(result).toMatchObject({ sql: 'SELECT 1 AS one', fields: [{ id: 'one', type: 'int4' }] });
  });
});
