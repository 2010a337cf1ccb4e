// Worker thread owning one PGlite instance: builds a data dir, or serves queries one at a time (the engine
// stops a serving worker by terminating it; its data dir is a throwaway copy).
// PGlite runs synchronously inside WASM, so it lives here: the main thread stays responsive and can terminate
// this thread when a statement runs past its timeout (PGlite does not enforce statement_timeout).
import { readlinkSync } from 'node:fs';
import { setPriority } from 'node:os';
import { parentPort, workerData, type MessagePort } from 'node:worker_threads';
import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import { READ_ONLY_ROLE, quoteIdent } from './pglite-sql.ts';
import { isWorkerRequest, type DataSource, type QueryErrorFields, type QueryRequest, type WorkerInput, type WorkerResponse } from './pglite-protocol.ts';

function requirePort(): MessagePort {
  if (parentPort === null) throw new Error('pglite-worker must run in a worker thread');
  return parentPort;
}
const port = requirePort();
const send = (message: WorkerResponse): void => port.postMessage(message);

function isDataSource(value: unknown): value is DataSource {
  if (typeof value !== 'object' || value === null) return false;
  return ('dir' in value && typeof value.dir === 'string') || ('tar' in value && value.tar instanceof Blob);
}

function isWorkerInput(value: unknown): value is WorkerInput {
  if (typeof value !== 'object' || value === null || !('mode' in value)) return false;
  if (value.mode === 'serve') return 'data' in value && isDataSource(value.data);
  return value.mode === 'build' && 'steps' in value && Array.isArray(value.steps) && 'dataDir' in value && typeof value.dataDir === 'string';
}

function toErrorFields(e: unknown): QueryErrorFields {
  const fields: QueryErrorFields = { message: e instanceof Error ? e.message : String(e), sqlState: undefined };
  if (typeof e !== 'object' || e === null) return fields;
  if ('code' in e && typeof e.code === 'string') fields.sqlState = e.code;
  if ('position' in e && typeof e.position === 'string' && e.position !== '') fields.position = Number(e.position);
  if ('detail' in e && typeof e.detail === 'string') fields.detail = e.detail;
  if ('hint' in e && typeof e.hint === 'string') fields.hint = e.hint;
  return fields;
}

/** PGlite options; a module compiled once by the main thread halves the open time of every new worker. */
function openOptions(input: WorkerInput): PGliteOptions {
  const options: PGliteOptions = { relaxedDurability: true };
  if (input.wasmModule !== undefined) options.pgliteWasmModule = input.wasmModule;
  return options;
}

/**
 * initdb's options for a blank data dir: WAL segments of 1 MB instead of 16. Every prepared dir holds the segment of
 * its last checkpoint, and every worker copies or loads the whole dir, so 15 MB less of it at every worker start.
 */
const INITDB_PARAMS = ['--wal-segsize=1'];

async function build(input: WorkerInput & { mode: 'build' }): Promise<void> {
  // why: initdb runs only on an empty dir (the blank one); over an initialised dir the parameters are not used
  const db = await PGlite.create(input.dataDir, { ...openOptions(input), initDbStartParams: INITDB_PARAMS });
  for (const step of input.steps) {
    try {
      if ('csv' in step) await db.query(step.sql, [], { blob: new Blob([step.csv]) });
      else await db.exec(step.sql);
    } catch (e) {
      throw new Error(`${toErrorFields(e).message} in: ${step.sql.slice(0, 200)}`, { cause: e });
    }
  }
  await db.exec('CHECKPOINT');
  await db.close();
  send({ type: 'built' });
}

/** Identity parsers/serializers for every type, so values stay in PostgreSQL's text form both ways. */
interface TypeTable {
  names: Map<number, string>;
  identity: Record<number, (value: string) => string>;
}

async function loadTypes(db: PGlite): Promise<TypeTable> {
  const result = await db.query<[string, string]>('SELECT oid::text, typname::text FROM pg_type', [], { rowMode: 'array' });
  const names = new Map<number, string>();
  const identity: Record<number, (value: string) => string> = {};
  for (const [oid, typname] of result.rows) {
    names.set(Number(oid), typname);
    identity[Number(oid)] = (value) => value;
  }
  return { names, identity };
}

function isTextRow(row: unknown): row is (string | null)[] {
  return Array.isArray(row) && row.every((v) => v === null || typeof v === 'string');
}

async function runQuery(db: PGlite, types: TypeTable, request: QueryRequest): Promise<void> {
  const options = { rowMode: 'array' as const, parsers: types.identity, serializers: types.identity };
  try {
    if (request.readOnly) await db.exec(`BEGIN TRANSACTION READ ONLY; SET LOCAL ROLE ${quoteIdent(READ_ONLY_ROLE)}`);
    let result: Awaited<ReturnType<typeof db.query<unknown[]>>>;
    try {
      result = await db.query<unknown[]>(request.sql, request.params, options);
    } finally {
      if (request.readOnly) await db.exec('ROLLBACK');
    }
    const rows = result.rows.map((row) => {
      if (!isTextRow(row)) throw new Error('PGlite returned a non-text value despite identity parsers');
      return row;
    });
    const fields = result.fields.map((f) => ({ name: f.name, typeName: types.names.get(f.dataTypeID) ?? String(f.dataTypeID) }));
    send({ type: 'result', id: request.id, fields, rows });
  } catch (e) {
    send({ type: 'error', id: request.id, ...toErrorFields(e) });
  }
}

/** Opens the data: a dir in place, or a tar loaded into PGlite's in-memory file system (nothing on disk). */
function open(data: DataSource, options: PGliteOptions): Promise<PGlite> {
  return 'dir' in data ? PGlite.create(data.dir, options) : PGlite.create({ ...options, loadDataDir: data.tar });
}

/**
 * Lowers this thread's scheduling priority (not the process's): on Linux a thread has its own nice value, set
 * through its thread id, which /proc/thread-self names. Elsewhere, or where that fails, the thread keeps its priority.
 */
function lowerThreadPriority(niceness: number): void {
  try {
    const threadId = Number(readlinkSync('/proc/thread-self').split('/').at(-1));
    if (Number.isInteger(threadId) && threadId > 0) setPriority(threadId, niceness);
  } catch {
    // why: no /proc (not Linux) or no permission: the statements only run at the normal priority
  }
}

async function serve(input: WorkerInput & { mode: 'serve' }): Promise<void> {
  const db = await open(input.data, openOptions(input));
  const types = await loadTypes(db);
  // why: only the statements yield; the open before them runs at the normal priority, so a new worker is soon ready
  if (input.niceness !== undefined && input.niceness > 0) lowerThreadPriority(input.niceness);
  // why: PGlite serialises its own calls, but chaining keeps replies in request order and one statement at a time
  let chain = Promise.resolve();
  port.on('message', (message: unknown) => {
    if (!isWorkerRequest(message)) return;
    chain = chain.then(() => runQuery(db, types, message));
  });
  send({ type: 'ready' });
}

const input: unknown = typeof workerData === 'object' && workerData !== null && 'input' in workerData ? workerData.input : undefined;
if (!isWorkerInput(input)) throw new Error('pglite-worker: bad workerData');
const started = input.mode === 'build' ? build(input) : serve(input);
started.catch((e: unknown) => send({ type: 'fatal', message: e instanceof Error ? e.message : String(e) }));
