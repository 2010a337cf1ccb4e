// Runs the PGlite worker thread: one statement at a time, a real timeout (terminate + reopen), crash recovery.
// The deadline of a statement is the pool's: it counts from when the engine accepted the statement.
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { isWorkerResponse, type DataSource, type WasmModule, type WorkerInput, type WorkerResponse } from './pglite-protocol.ts';
import type { BuildStep } from './pglite-sql.ts';
import { EngineQueryError, EngineTimeoutError, TIMEOUT_MESSAGE, type EngineResult } from '../engine.ts';

/** What every worker of the process starts from: its entry file and PGlite's compiled WASM. */
export interface PgliteRuntime {
  workerUrl: URL;
  wasmModule: WasmModule | undefined;
}

let runtime: Promise<PgliteRuntime> | undefined;

/**
 * The worker entry and PGlite's WASM, prepared once per process. Built (dist/*.js), the worker is plain JavaScript
 * beside this module; from source it is bundled first (pglite-worker-source.mjs). The WASM is compiled once and
 * handed to every worker (a Module is shared, not copied): each reopen after a timeout then skips compilation,
 * about half of PGlite's open time; undefined if the file is not where PGlite keeps it (PGlite then loads it).
 */
export function preparePgliteRuntime(): Promise<PgliteRuntime> {
  runtime ??= (async () => {
    const [workerUrl, wasmModule] = await Promise.all([workerEntry(), compileWasm()]);
    return { workerUrl, wasmModule };
  })();
  return runtime;
}

async function workerEntry(): Promise<URL> {
  if (!import.meta.url.endsWith('.ts')) return new URL('./pglite-worker.js', import.meta.url);
  // why: by URL, so neither tsc nor the CLI bundle takes this development-only module (and esbuild) into dist/
  const source: unknown = await import(new URL('./pglite-worker-source.mjs', import.meta.url).href);
  const bundle = typeof source === 'object' && source !== null && 'bundleWorkerFromSource' in source ? source.bundleWorkerFromSource : undefined;
  if (typeof bundle !== 'function') throw new Error('pglite-worker-source.mjs: no bundleWorkerFromSource');
  const url: unknown = await bundle(new URL('./pglite-worker.ts', import.meta.url));
  if (!(url instanceof URL)) throw new Error('pglite-worker-source.mjs: bundleWorkerFromSource gave no URL');
  return url;
}

async function compileWasm(): Promise<WasmModule | undefined> {
  try {
    const entry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
    // why: the ES2023 lib and Node 20's types declare neither WebAssembly's types nor its global value
    const wasm: { compile(bytes: Uint8Array): Promise<WasmModule> } = Reflect.get(globalThis, 'WebAssembly');
    return await wasm.compile(await readFile(join(dirname(entry), 'pglite.wasm')));
  } catch {
    return undefined;
  }
}

/** Starts a worker on `input`, handing it the process's compiled WASM. */
function spawnWorker(runtime: PgliteRuntime, input: WorkerInput): Worker {
  const withWasm: WorkerInput = runtime.wasmModule === undefined ? input : { ...input, wasmModule: runtime.wasmModule };
  // why: the worker is plain JavaScript and needs none of the process's Node flags; inherited, a loader such as
  // tsx's (`--import`, under `npx tsx`) would load again in every worker
  return new Worker(runtime.workerUrl, { workerData: { input: withWasm }, execArgv: [] });
}

/** Runs a build worker over `dataDir` (an empty dir gets initdb) and resolves when it has closed PGlite. */
export async function runBuildWorker(dataDir: string, steps: BuildStep[]): Promise<void> {
  const prepared = await preparePgliteRuntime();
  return new Promise((resolve, reject) => {
    const worker = spawnWorker(prepared, { mode: 'build', dataDir, steps });
    let done = false;
    worker.on('message', (message: unknown) => {
      if (!isWorkerResponse(message)) return;
      if (message.type === 'built') done = true;
      if (message.type === 'fatal') reject(new Error(`PGlite build failed: ${message.message}`));
    });
    worker.on('error', (e) => reject(new Error(`PGlite build worker failed: ${e.message}`, { cause: e })));
    worker.on('exit', (code) => (done ? resolve() : reject(new Error(`PGlite build worker exited with code ${code}`))));
  });
}

/** One statement for the worker. */
export interface Statement {
  sql: string;
  params: (string | null)[];
  readOnly: boolean;
}

interface Current {
  id: number;
  statement: Statement;
  /** True once the statement was sent again on a fresh worker after an internal error. */
  retried: boolean;
  resolve: (result: EngineResult) => void;
  reject: (error: Error) => void;
  timer: NodeJS.Timeout | undefined;
  /** The worker the statement was posted to; undefined while waiting for the worker to (re)start. */
  sentTo: Worker | undefined;
}

interface Running {
  worker: Worker;
  ready: Promise<void>;
  isReady: boolean;
}

/** SQLSTATE of PostgreSQL's internal errors ("can't happen" checks such as "bad buffer ID: 0"). */
const INTERNAL_ERROR = 'XX000';

/**
 * A result holding more text than this (characters) has grown the worker's WebAssembly memory past what a search
 * needs (a page of rows_max rows is a few MB): the worker is replaced after it. Measured: three answers of
 * `SELECT repeat('x', 100000000)` left the server at 1.36 GB of RSS, against 0.49 GB before.
 */
const RECYCLE_AFTER_CHARS = 64 * 1024 * 1024;

/** The characters of a result's text cells. */
function textLength(rows: readonly (readonly unknown[])[]): number {
  let total = 0;
  for (const row of rows) for (const cell of row) if (typeof cell === 'string') total += cell.length;
  return total;
}

/**
 * Owns the serving worker for one data dir and runs one statement at a time on it (a pool hands statements
 * only to an idle host). A statement past its deadline terminates the worker, which is restarted at once.
 * A statement answered with an internal error is sent once more on a restarted worker: such an error says the
 * engine's session went bad (seen rarely under load in PGlite), not that the statement is wrong, and a fresh
 * session answers it as CKAN's PostgreSQL would. A second internal error is the answer.
 */
export class PgliteHost {
  #data: DataSource;
  #runtime: PgliteRuntime;
  #niceness: number | undefined;
  #running: Running | undefined;
  #current: Current | undefined;
  #nextId = 1;
  #closed = false;
  /** Called whenever the host becomes idle with a ready worker (after a statement, or once a restart is done). */
  onIdle: () => void = () => {};
  /** How many times the worker was (re)started: 1 after open, +1 per timeout, crash or internal error. */
  starts = 0;

  /**
   * `data`: the host's own copy of the data dir, or a tar each (re)started worker loads into its memory;
   * `niceness`: the lowered scheduling priority of its worker thread, if any (see WorkerInput).
   */
  constructor(data: DataSource, runtime: PgliteRuntime, niceness?: number) {
    this.#data = data;
    this.#runtime = runtime;
    this.#niceness = niceness;
  }

  /** Starts the worker (if needed) and resolves once PGlite has opened the data dir. */
  start(): Promise<void> {
    return this.#ensureWorker().then((worker) => this.#unrefIfIdle(worker));
  }

  /** True when no statement is running and the worker is open: a statement sent now starts at once. */
  get isIdle(): boolean {
    return this.#current === undefined && this.#running?.isReady === true && !this.#closed;
  }

  /** True while a statement is on this host (running, or waiting for the worker to restart). */
  get isBusy(): boolean {
    return this.#current !== undefined;
  }

  /** An idle engine must not keep the process alive on its own (a forgotten close() still lets it exit). */
  #unrefIfIdle(worker: Worker): void {
    if (this.#current === undefined) worker.unref();
  }

  /**
   * Runs one statement (the host must not be busy). At `deadlineMs` (a performance.now() time) it rejects with
   * EngineTimeoutError wherever the statement is: waiting for the worker, or running (the worker is terminated).
   */
  run(statement: Statement, deadlineMs: number | undefined): Promise<EngineResult> {
    if (this.#closed) return Promise.reject(new Error('the PGlite engine is closed'));
    if (this.#current !== undefined) return Promise.reject(new Error('PgliteHost.run: a statement is already running'));
    const id = this.#nextId++;
    return new Promise((resolve, reject) => {
      const current: Current = { id, statement, retried: false, resolve, reject, timer: undefined, sentTo: undefined };
      this.#current = current;
      if (deadlineMs !== undefined) {
        current.timer = setTimeout(() => this.#timeOut(id), Math.max(0, deadlineMs - performance.now()));
      }
      this.#send(current);
    });
  }

  /** Posts the current statement to the worker once it is ready (starting one if there is none). */
  #send(current: Current): void {
    current.sentTo = undefined;
    this.#ensureWorker().then(
      (worker) => {
        if (this.#current !== current) return;
        current.sentTo = worker;
        worker.ref();
        worker.postMessage({ type: 'query', id: current.id, ...current.statement });
      },
      (e: unknown) => this.#finish(current.id, (c) => c.reject(e instanceof Error ? e : new Error(String(e)))),
    );
  }

  /** Stops the running worker without waiting and forgets it (its late messages and exit are ignored). */
  #stopWorker(worker: Worker): void {
    if (this.#running?.worker !== worker) return;
    this.#running = undefined;
    worker.removeAllListeners();
    worker.on('error', () => undefined);
    void worker.terminate();
  }

  #ensureWorker(): Promise<Worker> {
    if (this.#running !== undefined) {
      const { worker, ready } = this.#running;
      return ready.then(() => worker);
    }
    const worker = spawnWorker(this.#runtime, { mode: 'serve', data: this.#data, ...(this.#niceness === undefined ? {} : { niceness: this.#niceness }) });
    this.starts += 1;
    const ready = new Promise<void>((resolve, reject) => {
      worker.on('message', (message: unknown) => {
        if (!isWorkerResponse(message)) return;
        if (message.type === 'ready') resolve();
        else if (message.type === 'fatal') {
          reject(new Error(`PGlite failed to open ${'dir' in this.#data ? this.#data.dir : 'its data in memory'}: ${message.message}`));
          void worker.terminate();
        } else this.#settle(worker, message);
      });
      worker.on('error', (e) => {
        reject(e);
        this.#abandon(worker, new Error(`PGlite worker crashed: ${e.message}`, { cause: e }));
      });
      worker.on('exit', (code) => {
        reject(new Error(`PGlite worker exited with code ${code}`));
        this.#abandon(worker, new Error(`PGlite worker exited with code ${code}`));
      });
    });
    const running: Running = { worker, ready, isReady: false };
    ready.then(
      () => {
        running.isReady = true;
        if (this.#running === running && this.isIdle) this.onIdle();
      },
      // why: a failed start must not stay cached, or every later statement would reuse the rejection
      () => {
        if (this.#running === running) this.#running = undefined;
      },
    );
    this.#running = running;
    return ready.then(() => worker);
  }

  #finish(id: number, settle: (current: Current) => void): void {
    const current = this.#current;
    if (current === undefined || current.id !== id) return;
    clearTimeout(current.timer);
    this.#current = undefined;
    settle(current);
    if (this.#running !== undefined) this.#unrefIfIdle(this.#running.worker);
    if (this.isIdle) this.onIdle();
  }

  #settle(worker: Worker, message: WorkerResponse): void {
    const current = this.#current;
    if (this.#running?.worker !== worker || current === undefined) return;
    if (message.type === 'result' && message.id === current.id) {
      this.#finish(current.id, (c) => c.resolve({ fields: message.fields, rows: message.rows }));
      if (textLength(message.rows) > RECYCLE_AFTER_CHARS) this.#recycle(worker);
    } else if (message.type === 'error' && message.id === current.id) {
      if (message.sqlState === INTERNAL_ERROR && !current.retried) {
        current.retried = true;
        this.#stopWorker(worker);
        this.#send(current);
        return;
      }
      const { message: text, sqlState, position, detail, hint } = message;
      const options = { ...(position === undefined ? {} : { position }), ...(detail === undefined ? {} : { detail }), ...(hint === undefined ? {} : { hint }) };
      this.#finish(current.id, (c) => c.reject(new EngineQueryError(text, sqlState, options)));
    }
  }

  /**
   * Replaces a worker whose memory a large result grew: a WebAssembly memory never shrinks, so a worker that once
   * held a 100 MB value keeps holding that much for the rest of the server's life.
   */
  #recycle(worker: Worker): void {
    if (this.#closed || this.#current !== undefined) return;
    this.#stopWorker(worker);
    this.#ensureWorker().then(
      (w) => this.#unrefIfIdle(w),
      () => undefined,
    );
  }

  /** Forgets a worker that died; the in-flight statement fails and the next one starts a fresh worker. */
  #abandon(worker: Worker, error: Error): void {
    const running = this.#running;
    if (running?.worker !== worker) return;
    this.#running = undefined;
    const current = this.#current;
    if (current !== undefined) this.#finish(current.id, (c) => c.reject(error));
    // why: a worker that had opened is restarted so the host serves again; one that failed to open is not retried
    if (running.isReady && !this.#closed)
      this.#ensureWorker().then(
        (w) => this.#unrefIfIdle(w),
        () => undefined,
      );
  }

  #timeOut(id: number): void {
    const current = this.#current;
    if (current?.id !== id) return;
    const worker = current.sentTo;
    // why: PGlite cannot cancel a statement; only terminating its thread stops it. One still waiting for a
    // restart has not reached the worker, which is left to finish starting.
    if (worker !== undefined) this.#stopWorker(worker);
    this.#finish(id, (c) => c.reject(new EngineTimeoutError(TIMEOUT_MESSAGE)));
    // why: reopen right away, so the next caller does not also pay for the restart
    if (!this.#closed && this.#running === undefined) {
      this.#ensureWorker().then(
        (w) => this.#unrefIfIdle(w),
        () => undefined,
      );
    }
  }

  /**
   * Rejects the running statement and stops the worker. PGlite is not shut down cleanly on purpose: the data
   * dir is a throwaway copy that is deleted next, and a clean shutdown (checkpoint) costs seconds.
   */
  async close(): Promise<void> {
    this.#closed = true;
    const current = this.#current;
    this.#current = undefined;
    if (current !== undefined) {
      clearTimeout(current.timer);
      current.reject(new Error('the PGlite engine is closed'));
    }
    const running = this.#running;
    this.#running = undefined;
    if (running === undefined) return;
    running.worker.removeAllListeners();
    running.worker.on('error', () => undefined);
    await running.worker.terminate();
  }
}
