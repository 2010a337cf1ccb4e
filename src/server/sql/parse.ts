// PostgreSQL's own parser (libpg-query, WASM), loaded once per process, on the first SQL statement.
import { isPlainObject } from '../../util/json.ts';

type LibPgQuery = typeof import('libpg-query');

let parser: LibPgQuery | undefined;
let loading: Promise<void> | undefined;

/**
 * Loads the WASM parser; safe to call often (one load per process). The module is imported here, not at the top:
 * importing it instantiates its WASM (about 130 MB of memory), which every process importing the kit would pay,
 * a `run` against a URL or a `list` included, though only the reference server's SQL action uses it.
 */
export function loadParser(): Promise<void> {
  loading ??= import('libpg-query').then(async (module) => {
    await module.loadModule();
    parser = module;
  });
  return loading;
}

export type ParseOutcome =
  | { ok: true; tree: unknown }
  | { ok: false; message: string /** 1-based character position, as PostgreSQL reports it. */; position: number | undefined };

/** Parses `sql` (call loadParser first). Syntax errors come back as data, with PostgreSQL's message. */
export function parseSql(sql: string): ParseOutcome {
  if (parser === undefined) throw new Error('parseSql: the parser is not loaded (call loadParser first)');
  try {
    const tree: unknown = parser.parseSync(sql);
    return { ok: true, tree };
  } catch (error: unknown) {
    if (!(error instanceof Error)) throw error;
    const details: unknown = (error as { sqlDetails?: unknown }).sqlDetails;
    // why: libpg-query counts characters from 0; PostgreSQL reports them from 1
    const position = isPlainObject(details) && typeof details['cursorPosition'] === 'number' ? details['cursorPosition'] + 1 : undefined;
    return { ok: false, message: error.message, position };
  }
}
