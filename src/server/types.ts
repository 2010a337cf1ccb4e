// Types shared by the reference server's parts: the datastore model, its settings and the action contract.
import type { ServerCkanVersion } from './ckan-versions.ts';
import type { Engine } from './engine.ts';

/** A column as CKAN reports it in `fields`: its id and PostgreSQL type name (text, int4, numeric, timestamp, json, _text, ...). */
export interface ColumnDef {
  id: string;
  type: string;
  /** Data-dictionary info (label, notes, ...), echoed as `fields[].info` when present. */
  info?: Record<string, unknown>;
}

/** One DataStore table, loaded from a fixtures resource. The table name in the engine is `id`. */
export interface ResourceDef {
  /** Lowercase UUID: the resource id and the table name. */
  id: string;
  aliases: readonly string[];
  private: boolean;
  /** User columns in order; `_id` and `_full_text` are implicit and not listed. */
  columns: readonly ColumnDef[];
  rowCount: number;
}

export interface Datastore {
  readonly resources: readonly ResourceDef[];
  /** Finds a resource by id or alias (exact, case-sensitive, as PostgreSQL table names are). */
  resolve(idOrAlias: string): ResourceDef | undefined;
}

/** Settings of a running reference server. Defaults are CKAN's. */
export interface ServerConfig {
  /** ckan.datastore.search.rows_default; default 100. */
  rowsDefault: number;
  /** ckan.datastore.search.rows_max; default 32000. */
  rowsMax: number;
  /** Tokens that grant access to private resources (sent bare in `Authorization`). */
  apiTokens: readonly string[];
  /** Whether datastore_search_sql exists (ckan.datastore.sqlsearch.enabled); default true here. */
  sqlEnabled: boolean;
  /** Statement timeout for datastore_search_sql in ms; default 60000. */
  sqlTimeoutMs: number;
  /** Statement timeout for datastore_search in ms; default 60000. */
  searchTimeoutMs: number;
  /** Function allow-list entries for SQL, one per line of the allow-list file (quoted = case-sensitive). */
  allowedFunctions: readonly string[];
  /** Locale segments accepted before /api (CKAN's shipped locales). */
  locales: readonly string[];
  /** Absolute site URL used in `help` links; default derived from the Host header. */
  siteUrl: string | undefined;
  /** Largest request body accepted, in bytes; default 1 MiB. */
  maxBodyBytes: number;
  /** The CKAN version whose answers the server gives (see ckan-versions.ts); default 2.11. */
  ckanVersion: ServerCkanVersion;
  /** The release of that version it imitates, known bugs included (e.g. "2.11.5"); default the minor's newest. */
  ckanRelease: string;
}

/** What an action sees of one HTTP request, after routing and input decoding (CKAN's input dict). */
export interface ActionRequest {
  params: Record<string, unknown>;
  /** Request path with any locale segment removed, e.g. /api/3/action/datastore_search. */
  path: string;
  /** Raw query string without "?", as received ("" if none). */
  queryString: string;
  method: 'GET' | 'POST';
  /** True when the Authorization header carried a configured token (and the request is not JSONP). */
  authorized: boolean;
  /** The caller's name as CKAN's refusals show it: `` for anonymous (default), `None` for a JSONP call on 2.9. */
  userName?: string;
  /** The site's absolute URL without a trailing slash (config.siteUrl, else from the Host header). */
  siteUrl?: string;
}

export interface ServerContext {
  engine: Engine;
  datastore: Datastore;
  config: ServerConfig;
}

/** An action: returns the envelope's `result` (may contain RawJson), or throws an Action*Error. */
export type ActionHandler = (request: ActionRequest, context: ServerContext) => Promise<unknown>;

/** JSON text spliced verbatim into the response (CKAN copies PostgreSQL's JSON for records). */
export class RawJson {
  constructor(readonly text: string) {}
}

/** 409 Validation Error: `error` = these keys plus `__type`. */
export class ActionValidationError extends Error {
  override readonly name = 'ActionValidationError';
  constructor(readonly errors: Record<string, unknown>) {
    super(JSON.stringify(errors));
  }
}

/** 404 Not Found Error: message "Not found: <detail>". */
export class ActionNotFoundError extends Error {
  override readonly name = 'ActionNotFoundError';
  constructor(readonly detail: string) {
    super(detail);
  }
}

/** 403 Authorization Error: message "Access denied: <detail>". */
export class ActionAuthorizationError extends Error {
  override readonly name = 'ActionAuthorizationError';
  constructor(readonly detail: string) {
    super(detail);
  }
}

/**
 * 500 Internal Server Error as CKAN answers it: a Python exception CKAN itself raises (psycopg2 failing to format a
 * statement, say), which this server imitates. It is CKAN's answer, not a fault of this server: not logged as one.
 */
export class CkanInternalError extends Error {
  override readonly name: string = 'CkanInternalError';
}

/**
 * The result holds a value CKAN's JSON encoder refuses (2.12's simplejson and a NaN float): CKAN answers with its
 * 500 error page, not the JSON envelope.
 */
export class UnencodableResultError extends Error {
  override readonly name = 'UnencodableResultError';
}
