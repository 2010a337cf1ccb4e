// A Parquet extract read back by a reader that is not ours and not the one the writer is tested with (parquet-wasm):
// DuckDB, as an analyst would open the file. The table's values do not come in their declared types' own forms
// (bools as 1/0 and "t", numbers as strings, int8 beyond 2^53, 30-digit numerics, timestamps with offsets and
// fractions, a BC date); DuckDB must read each back exact, with its declared type, and NULL only where the source
// row is null. Skips, saying why, where DuckDB's native binding cannot load (it has no build for the platform).
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../src/cli/main.ts';
import { captureIo } from '../helpers/captured-io.ts';
import { FIELDS, RESOURCE, servedRows } from './typed-rows.ts';
import { startTypedTarget } from './typed-target.ts';

const duckdb = await import('@duckdb/node-api').then(
  (module) => ({ module, reason: undefined }),
  (error: unknown) => ({ module: undefined, reason: error instanceof Error ? error.message : String(error) }),
);
const skipped = duckdb.reason === undefined ? '' : ` (skipped: DuckDB's native binding cannot load: ${duckdb.reason})`;

let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'dsk-parquet-duckdb-'));
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** The rows of `sql` as DuckDB gives them, every value as text (its own rendering, exact for DECIMAL and int8). */
async function query(sql: string): Promise<Record<string, unknown>[]> {
  if (duckdb.module === undefined) throw new Error('DuckDB is not loaded');
  const instance = await duckdb.module.DuckDBInstance.create(':memory:');
  const connection = await instance.connect();
  try {
    // why: a timestamptz is shown in the session's zone; UTC makes the expected text independent of the machine's
    await connection.run("SET TimeZone = 'UTC'");
    return (await connection.runAndReadAll(sql)).getRowObjectsJS();
  } finally {
    connection.closeSync();
    instance.closeSync();
  }
}

describe.skipIf(duckdb.module === undefined)(`a Parquet extract read back by DuckDB${skipped}`, () => {
  it('gives every value back exact in its declared type, none NULL that the source has', async () => {
    const target = await startTypedTarget({ resourceId: RESOURCE, fields: FIELDS, rows: servedRows() });
    const out = join(dir, 'typed.parquet');
    try {
      const run = captureIo(dir, { CI: 'true' });
      const code = await main(['extract', '--target', target.url, '--resource', RESOURCE, '--out', out, '--page-size', '2'], run.io);
      expect(run.stderr()).not.toContain('failed');
      expect(code).toBe(0);
    } finally {
      await target.close();
    }
    const file = out.replaceAll("'", "''");
    const types = await query(`SELECT column_name, column_type FROM (DESCRIBE SELECT * FROM read_parquet('${file}'))`);
    expect(types.map((row) => `${String(row['column_name'])}:${String(row['column_type'])}`)).toEqual([
      '_id:INTEGER',
      'member:BOOLEAN',
      'flag:BOOLEAN',
      'amount:DECIMAL(6,2)',
      'big:BIGINT',
      'wide:DECIMAL(31,1)',
      'at:TIMESTAMP WITH TIME ZONE',
      'stamp:TIMESTAMP',
      'day:DATE',
      'ratio:DOUBLE',
      'label:VARCHAR',
    ]);
    const columns = FIELDS.map((field) => `CAST("${field.id}" AS VARCHAR) AS "${field.id}"`).join(', ');
    const rows = await query(`SELECT ${columns} FROM read_parquet('${file}') ORDER BY _id`);
    expect(rows).toEqual([
      {
        _id: '1',
        member: 'true',
        flag: 'true',
        amount: '1234.50',
        big: '9007199254740993',
        wide: '123456789012345678901234567890.0',
        at: '2025-03-23 02:50:50.25+00',
        stamp: '2025-03-23 02:50:50.25',
        day: '2025-03-23',
        ratio: '13.4',
        label: 'plain',
      },
      {
        _id: '2',
        member: 'false',
        flag: 'false',
        amount: '-0.05',
        big: '-9007199254740993',
        wide: '-98765432109876543210987654321.5',
        at: '2025-03-23 02:50:50.25+00',
        stamp: '2025-03-23 02:50:50',
        day: '2025-03-24',
        ratio: 'nan',
        label: '',
      },
      { _id: '3', member: null, flag: 'true', amount: null, big: null, wide: null, at: null, stamp: null, day: null, ratio: null, label: 'a,b' },
      {
        _id: '4',
        member: 'true',
        flag: 'false',
        amount: '0.00',
        big: '-1',
        wide: '0.5',
        at: '2000-01-01 05:29:59+00',
        stamp: '1999-12-31 23:59:59.999999',
        day: '0044-03-15 (BC)',
        ratio: '-0.5',
        label: 'tab\there',
      },
    ]);
  });
});
