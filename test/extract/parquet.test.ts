// Parquet extracts read back with an independent reader (parquet-wasm: the Rust parquet crate, into Apache Arrow),
// every row and column compared with what the API answers; and the output choices around it: the extension sets
// the format, an unknown one is refused, `--out -` streams text formats to stdout.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Table, tableFromIPC, util } from 'apache-arrow';
import { readParquet } from 'parquet-wasm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../src/cli/main.ts';
import { JsonNumber, type LosslessValue, parseLossless } from '../../src/extract/lossless-json.ts';
import { startReferenceServer, type ReferenceServer } from '../../src/index.ts';
import { captureIo } from '../helpers/captured-io.ts';

const TOKEN = 'parquet-token';
let server: ReferenceServer;
let dir: string;

beforeAll(async () => {
  server = await startReferenceServer({ fixturesDir: 'fixtures', port: 0, config: { apiTokens: [TOKEN] } });
  dir = await mkdtemp(join(tmpdir(), 'dsk-parquet-'));
});

afterAll(async () => {
  await server.close();
  await rm(dir, { recursive: true, force: true });
});

/**
 * The API's answer for a whole resource: field types (datastore_search) and records (datastore_search_sql, which
 * keeps timestamps' fractions), numbers kept as their text.
 */
async function apiTable(resource: string): Promise<{ fields: { id: string; type: string }[]; records: Record<string, LosslessValue>[] }> {
  const fields = (await callApi(`datastore_search?resource_id=${resource}&limit=0`))['fields'];
  const sql = encodeURIComponent(`SELECT * FROM "${resource}" ORDER BY "_id"`);
  const records = (await callApi(`datastore_search_sql?sql=${sql}`))['records'];
  return { fields: JSON.parse(JSON.stringify(fields)) as { id: string; type: string }[], records: records as Record<string, LosslessValue>[] };
}

async function callApi(path: string): Promise<Record<string, LosslessValue>> {
  const response = await fetch(`${server.url}/api/3/action/${path}`, { headers: { authorization: TOKEN } });
  const body = parseLossless(await response.text());
  const result = body !== null && typeof body === 'object' && !Array.isArray(body) && !(body instanceof JsonNumber) ? body['result'] : undefined;
  if (result === undefined || result === null || typeof result !== 'object' || Array.isArray(result) || result instanceof JsonNumber)
    throw new Error('no result');
  return result;
}

/** One value in a form both sides can be compared in, from the field type. */
function expectedValue(type: string, value: LosslessValue): unknown {
  if (value === null) return null;
  if (type.startsWith('_')) return (value as LosslessValue[]).map((item) => expectedValue(type.slice(1), item));
  const text = value instanceof JsonNumber ? value.text : typeof value === 'string' ? value : undefined;
  switch (type) {
    case 'int8':
      return String(text);
    case 'int':
    case 'int4':
    case 'float8':
      return String(Number(text));
    case 'numeric':
      return exactDecimal(String(text));
    case 'date':
      return text;
    case 'timestamp':
      return micros(String(text));
    case 'time':
      return seconds(String(text));
    case 'json':
      return JSON.stringify(value);
    default:
      return typeof value === 'boolean' ? value : text;
  }
}

/** A decimal's text without its sign's plus, leading zeros or trailing zeros after the point: `1.50` is `1.5`. */
function exactDecimal(text: string): string {
  const negative = text.startsWith('-');
  const [whole = '', fraction = ''] = text.replace(/^[-+]/, '').split('.');
  const integer = whole.replace(/^0+(?=\d)/, '');
  const rest = fraction.replace(/0+$/, '');
  const digits = rest === '' ? integer : `${integer}.${rest}`;
  return negative && /[1-9]/.test(digits) ? `-${digits}` : digits;
}

/** A Parquet DECIMAL read by Arrow (its unscaled integer) as exact decimal text, by the column's scale. */
function decimalText(value: unknown, scale: number): string {
  const unscaled = util.bigNumToString(value as Parameters<typeof util.bigNumToString>[0]);
  const negative = unscaled.startsWith('-');
  const digits = unscaled.replace('-', '').padStart(scale + 1, '0');
  const text = scale === 0 ? digits : `${digits.slice(0, -scale)}.${digits.slice(-scale)}`;
  return exactDecimal(negative ? `-${text}` : text);
}

function actualValue(type: string, value: unknown, scale = 0): unknown {
  if (value === null || value === undefined) return null;
  if (type.startsWith('_')) return Array.from(value as Iterable<unknown>, (item) => actualValue(type.slice(1), item, scale));
  switch (type) {
    case 'int8':
      return String(value);
    case 'numeric':
      return decimalText(value, scale);
    case 'int':
    case 'int4':
    case 'float8':
      return String(Number(value));
    case 'date':
      return new Date(Number(value)).toISOString().slice(0, 10);
    case 'timestamp':
      return String(Math.round(Number(value) * 1000));
    case 'time':
      return seconds(String(value));
    case 'json':
      return JSON.stringify(parseLossless(String(value)));
    default:
      return value;
  }
}

function micros(text: string): string {
  const [whole = '', fraction = ''] = text.split('.');
  return String(Date.parse(`${whole}Z`) * 1000 + Number(fraction.padEnd(6, '0')));
}

function seconds(text: string): number {
  const [h = 0, m = 0, s = 0] = text.split(':').map(Number);
  return h * 3600 + m * 60 + s;
}

async function extractParquet(resource: string, out: string, ...flags: string[]): Promise<void> {
  const run = captureIo(dir, { CI: 'true', PARQUET_TOKEN: TOKEN });
  const code = await main(['extract', '--target', server.url, '--token-env', 'PARQUET_TOKEN', '--resource', resource, '--out', out, ...flags], run.io);
  expect(run.stderr()).not.toContain('failed');
  expect(code).toBe(0);
}

/** The scale of each DECIMAL column, by name. */
function decimalScales(table: Table): Map<string, number> {
  return new Map(
    table.schema.fields.flatMap((field) => ('scale' in field.type && typeof field.type.scale === 'number' ? [[field.name, field.type.scale]] : [])),
  );
}

describe('extract to Parquet', () => {
  it.each([
    ['type-samples', '618532cb-ff3b-40c9-8e30-2ab721a38603', []],
    ['courses', 'df356cc6-0e13-4ba8-bc98-c4706614881b', ['--page-size', '64']],
    ['staff (private)', 'ff5f4ee6-14e2-4eb2-892c-abf6872814ff', ['--format', 'parquet']],
    ['measurements', '2085cfd3-7f59-4dbd-a534-ae7fe0d3c19a', []],
  ] as const)('writes %s with every row and column as the API answers, read back by parquet-wasm', async (_name, resource, flags) => {
    const out = join(dir, `${resource}${(flags as readonly string[]).includes('--format') ? '.data' : '.parquet'}`);
    await extractParquet(resource, out, ...flags);
    const table = tableFromIPC(readParquet(await readFile(out)).intoIPCStream());
    const api = await apiTable(resource);
    expect(table.schema.fields.map((field) => field.name)).toEqual(api.fields.map((field) => field.id));
    const rows = table.toArray().map((row: { toJSON(): Record<string, unknown> }) => row.toJSON());
    expect(rows).toHaveLength(api.records.length);
    const typeOf = new Map(api.fields.map((field) => [field.id, field.type]));
    const scales = decimalScales(table);
    const seen = rows.map((row) =>
      Object.fromEntries(Object.entries(row).map(([key, value]) => [key, actualValue(typeOf.get(key) ?? 'text', value, scales.get(key))])),
    );
    const wanted = api.records.map((record) => Object.fromEntries(api.fields.map((field) => [field.id, expectedValue(field.type, record[field.id] ?? null)])));
    expect(seen).toEqual(wanted);
  });

  it('types columns from the DataStore field types', async () => {
    const out = join(dir, 'types.parquet');
    await extractParquet('618532cb-ff3b-40c9-8e30-2ab721a38603', out);
    const table = tableFromIPC(readParquet(await readFile(out)).intoIPCStream());
    expect(table.schema.fields.map((field) => `${field.name}:${String(field.type)}`)).toEqual([
      '_id:Int32',
      'label:Utf8',
      'bük:Utf8',
      // why: numeric as DECIMAL, sized from the values: -2014.5000000000000000 needs 4 digits before the point and 16 after (Arrow writes the scale as e+16)
      'rating with %:Decimal[20e+16]',
      'big:Int64',
      'ratio:Float64',
      'nums:List<Int32>',
      'nested:Utf8',
      'day:Date32<DAY>',
      'at:Utf8',
      'stamp:Timestamp<MICROSECOND>',
      'flag:Bool',
    ]);
  });
});

describe('extract to Parquet: dates and timestamps PostgreSQL has and JavaScript dates do not', () => {
  it('writes infinity, BC, years before 100 and after 9999, and offsets with seconds as the reader reads them back', async () => {
    const out = join(dir, 'edge-times.parquet');
    const sql = [
      'SELECT 1 AS "_id"',
      `'infinity'::timestamp AS "t_inf"`,
      `'-infinity'::timestamp AS "t_neg"`,
      `'0044-03-15 10:00:00 BC'::timestamp AS "t_bc"`,
      `'0099-01-01 00:00:00.5'::timestamp AS "t_99"`,
      `'12000-01-01 00:00:00'::timestamp AS "t_far"`,
      `'infinity'::date AS "d_inf"`,
      `'0044-03-15 BC'::date AS "d_bc"`,
      `'0001-01-01'::date AS "d_1"`,
    ].join(', ');
    const run = captureIo(dir, { CI: 'true' });
    expect(await main(['extract', '--target', server.url, '--sql', sql, '--out', out], run.io), run.stderr()).toBe(0);
    const table = tableFromIPC(readParquet(await readFile(out)).intoIPCStream());
    // why: the raw stored values (microseconds as BigInt, days as numbers): Arrow's JavaScript reader cannot turn
    // INT64's extremes into a JavaScript number
    const raw = (name: string): unknown => table.getChild(name)?.data[0]?.values[0];
    const micros = (iso: string, fraction = 0n): bigint => BigInt(Date.parse(iso)) * 1000n + fraction;
    const days = (iso: string): number => Date.parse(iso) / 86_400_000;
    expect(Object.fromEntries(['t_inf', 't_neg', 't_bc', 't_99', 't_far', 'd_inf', 'd_bc', 'd_1'].map((name) => [name, raw(name)]))).toEqual({
      t_inf: 9_223_372_036_854_775_807n,
      t_neg: -9_223_372_036_854_775_807n,
      t_bc: micros('-000043-03-15T10:00:00Z'),
      t_99: micros('0099-01-01T00:00:00Z', 500_000n),
      t_far: micros('+012000-01-01T00:00:00Z'),
      d_inf: 2_147_483_647,
      d_bc: days('-000043-03-15T00:00:00Z'),
      d_1: days('0001-01-01T00:00:00Z'),
    });
  });
});

describe('extract output names', () => {
  it('refuses an unknown extension without --format (exit 2), naming the formats', async () => {
    const run = captureIo(dir, { CI: 'true' });
    expect(await main(['extract', '--target', server.url, '--resource', 'courses', '--out', 'x.xlsx'], run.io)).toBe(2);
    expect(run.stderr()).toContain(
      '--out x.xlsx: .xlsx is not an output format; name the file .csv, .tsv, .jsonl, .json, .parquet, or give the format with --format',
    );
  });

  it('streams csv to stdout with --out -, every row, and says so on stderr', async () => {
    const run = captureIo(dir, { CI: 'true' });
    expect(await main(['extract', '--target', server.url, '--resource', 'courses', '--out', '-', '--page-size', '100'], run.io)).toBe(0);
    const lines = run.stdout().trimEnd().split('\n');
    expect(lines[0]).toBe('_id,title,subject,stage,summary,credits,fee,start_date,updated,online,tags,meta,the year');
    expect(lines).toHaveLength(261);
    expect(lines.map((line) => line.split(',')[0]).slice(1)).toEqual(Array.from({ length: 260 }, (_, index) => String(index + 1)));
    expect(run.stderr()).toMatch(/wrote 260 rows to stdout \(/);
  });

  it('refuses parquet to stdout', async () => {
    const run = captureIo(dir, { CI: 'true' });
    expect(await main(['extract', '--target', server.url, '--resource', 'courses', '--out', '-', '--format', 'parquet'], run.io)).toBe(2);
    expect(run.stderr()).toContain('--out - streams csv, tsv, jsonl, not parquet');
  });
});
