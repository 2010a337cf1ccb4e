// The engine interface the reference server declares; every engine (pglite, postgres) implements it.

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
   * Abort the statement after this many milliseconds and reject with an EngineTimeoutError.
   * Enforced for real on every engine (PGlite: the worker is terminated and the data dir reopened).
   */
  timeoutMs?: number;
  /**
   * Run as the read-only role (SELECT on the resource tables only, nothing else), inside a
   * READ ONLY transaction that is rolled back, through the extended query protocol (one statement only).
   */
  readOnly?: boolean;
}

/** A database error, carrying PostgreSQL's own message and SQLSTATE. */
export class EngineQueryError extends Error {
  override readonly name = 'EngineQueryError';
  constructor(
    message: string,
    readonly sqlState: string | undefined,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

export class EngineTimeoutError extends Error {
  override readonly name = 'EngineTimeoutError';
}

export interface Engine {
  /** Short name for logs: "pglite" or "postgres". */
  readonly name: string;
  /** Runs one statement with positional parameters ($1, $2, ...), passed as text. */
  query(sql: string, params?: readonly (string | null)[], options?: EngineQueryOptions): Promise<EngineResult>;
  close(): Promise<void>;
}
