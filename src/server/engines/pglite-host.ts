// Runs the PGlite worker thread: one statement at a time, a real timeout (terminate + reopen), crash recovery.
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { isWorkerResponse, type WasmModule, type WorkerInput, type WorkerResponse } from './pglite-protocol.ts';
import type { BuildStep } from './pglite-sql.ts';
import { EngineQueryError, EngineTimeoutError, type EngineResult } from './types.ts';

// why: built (dist/*.js) the worker runs as plain JavaScript; from source (tests, tsx scripts) a Node 20 worker does
// not inherit the parent's TypeScript loader, so a small .mjs boot registers tsx first, then loads the .ts worker
const FROM_SOURCE = import.meta.url.endsWith('.ts');
const WORKER_URL = new URL(FROM_SOURCE ? './pglite-worker.ts' : './pglite-worker.js', import.meta.url);
const BOOT_URL = FROM_SOURCE ? new URL('./pglite-worker-boot.mjs', import.meta.url) : WORKER_URL;

/** PostgreSQL's own message for a statement timeout, so both engines report timeouts alike. */
export const TIMEOUT_MESSAGE = 'canceling statement due to statement timeout';

function spawnWorker(input: WorkerInput): Worker {
  return new Worker(BOOT_URL, { workerData: { entry: WORKER_URL.href, input } });
}

let compiled: Promise<WasmModule | undefined> | undefined;

/**
 * PGlite's WASM, compiled once per process and handed to every worker (a Module is shared, not copied):
 * each reopen after a timeout then skips compilation, about half of PGlite's open time. Undefined if the
 * file is not where PGlite keeps it; PGlite then loads it itself.
 */
export function compilePgliteWasm(): Promise<WasmModule | undefined> {
  compiled ??= (async () => {
    try {
      const entry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
      // why: the ES2023 lib and Node 20's types declare neither WebAssembly's types nor its global value
      const wasm: { compile(bytes: Uint8Array): Promise<WasmModule> } = Reflect.get(globalThis, 'WebAssembly');
      return await wasm.compile(await readFile(join(dirname(entry), 'pglite.wasm')));
    } catch {
      return undefined;
    }
  })();
  return compiled;
}

/** Runs a build worker over `dataDir` (an empty dir gets initdb) and resolves when it has closed PGlite. */
export async function runBuildWorker(dataDir: string, steps: BuildStep[]): Promise<void> {
  const wasmModule = await compilePgliteWasm();
  return new Promise((resolve, reject) => {
    const worker = spawnWorker({ mode: 'build', dataDir, steps, ...(wasmModule === undefined ? {} : { wasmModule }) });
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

interface Pending {
  sql: string;
  params: (string | null)[];
  readOnly: boolean;
  timeoutMs: number | undefined;
  resolve: (result: EngineResult) => void;
  reject: (error: Error) => void;
}

interface Running {
  worker: Worker;
  ready: Promise<void>;
}

/** Owns the serving worker for one data dir; queries are queued and sent one at a time. */
export class PgliteHost {
  #dataDir: string;
  #wasmModule: WasmModule | undefined;
  #running: Running | undefined;
  #queue: Pending[] = [];
  #current: { pending: Pending; id: number; timer: NodeJS.Timeout | undefined } | undefined;
  #nextId = 1;
  #closed = false;
  /** How many times the worker was (re)started: 1 after open, +1 per timeout or crash. */
  starts = 0;

  constructor(dataDir: string, wasmModule?: WasmModule) {
    this.#dataDir = dataDir;
    this.#wasmModule = wasmModule;
  }

  /** Starts the worker (if needed) and resolves once PGlite has opened the data dir. */
  start(): Promise<void> {
    return this.#ensureWorker().then((worker) => this.#unrefIfIdle(worker));
  }

  /** An idle engine must not keep the process alive on its own (a forgotten close() still lets it exit). */
  #unrefIfIdle(worker: Worker): void {
    if (this.#current === undefined && this.#queue.length === 0) worker.unref();
  }

  query(sql: string, params: (string | null)[], readOnly: boolean, timeoutMs: number | undefined): Promise<EngineResult> {
    if (this.#closed) return Promise.reject(new Error('the PGlite engine is closed'));
    return new Promise((resolve, reject) => {
      this.#queue.push({ sql, params, readOnly, timeoutMs, resolve, reject });
      this.#pump();
    });
  }

  #ensureWorker(): Promise<Worker> {
    if (this.#running !== undefined) {
      const { worker, ready } = this.#running;
      return ready.then(() => worker);
    }
    const wasmModule = this.#wasmModule;
    const worker = spawnWorker({ mode: 'serve', dataDir: this.#dataDir, ...(wasmModule === undefined ? {} : { wasmModule }) });
    this.starts += 1;
    const ready = new Promise<void>((resolve, reject) => {
      worker.on('message', (message: unknown) => {
        if (!isWorkerResponse(message)) return;
        if (message.type === 'ready') resolve();
        else if (message.type === 'fatal') {
          reject(new Error(`PGlite failed to open ${this.#dataDir}: ${message.message}`));
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
    // why: a failed start must not stay cached, or every later query would reuse the rejection
    ready.catch(() => this.#running?.worker === worker && (this.#running = undefined));
    this.#running = { worker, ready };
    return ready.then(() => worker);
  }

  #pump(): void {
    if (this.#current !== undefined || this.#closed) return;
    const pending = this.#queue.shift();
    if (pending === undefined) {
      if (this.#running !== undefined) this.#unrefIfIdle(this.#running.worker);
      return;
    }
    const id = this.#nextId++;
    this.#current = { pending, id, timer: undefined };
    this.#ensureWorker().then(
      (worker) => this.#dispatch(worker, id),
      (e: unknown) => this.#finish(id, () => pending.reject(e instanceof Error ? e : new Error(String(e)))),
    );
  }

  #dispatch(worker: Worker, id: number): void {
    const current = this.#current;
    if (current === undefined || current.id !== id) return;
    const { pending } = current;
    worker.ref();
    if (pending.timeoutMs !== undefined) {
      current.timer = setTimeout(() => this.#timeOut(worker, id), pending.timeoutMs);
    }
    worker.postMessage({ type: 'query', id, sql: pending.sql, params: pending.params, readOnly: pending.readOnly });
  }

  #finish(id: number, settle: () => void): void {
    const current = this.#current;
    if (current === undefined || current.id !== id) return;
    clearTimeout(current.timer);
    this.#current = undefined;
    settle();
    this.#pump();
  }

  #settle(worker: Worker, message: WorkerResponse): void {
    if (this.#running?.worker !== worker || this.#current === undefined) return;
    const { pending, id } = this.#current;
    if (message.type === 'result' && message.id === id) {
      this.#finish(id, () => pending.resolve({ fields: message.fields, rows: message.rows }));
    } else if (message.type === 'error' && message.id === id) {
      const { message: text, sqlState, position, detail, hint } = message;
      const options = { ...(position === undefined ? {} : { position }), ...(detail === undefined ? {} : { detail }), ...(hint === undefined ? {} : { hint }) };
      this.#finish(id, () => pending.reject(new EngineQueryError(text, sqlState, options)));
    }
  }

  /** Forgets a worker that died; the in-flight query fails and the next one starts a fresh worker. */
  #abandon(worker: Worker, error: Error): void {
    if (this.#running?.worker !== worker) return;
    this.#running = undefined;
    const current = this.#current;
    if (current !== undefined) this.#finish(current.id, () => current.pending.reject(error));
  }

  #timeOut(worker: Worker, id: number): void {
    if (this.#current?.id !== id || this.#running?.worker !== worker) return;
    const { pending } = this.#current;
    this.#running = undefined;
    worker.removeAllListeners();
    worker.on('error', () => undefined);
    void worker.terminate();
    this.#finish(id, () => pending.reject(new EngineTimeoutError(TIMEOUT_MESSAGE)));
    // why: reopen right away, so the next caller does not also pay for the restart
    if (!this.#closed && this.#running === undefined) {
      this.#ensureWorker().then((w) => this.#unrefIfIdle(w), () => undefined);
    }
  }

  /**
   * Rejects queued and running queries and stops the worker. PGlite is not shut down cleanly on purpose: the
   * data dir is a throwaway copy that is deleted next, and a clean shutdown (checkpoint) costs seconds.
   */
  async close(): Promise<void> {
    this.#closed = true;
    const closedError = (): Error => new Error('the PGlite engine is closed');
    for (const pending of this.#queue.splice(0)) pending.reject(closedError());
    const current = this.#current;
    this.#current = undefined;
    if (current !== undefined) {
      clearTimeout(current.timer);
      current.pending.reject(closedError());
    }
    const running = this.#running;
    this.#running = undefined;
    if (running === undefined) return;
    running.worker.removeAllListeners();
    running.worker.on('error', () => undefined);
    await running.worker.terminate();
  }
}
