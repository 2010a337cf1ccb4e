// Values that do not come in their declared type's own form (another implementation's bools as 1/0, numbers as
// strings, timestamps with offsets and fractions, int8 beyond 2^53, numerics of 30 digits) extracted to every
// format: each gives the exact values back (Parquet read back by parquet-wasm, the Rust parquet crate into Arrow),
// none NULL; a value that does not fit its column fails the extract naming the column, the row and the value,
// keeps the rows before it, and --resume finishes once the source is fixed.
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Table, tableFromIPC, util } from 'apache-arrow';
import { readParquet } from 'parquet-wasm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../src/cli/main.ts';
import { captureIo } from '../helpers/captured-io.ts';
import { startTypedTarget } from './typed-target.ts';
import { FIELDS, RESOURCE, servedRows } from './typed-rows.ts';

const EXPECTED_CSV = [
  '_id,member,flag,amount,big,wide,at,stamp,day,ratio,label',
  '1,true,true,1234.50,9007199254740993,123456789012345678901234567890,2025-03-23T04:50:50.250000+02:00,2025-03-23T02:50:50.250000,2025-03-23,13.4,plain',
  '2,false,false,-0.05,-9007199254740993,-98765432109876543210987654321.5,2025-03-23T02:50:50.250000+00:00,2025-03-23T02:50:50,2025-03-24,NaN,',
  '3,,true,,,,,,,,"a,b"',
  '4,true,false,0,-1,0.5,1999-12-31T23:59:59-05:30,1999-12-31T23:59:59.999999,0044-03-15 BC,-0.5,tab\there',
  '',
].join('\n');

const EXPECTED_JSONL = [
  '{"_id":1,"member":true,"flag":true,"amount":1234.50,"big":9007199254740993,"wide":123456789012345678901234567890,"at":"2025-03-23T04:50:50.250000+02:00","stamp":"2025-03-23T02:50:50.250000","day":"2025-03-23","ratio":13.4,"label":"plain"}',
  '{"_id":2,"member":false,"flag":false,"amount":-0.05,"big":-9007199254740993,"wide":-98765432109876543210987654321.5,"at":"2025-03-23T02:50:50.250000+00:00","stamp":"2025-03-23T02:50:50","day":"2025-03-24","ratio":"NaN","label":""}',
  '{"_id":3,"member":null,"flag":true,"amount":null,"big":null,"wide":null,"at":null,"stamp":null,"day":null,"ratio":null,"label":"a,b"}',
  '{"_id":4,"member":true,"flag":false,"amount":0,"big":-1,"wide":0.5,"at":"1999-12-31T23:59:59-05:30","stamp":"1999-12-31T23:59:59.999999","day":"0044-03-15 BC","ratio":-0.5,"label":"tab\\there"}',
];

let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'dsk-typed-values-'));
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function runExtract(target: string, out: string, ...flags: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const run = captureIo(dir, { CI: 'true' });
  const code = await main(['extract', '--target', target, '--resource', RESOURCE, '--out', join(dir, out), ...flags], run.io);
  return { code, stdout: run.stdout(), stderr: run.stderr() };
}

function readTable(bytes: Buffer): Table {
  return tableFromIPC(readParquet(bytes).intoIPCStream());
}

/** The stored values of a column (BigInt64Array for timestamps, Int32Array for dates), null where the row is null. */
function stored(table: Table, name: string): unknown[] {
  const column = table.getChild(name);
  if (column === null) throw new Error(`no column ${name}`);
  return Array.from({ length: table.numRows }, (_, row) => (column.get(row) === null ? null : column.data[0]?.values[row]));
}

function decimals(table: Table, name: string): (bigint | null)[] {
  const column = table.getChild(name);
  return Array.from({ length: table.numRows }, (_, row) => {
    const value = column?.get(row);
    return value === null || value === undefined ? null : BigInt(util.bigNumToString(value));
  });
}

const micros = (iso: string, fraction = 0n): bigint => BigInt(Date.parse(iso)) * 1000n + fraction;
const days = (iso: string): number => Date.parse(iso) / 86_400_000;

describe('extract of values in forms of their own', () => {
  it.each([
    ['csv', EXPECTED_CSV],
    ['tsv', EXPECTED_CSV.replaceAll(',', '\t').replace('\t"a\tb"', '\ta,b').replace('\ttab\there', '\t"tab\there"')],
    ['jsonl', `${EXPECTED_JSONL.join('\n')}\n`],
    ['json', `[\n${EXPECTED_JSONL.join(',\n')}\n]\n`],
  ] as const)('writes %s with every value exact, in its type’s one form', async (format, expected) => {
    const target = await startTypedTarget({ resourceId: RESOURCE, fields: FIELDS, rows: servedRows() });
    try {
      const { code, stderr } = await runExtract(target.url, `all.${format}`, '--page-size', '2');
      expect(stderr).not.toContain('failed');
      expect(code).toBe(0);
      expect(await readFile(join(dir, `all.${format}`), 'utf8')).toBe(expected);
    } finally {
      await target.close();
    }
  });

  it('writes Parquet that another reader reads back exact: booleans from 1/0, DECIMALs, int8 beyond 2^53, instants from offsets', async () => {
    const target = await startTypedTarget({ resourceId: RESOURCE, fields: FIELDS, rows: servedRows() });
    try {
      const { code, stderr } = await runExtract(target.url, 'all.parquet', '--page-size', '2');
      expect(stderr).not.toContain('failed');
      expect(code).toBe(0);
    } finally {
      await target.close();
    }
    const table = readTable(await readFile(join(dir, 'all.parquet')));
    expect(table.schema.fields.map((field) => `${field.name}:${String(field.type)}`)).toEqual([
      '_id:Int32',
      'member:Bool',
      'flag:Bool',
      'amount:Decimal[6e+2]',
      'big:Int64',
      'wide:Decimal[31e+1]',
      'at:Timestamp<MICROSECOND, UTC>',
      'stamp:Timestamp<MICROSECOND>',
      'day:Date32<DAY>',
      'ratio:Float64',
      'label:Utf8',
    ]);
    const column = (name: string): unknown[] => Array.from({ length: table.numRows }, (_, row) => table.getChild(name)?.get(row));
    expect(column('member')).toEqual([true, false, null, true]);
    expect(column('flag')).toEqual([true, false, true, false]);
    expect(decimals(table, 'amount')).toEqual([123450n, -5n, null, 0n]);
    expect(column('big')).toEqual([9_007_199_254_740_993n, -9_007_199_254_740_993n, null, -1n]);
    expect(decimals(table, 'wide')).toEqual([1_234_567_890_123_456_789_012_345_678_900n, -987_654_321_098_765_432_109_876_543_215n, null, 5n]);
    const instant = micros('2025-03-23T02:50:50Z', 250_000n);
    expect(stored(table, 'at')).toEqual([instant, instant, null, micros('2000-01-01T05:29:59Z')]);
    expect(stored(table, 'stamp')).toEqual([instant, micros('2025-03-23T02:50:50Z'), null, micros('1999-12-31T23:59:59Z', 999_999n)]);
    expect(stored(table, 'day')).toEqual([days('2025-03-23T00:00:00Z'), days('2025-03-24T00:00:00Z'), null, days('-000043-03-15T00:00:00Z')]);
    expect(column('ratio')).toEqual([13.4, Number.NaN, null, -0.5]);
    expect(column('label')).toEqual(['plain', '', 'a,b', 'tab\there']);
  });

  it('writes a numeric column that no DECIMAL holds as its exact text, and says so in the manifest', async () => {
    const rows = [
      { _id: '1', n: '123456789012345678901234567890.123456789012' },
      { _id: '2', n: '"NaN"' },
    ];
    const target = await startTypedTarget({ resourceId: RESOURCE, fields: [FIELDS[0] ?? { id: '_id', type: 'int' }, { id: 'n', type: 'numeric' }], rows });
    try {
      expect((await runExtract(target.url, 'wide.parquet')).code).toBe(0);
    } finally {
      await target.close();
    }
    const table = readTable(await readFile(join(dir, 'wide.parquet')));
    expect(String(table.getChild('n')?.type)).toBe('Utf8');
    expect(Array.from({ length: 2 }, (_, row) => table.getChild('n')?.get(row))).toEqual(['123456789012345678901234567890.123456789012', 'NaN']);
    const manifest: unknown = JSON.parse(await readFile(join(dir, 'wide.parquet.manifest.json'), 'utf8'));
    expect(JSON.stringify(manifest)).toContain('parquet: numeric column n is written as text: it holds NaN, which a Parquet DECIMAL cannot');
  });
});

describe('extract of a value that does not fit its column', () => {
  it.each([
    ['member', '2', 'row _id 3, column "member" (bool): 2 is not a boolean (true/false, t/f or 1/0)'],
    ['big', '"12.5"', 'row _id 3, column "big" (int8): "12.5" is not a whole number, which int8 holds'],
    [
      'stamp',
      '"2025-03-23T02:50:50+02:00"',
      'row _id 3, column "stamp" (timestamp): "2025-03-23T02:50:50+02:00" has a UTC offset, which a timestamp without time zone does not hold',
    ],
    ['day', '"2025-02-30"', 'row _id 3, column "day" (date): "2025-02-30" is not a date of the calendar'],
    ['ratio', '9007199254740993', 'row _id 3, column "ratio" (float8): 9007199254740993 is not a float8'],
    ['amount', '"12,50"', 'row _id 3, column "amount" (numeric): "12,50" is not a number'],
  ] as const)(
    'fails on %s = %s naming column, row and value, keeps the rows before it, and --resume finishes once it is fixed',
    async (column, served, message) => {
      for (const format of ['csv', 'parquet'] as const) {
        const rows = servedRows();
        const fixed = rows[2]?.[column] ?? 'null';
        (rows[2] ?? {})[column] = served;
        const target = await startTypedTarget({ resourceId: RESOURCE, fields: FIELDS, rows });
        const out = `misfit-${column}.${format}`;
        try {
          const failed = await runExtract(target.url, out, '--page-size', '2');
          expect(failed.code, failed.stderr).toBe(1);
          // why: the warnings before it (offset paging) are lines of their own; the failure is one line
          const [failure, ...more] = failed.stderr
            .trim()
            .split('\n')
            .filter((line) => line.includes('failed'));
          expect(more).toEqual([]);
          expect(failure).toContain(message);
          expect(failure).toContain(`the 2 rows before it are kept in ${join(dir, out)}.part: once the source is fixed, rerun with --resume to continue`);
          expect(await readdir(dir)).not.toContain(out);
          (target.rows[2] ?? {})[column] = fixed;
          const resumed = await runExtract(target.url, out, '--page-size', '2', '--resume');
          expect(resumed.code, resumed.stderr).toBe(0);
          expect(resumed.stdout).toContain('wrote 4 rows');
        } finally {
          await target.close();
        }
      }
      expect(await readFile(join(dir, `misfit-${column}.csv`), 'utf8')).toBe(EXPECTED_CSV);
    },
  );
});
