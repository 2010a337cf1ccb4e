// The engine interface the reference server declares; every engine (pglite, postgres) implements it.
import { availableParallelism } from 'node:os';

/** One output column of a query: its name and PostgreSQL type name (pg_type.typname, e.g. int4, _text, json). */
export interface EngineField {
  name: string;
  typeName: string;
}

/**
 * A query result with every value in PostgreSQL's text output form (`null` for SQL NULL),
 * so each action renders values exactly as CKAN does, whatever the engine.
 */
export interface EngineResult {
  fields: EngineField[];
  rows: (string | null)[][];
}

export interface EngineQueryOptions {
  /**
   * Abort the statement this many milliseconds after the engine accepted it (waiting for a free worker or
   * connection counts) and reject with an EngineTimeoutError. Enforced for real on every engine (PGlite: the
   * worker is terminated and reopened; PostgreSQL: statement_timeout set to what is left).
   */
  timeoutMs?: number;
  /**
   * Run as the read-only role (SELECT on the resource tables only, nothing else), inside a
   * READ ONLY transaction that is rolled back, through the extended query protocol (one statement only).
   */
  readOnly?: boolean;
}

/**
 * Default size of an engine's worker (or connection) pools: the machine's cores, at least 2 so one slow
 * statement never stops the others, at most 4 (each PGlite worker holds its own copy of the database).
 */
export function defaultWorkerCount(cores: number = availableParallelism()): number {
  return Math.min(4, Math.max(2, cores));
}

/**
 * How long a statement waits while every open PGlite worker of its pool is busy before the pool opens another (up
 * to its size): quick statements share the workers open, a slow one holds the others up this long.
 */
export const WORKER_GROW_AFTER_MS = 200;

/** A database error, carrying PostgreSQL's own message and SQLSTATE. */
export class EngineQueryError extends Error {
  override readonly name = 'EngineQueryError';
  /** 1-based character position of the error in the statement, when PostgreSQL reports one. */
  readonly position: number | undefined;
  /** PostgreSQL's DETAIL line, if any. */
  readonly detail: string | undefined;
  /** PostgreSQL's HINT line, if any. */
  readonly hint: string | undefined;
  constructor(
    message: string,
    readonly sqlState: string | undefined,
    options?: { cause?: unknown; position?: number; detail?: string; hint?: string },
  ) {
    super(message, options);
    this.position = options?.position;
    this.detail = options?.detail;
    this.hint = options?.hint;
  }
}

/** PostgreSQL's own message for a statement timeout, so every engine reports timeouts alike. */
export const TIMEOUT_MESSAGE = 'canceling statement due to statement timeout';

/** The statement ran past `timeoutMs`; the message is PostgreSQL's ("canceling statement due to statement timeout"). */
export class EngineTimeoutError extends Error {
  override readonly name = 'EngineTimeoutError';
  /** PostgreSQL's SQLSTATE for a statement timeout (query_canceled). */
  readonly sqlState = '57014';
}

export interface Engine {
  /** Short name for logs: "pglite" or "postgres". */
  readonly name: string;
  /** Runs one statement with positional parameters ($1, $2, ...), passed as text. */
  query(sql: string, params?: readonly (string | null)[], options?: EngineQueryOptions): Promise<EngineResult>;
  close(): Promise<void>;
}
