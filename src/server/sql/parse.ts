// PostgreSQL's own parser (libpg-query, WASM), loaded once per process.
import { loadModule, parseSync } from 'libpg-query';
import { isPlainObject } from '../../util/json.ts';

let loading: Promise<void> | undefined;

/** Loads the WASM parser; safe to call often (one load per process). */
export function loadParser(): Promise<void> {
  loading ??= loadModule();
  return loading;
}

export type ParseOutcome =
  | { ok: true; tree: unknown }
  | { ok: false; message: string /** 1-based character position, as PostgreSQL reports it. */; position: number | undefined };

/** Parses `sql` (call loadParser first). Syntax errors come back as data, with PostgreSQL's message. */
export function parseSql(sql: string): ParseOutcome {
  try {
    const tree: unknown = parseSync(sql);
    return { ok: true, tree };
  } catch (error: unknown) {
    if (!(error instanceof Error)) throw error;
    const details: unknown = (error as { sqlDetails?: unknown }).sqlDetails;
    const position = isPlainObject(details) && typeof details['cursorPosition'] === 'number' ? details['cursorPosition'] : undefined;
    return { ok: false, message: error.message, position };
  }
}
