// A small implementation of datastore_search of its own (not the reference server, no CKAN code, no SQL, no
// status_show, no _table_metadata) over data of its own, with switches for classic bugs, to show that the
// catalogue's checks that hold on any data catch them on an implementation's own tables.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { isPlainObject } from '../../src/util/json.ts';
import { serveOnFreePort, type TestServer } from '../helpers/http-server.ts';
import { BIRD_FIELDS, BIRDS_ID, createBirds, type Bird } from './birds-data.ts';

/** The classic bugs the implementation can have. */
export type OwnBug = 'either-or-first-value' | 'fields-ored' | 'offset-ignored' | 'q-any-word' | 'sort-ignored';

type Params = Record<string, unknown>;
type Answer = { status: number; body: unknown };

/** Starts the implementation on a free port, faithful or with one bug. */
export async function startOwnImplementation(bug?: OwnBug): Promise<TestServer> {
  const birds = createBirds();
  const server = createServer((request, response) => {
    void readParams(request).then(
      (params) => send(response, answer(request.url ?? '', params, birds, bug)),
      () => send(response, { status: 400, body: { success: false, error: { message: 'Bad request' } } }),
    );
  });
  return serveOnFreePort(server);
}

function send(response: ServerResponse, { status, body }: Answer): void {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify(body));
}

async function readParams(request: IncomingMessage): Promise<Params> {
  const url = new URL(request.url ?? '/', 'http://x');
  if (request.method !== 'POST') {
    const params: Params = {};
    for (const key of new Set(url.searchParams.keys())) {
      const all = url.searchParams.getAll(key);
      params[key] = key === 'filters' ? JSON.parse(all[0] ?? '{}') : all.length > 1 || key === 'fields' ? all.flatMap((f) => f.split(',')) : all[0];
    }
    return params;
  }
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(Buffer.from(chunk));
  const text = Buffer.concat(chunks).toString('utf8');
  const parsed: unknown = text === '' ? {} : JSON.parse(text);
  if (!isPlainObject(parsed)) throw new Error('not an object');
  return parsed;
}

const failure = (status: number, message: string): Answer => ({ status, body: { success: false, error: { message } } });

function answer(url: string, params: Params, birds: readonly Bird[], bug: OwnBug | undefined): Answer {
  if (!/^\/api(\/3)?\/action\/datastore_search$/.test(url.split('?')[0] ?? '')) return failure(404, 'Not found');
  if (params['resource_id'] !== BIRDS_ID) return failure(404, 'Resource not found');
  const limit = params['limit'] === undefined ? 100 : Number(params['limit']);
  const offset = bug === 'offset-ignored' || params['offset'] === undefined ? 0 : Number(params['offset']);
  if (!Number.isInteger(limit) || limit < 0 || !Number.isInteger(offset) || offset < 0) return failure(409, 'limit and offset must be natural numbers');
  let records = birds.filter((b) => matchesFilters(b, params['filters'], bug) && matchesQ(b, params['q'], bug));
  if (typeof params['sort'] === 'string' && bug !== 'sort-ignored') records = sortBy(records, params['sort']);
  const fields = Array.isArray(params['fields']) ? params['fields'].map(String) : BIRD_FIELDS.map((f) => f.id);
  let projected = records.map((r) => Object.fromEntries(fields.map((f) => [f, r[f] ?? null])));
  if (params['distinct'] === true || params['distinct'] === 'true') projected = [...new Map(projected.map((r) => [JSON.stringify(r), r])).values()];
  const result = {
    resource_id: BIRDS_ID,
    fields: BIRD_FIELDS.filter((f) => fields.includes(f.id)),
    records: projected.slice(offset, offset + limit),
    total: projected.length,
    limit,
  };
  return { status: 200, body: { success: true, result } };
}

function matchesFilters(bird: Bird, filters: unknown, bug: OwnBug | undefined): boolean {
  if (typeof filters !== 'object' || filters === null) return true;
  const tests = Object.entries(filters).map(([field, wanted]) => {
    const values: unknown[] = Array.isArray(wanted) ? (bug === 'either-or-first-value' ? wanted.slice(0, 1) : wanted) : [wanted];
    return values.some((v) => String(v) === String(bird[field]));
  });
  return bug === 'fields-ored' ? tests.some(Boolean) : tests.every(Boolean);
}

function matchesQ(bird: Bird, q: unknown, bug: OwnBug | undefined): boolean {
  if (typeof q !== 'string' || q.trim() === '') return true;
  const text = Object.values(bird).join(' ').toLowerCase();
  const words = q.toLowerCase().split(/\s+/).filter(Boolean);
  return bug === 'q-any-word' ? words.some((w) => text.includes(w)) : words.every((w) => text.includes(w));
}

function sortBy(records: Bird[], sort: string): Bird[] {
  const [field = '_id', direction = 'asc'] = sort.trim().split(/\s+/);
  const sign = direction.toLowerCase() === 'desc' ? -1 : 1;
  const value = (b: Bird) => b[field] ?? null;
  return [...records].sort((a, b) => {
    const [x, y] = [value(a), value(b)];
    const order = typeof x === 'number' && typeof y === 'number' ? x - y : String(x).localeCompare(String(y));
    return sign * order || a._id - b._id;
  });
}
