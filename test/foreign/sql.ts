// datastore_search_sql of the foreign implementation: the statement runs on a PGlite database of its own (its own
// table layout, its own JSON rendering), wrapped as a subquery so that only a query can run. One database per
// process, opened at the first SQL request and closed with the last server (opening PGlite takes seconds; its
// loaded data dir is cached on disk, so later processes load it instead of running initdb and the inserts again).
import { createHash } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { ForeignBug } from './bugs.ts';
import type { ForeignField, ForeignTable } from './data.ts';
import { PAGE_SIZES, Refusal } from './search.ts';

const SQL_TYPES: Readonly<Record<ForeignField['type'], string>> = {
  int: 'integer',
  int4: 'integer',
  numeric: 'numeric',
  text: 'text',
  bool: 'boolean',
  timestamp: 'timestamp(3)',
};

/** PostgreSQL type oids and the names the answer's `fields` gives them. */
const TYPE_NAMES: Readonly<Record<number, string>> = {
  16: 'bool',
  20: 'int8',
  21: 'int2',
  23: 'int4',
  25: 'text',
  700: 'float4',
  701: 'float8',
  1043: 'varchar',
  1114: 'timestamp',
  1700: 'numeric',
};

let shared: { db: Promise<PGlite>; users: number } | undefined;

/** A handle on the shared database: `query` runs a statement, `open` opens it now, `release` lets the last user close it. */
export interface SqlDatabase {
  query(sql: string, bug: ForeignBug | undefined): Promise<Record<string, unknown>>;
  open(): Promise<void>;
  release(): Promise<void>;
}

/** Takes a handle on the shared database of `tables` (created on the first query). */
export function acquireDatabase(tables: readonly ForeignTable[]): SqlDatabase {
  let db: Promise<PGlite> | undefined;
  const open = (): Promise<PGlite> => {
    if (db !== undefined) return db;
    shared ??= { db: createDatabase(tables), users: 0 };
    shared.users += 1;
    db = shared.db;
    return db;
  };
  return {
    query: async (sql, bug) => runQuery(await open(), sql, bug),
    open: async () => {
      await open();
    },
    release: async () => {
      if (db === undefined || shared === undefined) return;
      shared.users -= 1;
      if (shared.users > 0) return;
      const closing = shared.db;
      shared = undefined;
      await (await closing).close();
    },
  };
}

const ROOT = path.resolve(import.meta.dirname, '../..');

/**
 * Where the loaded database of `tables` is kept: a file named by what makes it (PGlite's version, the table layout
 * and every row), so a change of either is a new file, never a stale database.
 */
async function cachedDumpPath(tables: readonly ForeignTable[]): Promise<string> {
  const manifest: unknown = JSON.parse(await readFile(path.join(ROOT, 'node_modules/@electric-sql/pglite/package.json'), 'utf8'));
  const version = typeof manifest === 'object' && manifest !== null && 'version' in manifest ? String(manifest.version) : 'unknown';
  const hash = createHash('sha256').update(JSON.stringify([version, SQL_TYPES, tables.map((t) => [t.id, t.fields, t.rows])]));
  return path.join(ROOT, 'node_modules/.cache/datastore-kit-foreign', `sql-${hash.digest('hex').slice(0, 16)}.tar`);
}

async function createDatabase(tables: readonly ForeignTable[]): Promise<PGlite> {
  const file = await cachedDumpPath(tables);
  const dump = await readFile(file).catch(() => undefined);
  if (dump !== undefined) return PGlite.create({ loadDataDir: new Blob([dump]) });
  const db = await loadTables(tables);
  await mkdir(path.dirname(file), { recursive: true });
  // why: two test processes may build it at once; each writes its own file and renames it into place
  const temp = `${file}.${process.pid}.tmp`;
  await writeFile(temp, new Uint8Array(await (await db.dumpDataDir('none')).arrayBuffer()));
  await rename(temp, file);
  return db;
}

async function loadTables(tables: readonly ForeignTable[]): Promise<PGlite> {
  const db = new PGlite();
  for (const table of tables) {
    const columns = table.fields.map((f) => `"${f.id}" ${f.id === '_id' ? 'integer PRIMARY KEY' : SQL_TYPES[f.type]}`);
    await db.exec(`CREATE TABLE "${table.id}" (${columns.join(', ')})`);
    const ids = table.fields.map((f) => `"${f.id}"`).join(', ');
    for (let start = 0; start < table.rows.length; start += 500) {
      const rows = table.rows.slice(start, start + 500);
      const params = rows.flatMap((row) => table.fields.map((f) => row[f.id] ?? null));
      const tuples = rows.map((_, r) => `(${table.fields.map((_f, c) => `$${r * table.fields.length + c + 1}`).join(', ')})`);
      await db.query(`INSERT INTO "${table.id}" (${ids}) VALUES ${tuples.join(', ')}`, params);
    }
  }
  return db;
}

/** The statement with the planted SQL bug applied to its text (the text an implementation would hand its database). */
function rewrite(sql: string, bug: ForeignBug | undefined): string {
  if (bug === 'sql-like-case-insensitive') return sql.replace(/\bLIKE\b/gi, 'ILIKE');
  if (bug === 'sql-like-prefix-only') return sql.replace(/(\bLIKE\s+')%+/gi, '$1');
  if (bug === 'sql-where-ignored') return sql.replace(/\bWHERE\b[\s\S]*?(?=\bGROUP\s+BY\b|\bORDER\s+BY\b|\bLIMIT\b|$)/i, ' ');
  return sql;
}

async function runQuery(db: PGlite, sql: string, bug: ForeignBug | undefined): Promise<Record<string, unknown>> {
  const statement = sql.trim().replace(/;\s*$/, '');
  if (!/^(select|with)\b/i.test(statement)) throw new Refusal(409, 'sql: only a SELECT statement can be run');
  if (/\bpg_|\binformation_schema\b/i.test(statement)) throw new Refusal(403, 'sql: system catalogs are not available');
  let answer: Awaited<ReturnType<PGlite['query']>>;
  try {
    answer = await db.query(`SELECT * FROM (${rewrite(statement, bug)}) AS answer LIMIT ${PAGE_SIZES.rowsMax + 1}`);
  } catch (error) {
    throw new Refusal(409, `sql: ${error instanceof Error ? error.message : String(error)}`);
  }
  const fields = answer.fields.map((f) => ({ id: f.name, type: TYPE_NAMES[f.dataTypeID] ?? 'text' }));
  let records = answer.rows.map((row) => renderRow(row, fields));
  const truncated = records.length > PAGE_SIZES.rowsMax;
  if (truncated) records = records.slice(0, PAGE_SIZES.rowsMax);
  if (bug === 'sql-drops-last-row') records = records.slice(0, -1);
  return { sql, records, fields, ...(truncated ? { records_truncated: true } : {}) };
}

function renderRow(row: unknown, fields: readonly { id: string; type: string }[]): Record<string, unknown> {
  const values: Record<string, unknown> = typeof row === 'object' && row !== null ? Object.fromEntries(Object.entries(row)) : {};
  return Object.fromEntries(fields.map((f) => [f.id, renderValue(values[f.id], f.type)]));
}

/** Numbers as JSON numbers, timestamps as ISO text without a zone (milliseconds when not 0), the rest as text. */
function renderValue(value: unknown, type: string): unknown {
  if (value === null || value === undefined) return null;
  if (value instanceof Date) {
    const text = value.toISOString().slice(0, 23);
    return text.endsWith('.000') ? text.slice(0, 19) : text;
  }
  if (type === 'numeric' || type === 'int8') return Number(value);
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'string') return value;
  return String(value);
}
