// Messages between the PGlite engine (main thread) and its worker thread.
import type { EngineField } from '../engine.ts';
import type { BuildStep } from './pglite-sql.ts';

/**
 * A compiled `WebAssembly.Module`. Named here because neither the ES2023 lib nor Node 20's types declare the
 * WebAssembly namespace (only a dev tool's types did, which the build does not see); PGlite takes it as is.
 */
export interface WasmModule {
  readonly [Symbol.toStringTag]: string;
}

/** The data a serving worker opens: a data dir on disk (its own copy), or a tar of one loaded into its memory. */
export type DataSource = { dir: string } | { tar: Blob };

/**
 * workerData: open a prepared data dir and serve queries, or build a data dir and exit. `niceness` (Linux: 0 to 19)
 * lowers the serving thread's scheduling priority, so what it runs yields the CPU to the other threads.
 */
export type WorkerInput =
  | { mode: 'serve'; data: DataSource; wasmModule?: WasmModule; niceness?: number }
  | { mode: 'build'; dataDir: string; steps: BuildStep[]; wasmModule?: WasmModule };

export interface QueryRequest {
  type: 'query';
  id: number;
  sql: string;
  params: (string | null)[];
  readOnly: boolean;
}

export type WorkerRequest = QueryRequest;

/** PostgreSQL's error fields, as far as PGlite exposes them. */
export interface QueryErrorFields {
  message: string;
  sqlState: string | undefined;
  position?: number;
  detail?: string;
  hint?: string;
}

export type WorkerResponse =
  | { type: 'ready' }
  | { type: 'built' }
  | { type: 'fatal'; message: string }
  | { type: 'result'; id: number; fields: EngineField[]; rows: (string | null)[][] }
  | ({ type: 'error'; id: number } & QueryErrorFields);

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/** Narrows a message from the worker (structured clone of our own objects; checked, not cast). */
export function isWorkerResponse(value: unknown): value is WorkerResponse {
  if (!isRecord(value) || typeof value['type'] !== 'string') return false;
  switch (value['type']) {
    case 'ready':
    case 'built':
      return true;
    case 'fatal':
      return typeof value['message'] === 'string';
    case 'result':
      return typeof value['id'] === 'number' && Array.isArray(value['fields']) && Array.isArray(value['rows']);
    case 'error':
      return typeof value['id'] === 'number' && typeof value['message'] === 'string';
    default:
      return false;
  }
}

export function isWorkerRequest(value: unknown): value is WorkerRequest {
  if (!isRecord(value)) return false;
  return (
    value['type'] === 'query' &&
    typeof value['id'] === 'number' &&
    typeof value['sql'] === 'string' &&
    Array.isArray(value['params']) &&
    typeof value['readOnly'] === 'boolean'
  );
}
