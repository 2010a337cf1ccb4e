// Small real stand-ins for handler and socket tests of the reference server's HTTP surface.
import { request as httpRequest } from 'node:http';
import { createApp, type ActionRegistry } from '../../src/server/app.ts';
import { resolveServerConfig } from '../../src/server/config.ts';
import type { AppHandler, AppRequest, AppResponse } from '../../src/server/http-types.ts';
import type { Engine } from '../../src/server/engine.ts';
import { ActionAuthorizationError, ActionNotFoundError, ActionValidationError, RawJson, type Datastore, type ServerConfig } from '../../src/server/types.ts';

/** An engine with no tables: the surface tests never reach the database. */
export const emptyEngine: Engine = {
  name: 'empty',
  query: async () => ({ fields: [], rows: [] }),
  close: async () => {},
};

export const emptyDatastore: Datastore = { resources: [], resolve: () => undefined };

/** Actions that echo what they were given or fail in each of CKAN's ways. */
export const surfaceActions: ActionRegistry = {
  echo: async (request) => ({
    params: request.params,
    authorized: request.authorized,
    method: request.method,
    path: request.path,
    queryString: request.queryString,
  }),
  raw: async () => ({ records: new RawJson('[{"_id":1,"title":"Café"}]'), total: 1 }),
  invalid: async () => {
    throw new ActionValidationError({ limit: ['Invalid integer'], __junk: ["The input field [('foo',)] was not expected."] });
  },
  missing: async () => {
    throw new ActionNotFoundError('Resource "nope" was not found.');
  },
  missingBare: async () => {
    throw new ActionNotFoundError('');
  },
  denied: async () => {
    throw new ActionAuthorizationError('User  not authorized to read resource abc');
  },
  boom: async () => {
    throw new Error('secret database password in this message');
  },
};

export interface TestApp {
  handle: AppHandler;
  config: ServerConfig;
  logged: unknown[];
}

/** An app over the surface actions (or given ones) with a few tokens configured. */
export function createTestApp(partial: Partial<ServerConfig> = {}, actions: ActionRegistry = surfaceActions): TestApp {
  const config = resolveServerConfig({ apiTokens: ['good-token'], ...partial });
  const logged: unknown[] = [];
  const handle = createApp({
    engine: emptyEngine,
    datastore: emptyDatastore,
    config,
    actions,
    logError: (error) => logged.push(error),
  });
  return { handle, config, logged };
}

/** Builds an AppRequest; the body may be a string or a JSON value (sent as application/json). */
export function makeRequest(method: string, url: string, options: { headers?: Record<string, string>; body?: string | Buffer } = {}): AppRequest {
  const body = options.body === undefined ? Buffer.alloc(0) : Buffer.from(options.body);
  return { method, url, headers: { host: 'data.example.org', ...options.headers }, body };
}

/** The response body parsed as JSON. */
export function readJson(response: AppResponse): unknown {
  return JSON.parse(response.body.toString());
}

export interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** One request over a real socket with node:http (no retries, no redirects, nothing added but Host). */
export function sendHttp(url: string, options: { method?: string; headers?: Record<string, string>; body?: string | Buffer } = {}): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { method: options.method ?? 'GET', headers: options.headers ?? {} }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(options.body);
  });
}
