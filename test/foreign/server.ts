// A foreign implementation of the API, written in the tests from the API description and CKAN's documented
// behaviour by someone who is not CKAN: node:http on a free port, its own data (data.ts), its own search (search.ts)
// and SQL (sql.ts, on its own PGlite), its own messages; no status_show, no _table_metadata, no code of src/server.
// Started faithful, or with one planted bug (bugs.ts), to show what the kit catches on an implementation's own data.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { serveOnFreePort } from '../helpers/http-server.ts';
import type { ForeignBug } from './bugs.ts';
import { createForeignTables, type ForeignTable } from './data.ts';
import { type Params, Refusal, searchTable } from './search.ts';
import { acquireDatabase, type SqlDatabase } from './sql.ts';

/** The token the implementation accepts for its private table unless another is given. */
export const FOREIGN_TOKEN = 'foreign-token-8c41e2';

/** How to start it: faithful (no `bug`) or with one planted bug; `token` opens the private table. */
export interface ForeignOptions {
  bug?: ForeignBug | undefined;
  token?: string | undefined;
}

export interface ForeignImplementation {
  url: string;
  close(): Promise<void>;
}

/** Locale segments it answers under (`/fr/api/action/...`); any other segment is 404. */
const LOCALES = ['en', 'fr', 'de', 'es', 'pt_BR'];
const ROUTE = /^(?:\/([A-Za-z]{2}(?:_[A-Za-z]{2})?))?\/api(?:\/3)?\/action\/(datastore_search|datastore_search_sql)$/;

type Reply = { status: number; body: unknown };

/** Starts the implementation on 127.0.0.1, port 0. */
export async function startForeignImplementation(options: ForeignOptions = {}): Promise<ForeignImplementation> {
  const tables = createForeignTables();
  const database = acquireDatabase(tables);
  const context = { tables, database, bug: options.bug, token: options.token ?? FOREIGN_TOKEN };
  const server = createServer((request, response) => {
    void readParams(request)
      .then((params) => answer(request, params, context))
      .catch((error: unknown) => (error instanceof Refusal ? failure(error.status, error.message) : failure(500, 'internal error')))
      .then((reply) => send(response, reply));
  });
  const listening = await serveOnFreePort(server);
  return {
    url: listening.url,
    close: async () => {
      await listening.close();
      await database.release();
    },
  };
}

/**
 * Keeps the implementations' shared SQL database open until the function it returns is called, so the tests of a file
 * that start one implementation after another (faithful, then each bug) build it once: opening PGlite and loading the
 * 3,600 rows takes seconds of CPU. Sharing changes no answer: the database only ever runs a statement as a subquery
 * of a SELECT, which cannot change its tables.
 */
export async function holdForeignDatabase(): Promise<() => Promise<void>> {
  const database = acquireDatabase(createForeignTables());
  await database.open();
  return () => database.release();
}

interface Context {
  tables: readonly ForeignTable[];
  database: SqlDatabase;
  bug: ForeignBug | undefined;
  token: string;
}

function failure(status: number, message: string): Reply {
  return { status, body: { success: false, error: { message } } };
}

function send(response: ServerResponse, { status, body }: Reply): void {
  response.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
  response.end(JSON.stringify(body));
}

/** The action parameters: the query string (repeated keys as lists), else the JSON object body. */
async function readParams(request: IncomingMessage): Promise<Params> {
  const url = new URL(request.url ?? '/', 'http://foreign');
  const params: Params = {};
  for (const key of new Set(url.searchParams.keys())) {
    const all = url.searchParams.getAll(key);
    params[key] = all.length > 1 ? all : all[0];
  }
  if (request.method === 'GET' || request.method === 'HEAD') return params;
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk)));
  const text = Buffer.concat(chunks).toString('utf8');
  if (text.trim() === '') return params;
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new Refusal(400, 'the body is not JSON');
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw new Refusal(400, 'the body must be a JSON object');
  return { ...params, ...body };
}

async function answer(request: IncomingMessage, params: Params, context: Context): Promise<Reply> {
  const route = ROUTE.exec(new URL(request.url ?? '/', 'http://foreign').pathname);
  if (route === null || (route[1] !== undefined && !LOCALES.includes(route[1]))) return failure(404, 'no such endpoint');
  if (request.method !== 'GET' && request.method !== 'POST') return failure(405, 'use GET or POST');
  const authorised = request.headers.authorization === context.token;
  if (route[2] === 'datastore_search_sql') {
    if (typeof params['sql'] !== 'string' || params['sql'].trim() === '') throw new Refusal(409, 'sql: an SQL statement is required');
    const sql = params['sql'];
    const closed = context.tables.find((t) => t.private && sql.includes(t.id));
    if (closed !== undefined && !authorised) throw new Refusal(403, `table ${closed.id} needs a token`);
    return { status: 200, body: { success: true, result: await context.database.query(sql, context.bug) } };
  }
  const id = params['resource_id'];
  if (typeof id !== 'string' || id === '') throw new Refusal(409, 'resource_id: a resource id is required');
  const table = context.tables.find((t) => t.id === id);
  if (table === undefined) throw new Refusal(404, `no table ${id}`);
  if (table.private && !authorised) throw new Refusal(403, `table ${id} needs a token`);
  return { status: 200, body: { success: true, result: searchTable(table, params, context.bug) } };
}
